import type { MessageList } from '@et/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, startHarness, type Harness } from './helpers/harness';
import { openEvents } from './helpers/sse-client';

/** End to end over real sockets: SMTP client → our SMTP server → store → bus → SSE → fetch. */
describe('SMTP to event stream', () => {
  let h: Harness;
  let baseUrl: string;
  beforeEach(async () => {
    h = await startHarness();
    baseUrl = await h.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterEach(async () => {
    await h.close();
  });

  // How soon it arrives is measured by the bench (`npm run bench -- arrival`), not asserted here.
  it('pushes message.received with the summary of the stored message', async () => {
    const box = await h.createMailbox();
    const events = await openEvents(baseUrl, box.token);
    expect(events.status).toBe(200);
    expect(events.headers['content-type']).toMatch(/^text\/event-stream/);

    const info = await h.sendRaw(
      'From: Luca <luca@example.org>\r\nSubject: Benvenuto\r\n\r\nCiao!\r\n',
      box.email,
    );
    const event = await events.next();
    expect(info.response).toMatch(/^250 /);
    expect(event).toMatchObject({
      type: 'message.received',
      message: {
        subject: 'Benvenuto',
        from: { name: 'Luca', address: 'luca@example.org' },
        preview: 'Ciao!',
      },
    });
    // The event is never ahead of the commit: the stored list already has the message.
    const list = (
      await h.app.inject({ url: '/api/v1/messages', headers: bearer(box.token) })
    ).json<MessageList>();
    expect(list.messages[0]!.id).toBe(event.type === 'message.received' ? event.message.id : '');
    events.close();
  });

  it('sends each mailbox only its own events', async () => {
    const a = await h.createMailbox();
    const b = await h.createMailbox();
    const streamA = await openEvents(baseUrl, a.token);
    const streamB = await openEvents(baseUrl, b.token);
    await h.sendRaw('Subject: per B\r\n\r\nx\r\n', b.email);
    expect(await streamB.next()).toMatchObject({ type: 'message.received' });
    await expect(streamA.next(300)).rejects.toThrow('no event in time');
    streamA.close();
    streamB.close();
  });

  it('pushes deleted, cleared and extended; ends the stream with expired', async () => {
    const box = await h.createMailbox();
    const events = await openEvents(baseUrl, box.token);
    await h.sendRaw('Subject: uno\r\n\r\nx\r\n', box.email);
    const received = await events.next();
    const id = received.type === 'message.received' ? received.message.id : '';

    await fetch(`${baseUrl}/api/v1/messages/${id}`, {
      method: 'DELETE',
      headers: bearer(box.token),
    });
    expect(await events.next()).toMatchObject({ type: 'message.deleted', id });

    await fetch(`${baseUrl}/api/v1/messages`, { method: 'DELETE', headers: bearer(box.token) });
    expect(await events.next()).toMatchObject({ type: 'inbox.cleared' });

    h.clock.advance(60_000);
    await fetch(`${baseUrl}/api/v1/mailbox/extend`, { method: 'POST', headers: bearer(box.token) });
    expect(await events.next()).toMatchObject({
      type: 'mailbox.extended',
      expiresAt: new Date(h.clock.now() + 600_000).toISOString(),
    });

    h.clock.advance(600_000);
    await h.sweeper.sweep();
    expect(await events.next()).toMatchObject({ type: 'mailbox.expired' });
    await events.waitEnd();
    expect(h.bus.listenerCount()).toBe(0);
  });

  it('sends heartbeat comments and forgets a client that hangs up', async () => {
    const box = await h.createMailbox();
    const events = await openEvents(baseUrl, box.token);
    await new Promise((r) => setTimeout(r, 500));
    expect(events.comments).toBeGreaterThanOrEqual(2);
    expect(h.bus.listenerCount(box.email)).toBe(1);
    events.close();
    await new Promise((r) => setTimeout(r, 100));
    expect(h.bus.listenerCount(box.email)).toBe(0);
  });

  it('refuses a stream without a valid token with 401 JSON, and never takes a token from the URL', async () => {
    const box = await h.createMailbox();
    const res = await openEvents(`${baseUrl}`, `${box.token}x`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
    const viaUrl = await fetch(`${baseUrl}/api/v1/events?token=${box.token}`);
    expect(viaUrl.status).toBe(401);
    await viaUrl.body?.cancel();
  });
});
