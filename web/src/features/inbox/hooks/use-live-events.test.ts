import { MAILBOX_MAX_REFUSALS, type DeliveryRefusal, type MessageSummary } from '@et/common';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { messageQueryOptions } from '../api/get-message';
import { messagesQueryOptions } from '../api/get-messages';
import { refusalsQueryOptions } from '../api/get-refusals';
import { applyEvent, parseEvent } from './use-live-events';

const summary = (id: string): MessageSummary => ({
  id,
  from: { name: '', address: `${id}@sender.example` },
  subject: `Oggetto ${id}`,
  preview: '',
  receivedAt: '2025-01-15T12:00:00Z',
  size: 100,
  hasAttachments: false,
  code: null,
  confirmLink: null,
  authentication: null,
});

const refusal = (n: number): DeliveryRefusal => ({
  at: new Date(Date.UTC(2026, 10, 25, 8, 0, n)).toISOString(),
  sender: `noreply${n}@sito.it`,
  reason: 'too-big',
  reply: '552 5.3.4 Message size exceeds fixed limit of 10485760 bytes',
  size: 12 * 1024 * 1024,
  limit: 10 * 1024 * 1024,
});

function setup(initial?: MessageSummary[]) {
  const client = new QueryClient();
  const key = messagesQueryOptions('tok').queryKey;
  if (initial) client.setQueryData(key, initial);
  const handlers = { onExtended: vi.fn(), onGone: vi.fn() };
  return { client, key, handlers };
}

describe('parseEvent', () => {
  it('accepts the events of the API', () => {
    expect(parseEvent('{"type":"inbox.cleared"}')).toEqual({ type: 'inbox.cleared' });
    expect(parseEvent(JSON.stringify({ type: 'message.received', message: summary('a') }))).toEqual(
      {
        type: 'message.received',
        message: summary('a'),
      },
    );
  });

  it('rejects malformed or unknown events', () => {
    expect(parseEvent('not json')).toBeNull();
    expect(parseEvent('"text"')).toBeNull();
    expect(parseEvent('{"type":"something.else"}')).toBeNull();
    expect(parseEvent('{"type":"message.received"}')).toBeNull();
    expect(parseEvent('{"type":"message.deleted","id":3}')).toBeNull();
    expect(parseEvent('{"type":"mailbox.extended"}')).toBeNull();
    expect(parseEvent('{"type":"delivery.refused"}')).toBeNull();
    expect(
      parseEvent('{"type":"delivery.refused","refusal":{"at":"x","reason":"too-big"}}'),
    ).toBeNull();
  });

  it('accepts a refusal of mail to the mailbox', () => {
    const event = { type: 'delivery.refused', refusal: refusal(1) };
    expect(parseEvent(JSON.stringify(event))).toEqual(event);
  });
});

describe('applyEvent', () => {
  it('puts a received message on top, once', () => {
    const { client, key, handlers } = setup([summary('old')]);
    const event = { type: 'message.received', message: summary('new') } as const;
    applyEvent(client, 'tok', event, handlers);
    applyEvent(client, 'tok', event, handlers);
    expect(client.getQueryData<MessageSummary[]>(key)?.map((m) => m.id)).toEqual(['new', 'old']);
  });

  it('removes a deleted message and its cached detail', () => {
    const { client, key, handlers } = setup([summary('a'), summary('b')]);
    client.setQueryData(messageQueryOptions('tok', 'a').queryKey, {
      ...summary('a'),
      status: 'complete',
      to: [],
      text: '',
      html: null,
      attachments: [],
    });
    applyEvent(client, 'tok', { type: 'message.deleted', id: 'a' }, handlers);
    expect(client.getQueryData<MessageSummary[]>(key)?.map((m) => m.id)).toEqual(['b']);
    expect(client.getQueryData(messageQueryOptions('tok', 'a').queryKey)).toBeUndefined();
  });

  it('empties the inbox on inbox.cleared', () => {
    const { client, key, handlers } = setup([summary('a'), summary('b')]);
    applyEvent(client, 'tok', { type: 'inbox.cleared' }, handlers);
    expect(client.getQueryData(key)).toEqual([]);
  });

  it('hands mailbox events to the page', () => {
    const { client, handlers } = setup([]);
    applyEvent(
      client,
      'tok',
      { type: 'mailbox.extended', expiresAt: '2025-01-15T12:10:00Z' },
      handlers,
    );
    applyEvent(client, 'tok', { type: 'mailbox.expired' }, handlers);
    expect(handlers.onExtended).toHaveBeenCalledWith('2025-01-15T12:10:00Z');
    expect(handlers.onGone).toHaveBeenCalledTimes(1);
  });

  it('does not invent a list that was never loaded', () => {
    const { client, key, handlers } = setup();
    applyEvent(client, 'tok', { type: 'message.received', message: summary('x') }, handlers);
    expect(client.getQueryData(key)).toBeUndefined();
  });

  it('puts a refusal on top of the refusals, once, keeping the newest as the server does', () => {
    const { client, handlers } = setup([summary('a')]);
    const key = refusalsQueryOptions('tok').queryKey;
    const older = Array.from({ length: MAILBOX_MAX_REFUSALS }, (_, i) => refusal(i));
    client.setQueryData(key, older);
    const event = { type: 'delivery.refused', refusal: refusal(99) } as const;
    applyEvent(client, 'tok', event, handlers);
    applyEvent(client, 'tok', event, handlers);
    const kept = client.getQueryData<DeliveryRefusal[]>(key)!;
    expect(kept).toHaveLength(MAILBOX_MAX_REFUSALS);
    expect(kept[0]).toEqual(refusal(99));
    expect(kept.at(-1)).toEqual(refusal(MAILBOX_MAX_REFUSALS - 2));
    expect(client.getQueryData<MessageSummary[]>(messagesQueryOptions('tok').queryKey)).toEqual([
      summary('a'),
    ]);
  });

  it('writes no list of one refusal where none was fetched yet: the fetch is the truth', () => {
    const { client, handlers } = setup([]);
    const key = refusalsQueryOptions('tok').queryKey;
    applyEvent(client, 'tok', { type: 'delivery.refused', refusal: refusal(2) }, handlers);
    expect(client.getQueryData(key)).toBeUndefined();
  });
});
