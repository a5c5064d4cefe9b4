import type { CreatedMailbox, MailboxInfo, MessageList } from '@et/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, startHarness, type Harness } from './helpers/harness';

const SOME_ID = 'AAAAAAAAAAAAAAAAAAAAAA';

describe('HTTP API', () => {
  let h: Harness;
  let box: CreatedMailbox;
  beforeEach(async () => {
    h = await startHarness();
    box = await h.createMailbox();
  });
  afterEach(async () => {
    await h.close();
  });

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string | null = box.token) =>
    h.app.inject({ method, url: `/api/v1${url}`, headers: token ? bearer(token) : {} });

  const sendTo = async (email: string, subject: string) => {
    await h.sendRaw(
      `From: Anna <anna@example.org>\r\nSubject: ${subject}\r\n\r\nCiao ${subject}\r\n`,
      email,
    );
  };

  describe('POST /mailboxes', () => {
    it('creates a random lower-case address on the configured domain with a 256-bit token', async () => {
      const res = await h.app.inject({ method: 'POST', url: '/api/v1/mailboxes' });
      expect(res.statusCode).toBe(201);
      const body = res.json<CreatedMailbox>();
      expect(body.email).toMatch(/^[a-z][a-z0-9]{11}@localhost$/);
      expect(Buffer.from(body.token, 'base64url')).toHaveLength(32);
      expect(Date.parse(body.expiresAt)).toBe(h.clock.now() + 600_000);
      expect(body.email).not.toBe(box.email);
      expect(body.token).not.toBe(box.token);
    });

    it('answers malformed JSON with 400 in the error format, never 500', async () => {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/v1/mailboxes',
        headers: { 'content-type': 'application/json' },
        payload: '{"broken":',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    });

    it('answers an oversized body with 413', async () => {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/v1/mailboxes',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ pad: 'x'.repeat(100_000) }),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
    });
  });

  describe('GET /mailbox', () => {
    it('gives the address and expiry of the token', async () => {
      const res = await call('GET', '/mailbox');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        email: box.email,
        expiresAt: box.expiresAt,
        maxExpiresAt: box.maxExpiresAt,
      });
    });

    it.each([
      ['no token', null],
      ['a malformed token', 'abc'],
      ['a well-formed wrong token', 'A'.repeat(43)],
    ])('answers 401 to %s', async (_name, token) => {
      const res = await call('GET', '/mailbox', token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
    });

    it('answers 401 once the mailbox expired, even before the sweep', async () => {
      h.clock.advance(600_000);
      expect((await call('GET', '/mailbox')).statusCode).toBe(401);
    });
  });

  describe('POST /mailbox/extend', () => {
    it('resets the expiry to now + TTL (not an addition)', async () => {
      h.clock.advance(400_000);
      const res = await call('POST', '/mailbox/extend');
      expect(res.statusCode).toBe(200);
      expect(Date.parse(res.json<MailboxInfo>().expiresAt)).toBe(h.clock.now() + 600_000);
      h.clock.advance(500_000);
      expect((await call('GET', '/mailbox')).statusCode).toBe(200);
    });

    it('cannot revive an expired mailbox', async () => {
      h.clock.advance(600_001);
      expect((await call('POST', '/mailbox/extend')).statusCode).toBe(401);
    });
  });

  describe('DELETE /mailbox', () => {
    it('deletes the mailbox and its messages at once; the token stops working', async () => {
      await sendTo(box.email, 'uno');
      const res = await call('DELETE', '/mailbox');
      expect(res.statusCode).toBe(204);
      expect((await call('GET', '/messages')).statusCode).toBe(401);
      expect(await h.store.listMessages(box.email)).toEqual([]);
      await expect(sendTo(box.email, 'due')).rejects.toMatchObject({ responseCode: 550 });
    });

    it('answers 401 without a valid token', async () => {
      expect((await call('DELETE', '/mailbox', 'B'.repeat(43))).statusCode).toBe(401);
    });
  });

  describe('messages', () => {
    it('lists summaries newest first with the fields of decisions.md', async () => {
      await sendTo(box.email, 'primo');
      h.clock.advance(1000);
      await sendTo(box.email, 'secondo');
      const res = await call('GET', '/messages');
      expect(res.statusCode).toBe(200);
      const { messages } = res.json<MessageList>();
      expect(messages.map((m) => m.subject)).toEqual(['secondo', 'primo']);
      expect(Object.keys(messages[0]!).sort()).toEqual(
        [
          'authentication',
          'code',
          'confirmLink',
          'from',
          'hasAttachments',
          'id',
          'preview',
          'receivedAt',
          'size',
          'subject',
        ].sort(),
      );
      expect(messages[0]).toMatchObject({
        from: { name: 'Anna', address: 'anna@example.org' },
        preview: 'Ciao secondo',
        hasAttachments: false,
        code: null,
        confirmLink: null,
        // The harness checks nothing unless given DNS servers (message-auth.test.ts does).
        authentication: null,
      });
    });

    it('answers 401 to a list without a token', async () => {
      expect((await call('GET', '/messages', null)).statusCode).toBe(401);
    });

    it("answers 404 for another mailbox's message on every message route", async () => {
      const other = await h.createMailbox();
      await sendTo(other.email, 'altrui');
      const [theirs] = (await call('GET', '/messages', other.token)).json<MessageList>().messages;
      for (const [method, url] of [
        ['GET', `/messages/${theirs!.id}`],
        ['GET', `/messages/${theirs!.id}/raw`],
        ['GET', `/messages/${theirs!.id}/attachment/1`],
        ['DELETE', `/messages/${theirs!.id}`],
      ] as const) {
        const res = await call(method, url);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
      }
      expect(
        (await call('GET', '/messages', other.token)).json<MessageList>().messages,
      ).toHaveLength(1);
    });

    it('answers 400 to a malformed message id and 404 to an unknown one', async () => {
      expect((await call('GET', '/messages/..%2F..%2Fetc')).statusCode).toBe(400);
      expect((await call('GET', `/messages/${SOME_ID}`)).statusCode).toBe(404);
      expect((await call('GET', `/messages/${SOME_ID}/attachment/x`)).statusCode).toBe(400);
    });

    it('deletes one message (204), then 404 for it', async () => {
      await sendTo(box.email, 'via');
      const [m] = (await call('GET', '/messages')).json<MessageList>().messages;
      expect((await call('DELETE', `/messages/${m!.id}`)).statusCode).toBe(204);
      expect((await call('DELETE', `/messages/${m!.id}`)).statusCode).toBe(404);
      expect((await call('GET', '/messages')).json<MessageList>().messages).toEqual([]);
    });

    it('deletes all messages (204); 401 without a token', async () => {
      await sendTo(box.email, 'a');
      await sendTo(box.email, 'b');
      expect((await call('DELETE', '/messages', null)).statusCode).toBe(401);
      expect((await call('DELETE', '/messages')).statusCode).toBe(204);
      expect((await call('GET', '/messages')).json<MessageList>().messages).toEqual([]);
    });

    it('answers 404 for an attachment id the message does not have', async () => {
      await sendTo(box.email, 'senza allegati');
      const [m] = (await call('GET', '/messages')).json<MessageList>().messages;
      expect((await call('GET', `/messages/${m!.id}/attachment/1`)).statusCode).toBe(404);
    });

    it('serves an active-content attachment as an octet-stream download with a safe name', async () => {
      const raw = [
        'Subject: trap',
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="b"',
        '',
        '--b',
        'Content-Type: text/plain',
        '',
        'see attached',
        '--b',
        'Content-Type: text/html',
        'Content-Disposition: attachment; filename="../../etc/pass\\"wd\r\n.html"',
        '',
        '<script>alert(1)</script>',
        '--b--',
        '',
      ].join('\r\n');
      await h.sendRaw(raw, box.email);
      const [m] = (await call('GET', '/messages')).json<MessageList>().messages;
      const res = await call('GET', `/messages/${m!.id}/attachment/1`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const disposition = String(res.headers['content-disposition']);
      expect(disposition).toMatch(/^attachment; /);
      expect(disposition).not.toMatch(/[/\\\r\n]|\.\./);
    });
  });

  describe('routing', () => {
    it('answers unknown API paths with a JSON 404', async () => {
      const res = await h.app.inject({ url: '/api/v1/nope' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    });

    it('answers a wrong method with a JSON 404, not a 500', async () => {
      const res = await h.app.inject({ method: 'PUT', url: '/api/v1/mailbox' });
      expect(res.statusCode).toBe(404);
    });
  });
});
