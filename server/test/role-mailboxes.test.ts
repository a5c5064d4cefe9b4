import type { MailboxInfo, MessageDetail, MessageList } from '@et/common';
import { afterEach, describe, expect, it } from 'vitest';
import { roleMailboxToken } from '../src/domain/role-mailboxes';
import { bearer, startHarness, type Harness } from './helpers/harness';
import { openSmtp } from './helpers/smtp-client';

const OPERATOR_TOKEN = 'operator-secret-for-tests-0123456789';
const YEAR_MS = 365 * 86_400_000;

describe('postmaster and abuse mailboxes', () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  const tokenOf = (address: string) => roleMailboxToken(OPERATOR_TOKEN, address);
  const list = async (token: string) => {
    const res = await h.app.inject({ url: '/api/v1/messages', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return res.json<MessageList>().messages;
  };

  /** One message over a bare SMTP session, to the RCPT TO given as is. */
  async function send(rcpt: string, subject: string) {
    const s = await openSmtp(h.smtpPort);
    await s.command('EHLO relay.example.org');
    await s.command('MAIL FROM:<bounce@example.org>');
    const rcptReply = await s.command(`RCPT TO:<${rcpt}>`);
    if (!rcptReply.startsWith('250')) {
      s.close();
      return rcptReply;
    }
    await s.command('DATA');
    s.write(`Subject: ${subject}\r\n\r\nhello operator\r\n.\r\n`);
    const reply = await s.nextReply();
    s.close();
    return reply;
  }

  it('takes postmaster and abuse of every domain, and the bare Postmaster, in any case', async () => {
    h = await startHarness({
      operatorToken: OPERATOR_TOKEN,
      mailDomains: ['localhost', 'example.test'],
    });
    expect(await send('postmaster@localhost', 'p1')).toMatch(/^250 /);
    expect(await send('Postmaster', 'bare')).toMatch(/^250 /);
    expect(await send('ABUSE@Example.Test', 'a1')).toMatch(/^250 /);
    expect(await send('postmaster@example.test', 'p2')).toMatch(/^250 /);
    expect(await send('webmaster@localhost', 'none')).toMatch(/^550 5\.1\.1 /);

    expect((await list(tokenOf('postmaster@localhost'))).map((m) => m.subject)).toEqual([
      'bare',
      'p1',
    ]);
    expect((await list(tokenOf('abuse@example.test'))).map((m) => m.subject)).toEqual(['a1']);
    expect((await list(tokenOf('postmaster@example.test'))).map((m) => m.subject)).toEqual(['p2']);
    expect(await list(tokenOf('abuse@localhost'))).toEqual([]);
  });

  it('lets the operator read a message through the API, the inbox poll and the raw download', async () => {
    h = await startHarness({ operatorToken: OPERATOR_TOKEN });
    await send('abuse@localhost', 'complaint');
    const token = tokenOf('abuse@localhost');
    const mailbox = await h.app.inject({ url: '/api/v1/mailbox', headers: bearer(token) });
    expect(mailbox.json<MailboxInfo>()).toEqual({
      email: 'abuse@localhost',
      expiresAt: '9999-12-31T23:59:59.999Z',
      maxExpiresAt: null,
    });
    const [summary] = await list(token);
    const detail = await h.app.inject({
      url: `/api/v1/messages/${summary!.id}`,
      headers: bearer(token),
    });
    expect(detail.json<MessageDetail>().text).toContain('hello operator');
    const raw = await h.app.inject({
      url: `/api/v1/messages/${summary!.id}/raw`,
      headers: bearer(token),
    });
    expect(raw.body).toContain('Subject: complaint\r\n\r\nhello operator\r\n');
    // The poll as a browser sends it, over a real socket (answered before the router when it can).
    const base = await h.app.listen({ host: '127.0.0.1', port: 0 });
    const polled = await fetch(`${base}/api/v1/messages`, { headers: bearer(token) });
    expect(polled.status).toBe(200);
    expect(((await polled.json()) as MessageList).messages.map((m) => m.subject)).toEqual([
      'complaint',
    ]);
  });

  it('opens nothing to a wrong token, OPERATOR_TOKEN itself or another domain’s token', async () => {
    h = await startHarness({ operatorToken: OPERATOR_TOKEN });
    const other = roleMailboxToken('another-operator-secret-0123456789', 'abuse@localhost');
    for (const token of [other, 'x'.repeat(43)]) {
      const res = await h.app.inject({ url: '/api/v1/messages', headers: bearer(token) });
      expect(res.statusCode).toBe(401);
    }
    const raw = await h.app.inject({
      url: '/api/v1/messages',
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(raw.statusCode).toBe(401);
  });

  it('never ends: extend changes nothing, delete is refused, a decade of sweeps leaves it', async () => {
    h = await startHarness({ operatorToken: OPERATOR_TOKEN });
    const token = tokenOf('postmaster@localhost');
    const extended = await h.app.inject({
      method: 'POST',
      url: '/api/v1/mailbox/extend',
      headers: bearer(token),
    });
    expect(extended.json<MailboxInfo>().expiresAt).toBe('9999-12-31T23:59:59.999Z');
    const deleted = await h.app.inject({
      method: 'DELETE',
      url: '/api/v1/mailbox',
      headers: bearer(token),
    });
    expect(deleted.statusCode).toBe(400);
    h.clock.advance(10 * YEAR_MS);
    await h.sweeper.sweep();
    expect(await send('postmaster@localhost', 'later')).toMatch(/^250 /);
    expect((await list(token)).map((m) => m.subject)).toEqual(['later']);
  });

  it('is never handed to a visitor', async () => {
    h = await startHarness({ mailDomains: ['localhost'] });
    const created = await Promise.all(Array.from({ length: 50 }, () => h.createMailbox()));
    for (const { email } of created) expect(email).not.toMatch(/^(postmaster|abuse)@/);
    expect(
      await h.store.createMailbox({
        address: 'postmaster@localhost',
        tokenHash: 'visitor',
        createdAt: h.clock.now(),
        expiresAt: h.clock.now() + 60_000,
      }),
    ).toBe(false);
  });

  it('without OPERATOR_TOKEN takes the mail within the usual quota, and nobody reads it', async () => {
    // One sender may take the whole mailbox here, so that it meets the usual quota.
    h = await startHarness({ mailboxMaxMessages: 2, roleMailboxSenderSharePercent: 100 });
    expect(await send('postmaster@localhost', 'one')).toMatch(/^250 /);
    expect(await send('postmaster@localhost', 'two')).toMatch(/^250 /);
    expect(await send('postmaster@localhost', 'three')).toMatch(/^452 4\.2\.2 /);
    const kept = await h.store.listMessages('postmaster@localhost');
    expect(kept.map((m) => m.subject).sort()).toEqual(['one', 'two']);
    const res = await h.app.inject({
      url: '/api/v1/messages',
      headers: bearer(tokenOf('postmaster@localhost')),
    });
    expect(res.statusCode).toBe(401);
  });
});
