import type { CreatedMailbox, MessageList } from '@et/common';
import { spawn } from 'node:child_process';
import nodemailer from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import { serverBundle, startServerProcess, type ServerProcess } from './helpers/server-process';
import { code, openSmtp } from './helpers/smtp-client';
import { openEvents } from './helpers/sse-client';

/** The real server as a separate process: start-up, crash safety, shutdown. */
describe('server process', () => {
  const started: ServerProcess[] = [];
  const start = async (...args: Parameters<typeof startServerProcess>) => {
    const p = await startServerProcess(...args);
    started.push(p);
    return p;
  };
  afterEach(async () => {
    for (const p of started.splice(0)) await p.stop();
  });

  const createMailbox = async (p: ServerProcess) => {
    const res = await fetch(`${p.httpUrl}/api/v1/mailboxes`, { method: 'POST' });
    return (await res.json()) as CreatedMailbox;
  };
  const list = async (p: ServerProcess, token: string) => {
    const res = await fetch(`${p.httpUrl}/api/v1/messages`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await res.json()) as MessageList).messages;
  };

  it('keeps every message that got a 250 through kill -9', async () => {
    const first = await start({ env: { SMTP_GREETING_DELAY_MS: '0' } });
    const box = await createMailbox(first);
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: first.smtpPort,
      ignoreTLS: true,
      pool: true,
      maxConnections: 5,
    });
    const sends = Array.from({ length: 40 }, (_, i) =>
      transport.sendMail({
        from: 'a@example.org',
        to: box.email,
        subject: `durevole ${i}`,
        text: `messaggio ${i}`,
      }),
    );
    const infos = await Promise.all(sends);
    transport.close();
    expect(infos.every((i) => i.response.startsWith('250 '))).toBe(true);

    await first.kill();
    const second = await start({ dataDir: first.dataDir });
    const messages = await list(second, box.token);
    expect(messages.map((m) => m.subject).sort()).toEqual(
      Array.from({ length: 40 }, (_, i) => `durevole ${i}`).sort(),
    );
  });

  it('keeps every acknowledged message of thousands when killed -9 mid-stream', async () => {
    const first = await start({
      env: {
        SMTP_GREETING_DELAY_MS: '0',
        MAILBOX_MAX_MESSAGES: '100000',
        MAILBOX_MAX_BYTES: String(2 ** 31),
        SMTP_MAX_MESSAGES_PER_CONNECTION: '100000',
      },
    });
    const box = await createMailbox(first);
    const acknowledged: string[] = [];
    let killed = false;
    const sender = async (worker: number) => {
      const s = await openSmtp(first.smtpPort);
      await s.command('EHLO load.test');
      for (let i = 0; !killed; i++) {
        const subject = `w${worker}-${i}`;
        try {
          await s.command('MAIL FROM:<a@example.org>');
          await s.command(`RCPT TO:<${box.email}>`);
          await s.command('DATA');
          s.write(`Subject: ${subject}\r\n\r\n${'x'.repeat(500)}\r\n.\r\n`);
          const reply = await s.nextReply();
          if (reply.startsWith('250')) acknowledged.push(subject);
        } catch {
          break; // the server died under us
        }
      }
      s.close();
    };
    const workers = Array.from({ length: 16 }, (_, w) => sender(w));
    const deadline = Date.now() + 20_000;
    while (acknowledged.length < 3000 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    await first.kill(); // SIGKILL while every worker is mid-transaction
    killed = true;
    await Promise.all(workers);
    expect(acknowledged.length).toBeGreaterThanOrEqual(2000);

    const second = await start({ dataDir: first.dataDir });
    const stored = new Set((await list(second, box.token)).map((m) => m.subject));
    const missing = acknowledged.filter((s) => !stored.has(s));
    expect(missing).toEqual([]);
  }, 60_000);

  it('on SIGTERM finishes the message in flight, refuses new mail, closes streams, exits 0', async () => {
    const p = await start({ env: { SMTP_GREETING_DELAY_MS: '0' } });
    const box = await createMailbox(p);
    const events = await openEvents(p.httpUrl, box.token);

    const s = await openSmtp(p.smtpPort);
    await s.command('EHLO client.test');
    await s.command('MAIL FROM:<a@example.org>');
    await s.command(`RCPT TO:<${box.email}>`);
    expect(code(await s.command('DATA'))).toBe(354);
    s.write('Subject: in volo\r\n\r\nprima parte\r\n');

    const idle = await openSmtp(p.smtpPort);
    await idle.command('EHLO idle.test');

    process.kill(p.pid, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    s.write('seconda parte\r\n.\r\n');
    expect(code(await s.nextReply())).toBe(250);
    expect(await idle.nextReply()).toMatch(/^421 /);

    await events.waitEnd(5000);
    expect(await p.exited).toBe(0);
    s.close();
    idle.close();

    const again = await start({ dataDir: p.dataDir });
    expect((await list(again, box.token)).map((m) => m.subject)).toEqual(['in volo']);
  });

  it('reports every bad setting at once and exits 1', async () => {
    const child = spawn(process.execPath, [serverBundle()], {
      env: {
        ...process.env,
        PORT: 'eighty',
        MAIL_DOMAINS: 'bad domain!',
        MAILBOX_TTL_SECONDS: '-5',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exitCode = await new Promise((resolve) => child.once('exit', resolve));
    expect(exitCode).toBe(1);
    expect(stderr).toMatch(/PORT must be a whole number/);
    expect(stderr).toMatch(/MAIL_DOMAINS not a domain name: bad domain!/);
    expect(stderr).toMatch(/MAILBOX_TTL_SECONDS must be a whole number/);
  });

  it('never logs a token, a subject, a body or an attachment name, even at trace level', async () => {
    const p = await start({ env: { LOG_LEVEL: 'trace', SMTP_GREETING_DELAY_MS: '0' } });
    const box = await createMailbox(p);
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: p.smtpPort,
      ignoreTLS: true,
    });
    await transport.sendMail({
      from: 'a@example.org',
      to: box.email,
      subject: 'oggetto-segreto-91',
      text: 'corpo-segreto-92',
      attachments: [{ filename: 'allegato-segreto-93.txt', content: 'x' }],
    });
    transport.close();
    const [message] = await list(p, box.token);
    await fetch(`${p.httpUrl}/api/v1/messages/${message!.id}`, {
      headers: { authorization: `Bearer ${box.token}` },
    });
    await fetch(`${p.httpUrl}/api/v1/messages/${'A'.repeat(22)}`, {
      headers: { authorization: `Bearer ${box.token}` },
    });
    await fetch(`${p.httpUrl}/api/v1/mailbox`, {
      headers: { authorization: `Bearer ${box.token}x` },
    });
    await p.stop();
    const log = p.logs.join('\n');
    expect(p.logs.length).toBeGreaterThan(3);
    expect(log).toContain('message stored'); // the trace level really logged the delivery
    for (const secret of [
      box.token,
      'oggetto-segreto-91',
      'corpo-segreto-92',
      'allegato-segreto-93',
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
