import type { MessageSummary } from '@et/common';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { messageQueryOptions } from '../api/get-message';
import { messagesQueryOptions } from '../api/get-messages';
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
});
