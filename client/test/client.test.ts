/**
 * The client against the real server process on SQLite, mail sent over real SMTP: the two-line
 * example, parallel tests, the read position, the criteria, the errors, and waits that live
 * through a cut stream, a proxy's timeout and a server restart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../server/test/helpers/redis-server';
import { until } from '../../server/test/helpers/until';
import { startServerProcess } from '../../server/test/helpers/server-process';
import {
  createMailbox,
  MailboxGoneError,
  MailboxTimeoutError,
  openMailbox,
  RateLimitedError,
  UnexpectedMessageError,
  type Mailbox,
} from '../src/index';
import { codeMail, newCode, sendMail, SERVICE_ENV, startProxy, useService } from './support';

const service = useService();
const baseUrl = () => service.server.httpUrl;
const smtpPort = () => service.server.smtpPort;
const mail = (to: string, subject: string, text = 'ciao') =>
  sendMail(smtpPort(), { to, subject, text });

describe('the two lines', () => {
  it('create a mailbox and give the code of the mail that comes, the server taken from EMAIL_TEMPORANEA_URL', async () => {
    process.env.EMAIL_TEMPORANEA_URL = baseUrl();
    try {
      const box = await createMailbox();
      const code = newCode();
      setTimeout(() => void sendMail(smtpPort(), codeMail(box.address, code)), 200);
      expect(await box.waitForCode()).toBe(code);
      expect(box.address).toMatch(/^[a-z0-9]{10,}@localhost$/);
      expect(box.expiresAt.getTime()).toBeGreaterThan(Date.now());
      await box.delete();
    } finally {
      delete process.env.EMAIL_TEMPORANEA_URL;
    }
  });

  it('say what is missing when no server is given', async () => {
    await expect(createMailbox()).rejects.toThrow(/EMAIL_TEMPORANEA_URL/);
    await expect(createMailbox({ baseUrl: 'ftp://x' })).rejects.toThrow(/http\(s\) URL/);
  });
});

describe.concurrent('20 tests in parallel, each with its own mailbox', () => {
  for (let n = 1; n <= 20; n++) {
    it(`test ${n} sees only its own mail`, async () => {
      await using box = await createMailbox({ baseUrl: baseUrl() });
      const code = newCode();
      await sendMail(smtpPort(), { ...codeMail(box.address, code), subject: `Test ${n}` });
      expect(await box.waitForCode({ timeout: 20_000 })).toBe(code);
      const messages = await box.messages();
      expect(messages.map((m) => [m.subject, m.code])).toEqual([[`Test ${n}`, code]]);
    });
  }
});

describe('the read position', () => {
  it('the second code is never the first, whether it comes before or after the first wait', async () => {
    await using box = await createMailbox({ baseUrl: baseUrl() });
    const [first, second, third, fourth] = [newCode(), newCode(), newCode(), newCode()];
    await sendMail(smtpPort(), codeMail(box.address, first));
    expect(await box.waitForCode()).toBe(first);
    const afterFirst = box.cursor;
    await sendMail(smtpPort(), codeMail(box.address, second));
    expect(await box.waitForCode()).toBe(second);
    expect(Number(box.cursor)).toBeGreaterThan(Number(afterFirst));
    // Two already there before the waits: one each, in order.
    await sendMail(smtpPort(), codeMail(box.address, third));
    await sendMail(smtpPort(), codeMail(box.address, fourth));
    expect(await box.waitForCode()).toBe(third);
    expect(await box.waitForCode()).toBe(fourth);
    // Opened again from a cursor: the same position.
    const again = await openMailbox({ baseUrl: baseUrl(), token: box.token, cursor: afterFirst });
    expect(again.address).toBe(box.address);
    expect(await again.waitForCode()).toBe(second);
  });

  it('a wait picks by sender, subject, text and match, and returns the message whole', async () => {
    await using box = await createMailbox({ baseUrl: baseUrl() });
    await sendMail(smtpPort(), {
      from: 'promo@negozio.example',
      to: box.address,
      subject: 'Saldi',
      text: 'sconti',
    });
    await sendMail(smtpPort(), {
      from: 'Account <account@servizio.example>',
      to: box.address,
      subject: 'Benvenuto',
      text: 'Conferma: https://servizio.example/verify?token=abc123',
    });
    await sendMail(smtpPort(), {
      from: 'account@servizio.example',
      to: box.address,
      subject: 'Benvenuto',
      text: 'seconda',
    });
    const detail = await box.waitForMessage({
      from: 'SERVIZIO.example',
      subject: /^Benv/,
      text: 'seconda',
    });
    expect(detail).toMatchObject({
      subject: 'Benvenuto',
      text: expect.stringContaining('seconda'),
    });
    expect(detail.to).toEqual([{ name: '', address: box.address }]);

    await using other = await createMailbox({ baseUrl: baseUrl() });
    await sendMail(smtpPort(), {
      to: other.address,
      subject: 'Saldi',
      text: 'https://negozio.example/offerte',
    });
    await sendMail(smtpPort(), {
      to: other.address,
      subject: 'Attiva',
      text: 'Attiva il tuo account: https://login.servizio.example/verify?token=xyz789',
    });
    expect(await other.waitForLink({ host: 'servizio.example' })).toBe(
      'https://login.servizio.example/verify?token=xyz789',
    );
    await sendMail(smtpPort(), {
      to: other.address,
      subject: 'Con allegato',
      text: 'x',
      attachments: [{ filename: 'a.txt', content: 'A' }],
    });
    const withFile = await other.waitForMessage({ match: (m) => m.hasAttachments });
    expect(withFile.attachments).toEqual([expect.objectContaining({ id: '1', filename: 'a.txt' })]);
    expect(new TextDecoder().decode(await other.attachment(withFile.id, '1'))).toBe('A');
    expect(new TextDecoder().decode(await other.raw(withFile.id))).toMatch(
      /^Subject: Con allegato\r?$/m,
    );
  });
});

describe('the errors', () => {
  it('a timeout says what was awaited, for how long, and lists what came instead', async () => {
    await using box = await createMailbox({ baseUrl: baseUrl() });
    await mail(box.address, 'Newsletter di maggio');
    await mail(box.address, 'Il tuo ordine');
    const error = await box
      .waitForMessage({ from: 'noreply@servizio.example', subject: 'Benvenuto', timeout: 1500 })
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(MailboxTimeoutError);
    const timeout = error as MailboxTimeoutError;
    expect(timeout.address).toBe(box.address);
    expect(timeout.awaited).toBe(
      'a message from "noreply@servizio.example" with subject "Benvenuto"',
    );
    expect(timeout.criteria.subject).toBe('Benvenuto');
    expect(timeout.waited).toBeGreaterThanOrEqual(1500);
    expect(timeout.seen.map((m) => m.subject)).toEqual(['Newsletter di maggio', 'Il tuo ordine']);
    expect(timeout.refusals).toEqual([]);
    expect(timeout.message).toContain(
      'waiting for a message from "noreply@servizio.example" with subject "Benvenuto"',
    );
    expect(timeout.message).toContain('2 other messages arrived');
    expect(timeout.message).toContain('"Il tuo ordine" from noreply@servizio.example');
    // Nothing was taken: the read position stays where it was.
    expect(box.cursor).toBe('0');
  });

  it('expectNoMessage passes when nothing comes, and fails at the first message that does', async () => {
    await using box = await createMailbox({ baseUrl: baseUrl() });
    await box.expectNoMessage({ within: 500 });
    await mail(box.address, 'Promemoria');
    await box.expectNoMessage({ within: 500, subject: 'Benvenuto' });
    const error = await box.expectNoMessage({ within: 5000 }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(UnexpectedMessageError);
    expect((error as UnexpectedMessageError).received.subject).toBe('Promemoria');
    expect((error as Error).message).toMatch(
      /^Expected no message at .+ within 5000 ms, but "Promemoria"/,
    );
  });

  it('a mailbox deleted during a wait, or before it, is MailboxGoneError; await using deletes at the end', async () => {
    const box = await createMailbox({ baseUrl: baseUrl() });
    const waiting = box.waitForCode({ timeout: 20_000 }).catch((err: unknown) => err);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sameBox = await openMailbox({ baseUrl: baseUrl(), token: box.token });
    await sameBox.delete();
    const error = await waiting;
    expect(error).toBeInstanceOf(MailboxGoneError);
    expect((error as MailboxGoneError).address).toBe(box.address);
    expect((error as Error).message).toContain('waiting for a message with a code');
    await expect(box.waitForMessage({ timeout: 5000 })).rejects.toBeInstanceOf(MailboxGoneError);
    await expect(box.messages()).rejects.toBeInstanceOf(MailboxGoneError);
    await expect(openMailbox({ baseUrl: baseUrl(), token: box.token })).rejects.toBeInstanceOf(
      MailboxGoneError,
    );
    // Deleting what is gone is no error.
    await box.delete();

    let token = '';
    {
      await using scoped = await createMailbox({ baseUrl: baseUrl() });
      token = scoped.token;
      expect((await openMailbox({ baseUrl: baseUrl(), token })).address).toBe(scoped.address);
    }
    await expect(openMailbox({ baseUrl: baseUrl(), token })).rejects.toBeInstanceOf(
      MailboxGoneError,
    );
  });

  it('a wait ends early with its signal', async () => {
    await using box = await createMailbox({ baseUrl: baseUrl() });
    const abort = new AbortController();
    setTimeout(() => abort.abort(new Error('test over')), 200);
    await expect(box.waitForMessage({ signal: abort.signal })).rejects.toThrow('test over');
  });
});

describe('waiting through the network', () => {
  it('a wait across a cut stream misses nothing: what came meanwhile is replayed, in order', async () => {
    const proxy = await startProxy(Number(new URL(baseUrl()).port));
    try {
      await using box = await createMailbox({ baseUrl: proxy.url });
      const before = proxy.bytesBack;
      const waiting = box.waitForMessage({ subject: 'uno', timeout: 20_000 });
      await until(() => proxy.bytesBack > before, 'the stream to open');
      // The connection drops; the reconnection waits while two messages arrive.
      proxy.hold();
      proxy.cut();
      await mail(box.address, 'uno');
      await mail(box.address, 'due');
      proxy.release();
      expect((await waiting).subject).toBe('uno');
      expect((await box.waitForMessage({ timeout: 10_000 })).subject).toBe('due');
    } finally {
      await proxy.close();
    }
  });

  it('the client owns the timeout: a proxy that cuts every connection after a moment does not end the wait', async () => {
    const proxy = await startProxy(Number(new URL(baseUrl()).port));
    proxy.cutEvery(300);
    try {
      await using box = await createMailbox({ baseUrl: proxy.url });
      const waiting = box.waitForMessage({ subject: 'tardiva', timeout: 20_000 });
      // Several cuts go by before the mail comes.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await mail(box.address, 'tardiva');
      expect((await waiting).subject).toBe('tardiva');
    } finally {
      await proxy.close();
    }
  });

  it('falls back to long-polls when the stream is refused, and still gets the mail', async () => {
    await using box = await createMailbox({ baseUrl: baseUrl() });
    // Every stream the mailbox may have on this node, taken by others.
    const takers = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const taker = new AbortController();
        const res = await fetch(`${baseUrl()}/api/v1/events`, {
          headers: { authorization: `Bearer ${box.token}` },
          signal: taker.signal,
        });
        expect(res.status).toBe(200);
        return taker;
      }),
    );
    try {
      const asked: string[] = [];
      const spied = await openMailbox({
        baseUrl: baseUrl(),
        token: box.token,
        fetch: (input, init) => {
          asked.push(
            `${init?.method ?? 'GET'} ${new URL(String(input)).pathname}${new URL(String(input)).search}`,
          );
          return fetch(input, init);
        },
      });
      const waiting = spied.waitForMessage({ subject: 'per long-poll', timeout: 20_000 });
      await until(() => asked.some((a) => a.includes('/messages?since=')), 'a long-poll');
      await mail(box.address, 'per long-poll');
      expect((await waiting).subject).toBe('per long-poll');
      expect(asked[0]).toBe('GET /api/v1/mailbox');
      expect(asked[1]).toBe('GET /api/v1/events');
      expect(asked[2]).toMatch(/^GET \/api\/v1\/messages\?since=0&wait=\d+$/);
    } finally {
      for (const taker of takers) taker.abort();
    }
  });
});

describe('a wait across a server restart', () => {
  it('misses nothing that came before or after the restart', async () => {
    const [port, smtp] = await Promise.all([freePort(), freePort()]);
    const dataDir = mkdtempSync(join(tmpdir(), 'et-client-restart-'));
    const start = () =>
      startServerProcess({
        dataDir,
        env: { ...SERVICE_ENV, PORT: String(port), SMTP_PORT: String(smtp) },
      });
    let server = await start();
    try {
      const box: Mailbox = await createMailbox({ baseUrl: server.httpUrl });
      const waiting = box.waitForMessage({ subject: 'dopo', timeout: 40_000 });
      await sendMail(smtp, { to: box.address, subject: 'prima', text: 'x' });
      await server.stop();
      server = await start();
      await sendMail(smtp, { to: box.address, subject: 'dopo', text: 'x' });
      expect((await waiting).subject).toBe('dopo');
      // 'prima' was seen on the way and is behind the read position now.
      await expect(box.waitForMessage({ subject: 'prima', timeout: 1000 })).rejects.toMatchObject({
        seen: [],
      });
      await box.delete();
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('rate limits', () => {
  const limited = useService({ env: { RATE_LIMIT_CREATE_MAX: '1' } });

  it('429 on create is RateLimitedError with the Retry-After the server sent', async () => {
    const first = await createMailbox({ baseUrl: limited.server.httpUrl });
    const error = await createMailbox({ baseUrl: limited.server.httpUrl }).catch(
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(RateLimitedError);
    const { retryAfter, message } = error as RateLimitedError;
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(message).toMatch(/^Rate limited while creating a mailbox: .+; retry after \d+ s$/);
    await first.delete();
  });
});
