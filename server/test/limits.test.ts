import type { MessageDetail, MessageList } from '@et/common';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stressBounds } from '../src/ingest/smtp/smtp-listener';
import { bearer, startHarness, type Harness, type HarnessOptions } from './helpers/harness';
import { code, openSmtp, type SmtpSession } from './helpers/smtp-client';
import { openEvents } from './helpers/sse-client';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Each limit over real sockets; each test fails if its limit is removed. */
describe('abuse limits', () => {
  let h: Harness | null = null;
  const start = async (opts: HarnessOptions) => (h = await startHarness(opts));
  afterEach(async () => {
    await h?.close();
    h = null;
  });

  /** Resolves when the server closed the session's socket. */
  const closedBy = (s: SmtpSession) =>
    new Promise<void>((resolve) => {
      if (s.socket.destroyed || s.socket.readableEnded) resolve();
      s.socket.once('close', () => resolve());
    });

  describe('HTTP', () => {
    it('rate-limits mailbox creation per client IP: 429, Retry-After, RATE_LIMITED', async () => {
      const harness = await start({ createRateLimitMax: 3, createRateLimitWindowSeconds: 60 });
      const url = await harness.app.listen({ host: '127.0.0.1', port: 0 });
      const create = () => fetch(`${url}/api/v1/mailboxes`, { method: 'POST' });
      for (let i = 0; i < 3; i++) expect((await create()).status).toBe(201);
      const refused = await create();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
      // A forged X-Forwarded-For does not buy a fresh allowance without a trusted proxy.
      const forged = await fetch(`${url}/api/v1/mailboxes`, {
        method: 'POST',
        headers: { 'x-forwarded-for': '198.51.100.7' },
      });
      expect(forged.status).toBe(429);
    });

    it('behind a trusted proxy, counts each forwarded client apart', async () => {
      const harness = await start({
        createRateLimitMax: 1,
        createRateLimitWindowSeconds: 60,
        trustProxy: '127.0.0.1',
      });
      const url = await harness.app.listen({ host: '127.0.0.1', port: 0 });
      const createAs = (ip: string) =>
        fetch(`${url}/api/v1/mailboxes`, { method: 'POST', headers: { 'x-forwarded-for': ip } });
      expect((await createAs('198.51.100.1')).status).toBe(201);
      expect((await createAs('198.51.100.1')).status).toBe(429);
      expect((await createAs('198.51.100.2')).status).toBe(201);
    });

    it('caps the open event streams of one mailbox', async () => {
      const harness = await start({ maxStreamsPerMailbox: 2 });
      const url = await harness.app.listen({ host: '127.0.0.1', port: 0 });
      const box = await harness.createMailbox();
      const first = await openEvents(url, box.token);
      const second = await openEvents(url, box.token);
      const third = await openEvents(url, box.token);
      expect([first.status, second.status, third.status]).toEqual([200, 200, 429]);
      expect(await third.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
      first.close();
      await sleep(100);
      const again = await openEvents(url, box.token);
      expect(again.status).toBe(200);
      second.close();
      again.close();
    });

    it('drops a client that sends its request too slowly (slowloris)', async () => {
      const harness = await start({ httpRequestTimeoutMs: 500 });
      const url = new URL(await harness.app.listen({ host: '127.0.0.1', port: 0 }));
      const socket = connect(Number(url.port), '127.0.0.1');
      let answer = '';
      socket.on('data', (d) => (answer += d.toString()));
      socket.write('GET /api/v1/mailbox HTTP/1.1\r\nHost: x\r\n');
      const dribble = setInterval(() => socket.write('X-Pad: y\r\n'), 100);
      const startedAt = Date.now();
      await new Promise((resolve) => socket.once('close', resolve));
      clearInterval(dribble);
      expect(Date.now() - startedAt).toBeLessThan(3000);
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
    });
  });

  describe('per-mailbox quota', () => {
    it('answers 452 4.2.2 at RCPT once the mailbox holds its maximum of messages', async () => {
      const harness = await start({ mailboxMaxMessages: 2 });
      const box = await harness.createMailbox();
      await harness.sendRaw('Subject: uno\r\n\r\n1\r\n', box.email);
      await harness.sendRaw('Subject: due\r\n\r\n2\r\n', box.email);
      await expect(harness.sendRaw('Subject: tre\r\n\r\n3\r\n', box.email)).rejects.toMatchObject({
        responseCode: 452,
        response: expect.stringMatching(/^452 4\.2\.2 /),
      });
      const list = await harness.app.inject({
        url: '/api/v1/messages',
        headers: bearer(box.token),
      });
      expect(list.json<MessageList>().messages.map((m) => m.subject)).toEqual(['due', 'uno']);
    });

    it('answers 452 4.2.2 after DATA when the message would go over the byte quota', async () => {
      const harness = await start({ mailboxMaxBytes: 5000 });
      const box = await harness.createMailbox();
      await harness.sendRaw(`Subject: piccolo\r\n\r\n${'a'.repeat(3000)}\r\n`, box.email);
      await expect(
        harness.sendRaw(`Subject: grande\r\n\r\n${'b'.repeat(3000)}\r\n`, box.email),
      ).rejects.toMatchObject({ responseCode: 452 });
      const list = await harness.app.inject({
        url: '/api/v1/messages',
        headers: bearer(box.token),
      });
      expect(list.json<MessageList>().messages.map((m) => m.subject)).toEqual(['piccolo']);
    });
  });

  describe('SMTP sessions', () => {
    it('greets the connection past the maximum with 421', async () => {
      const harness = await start({ smtpMaxConnections: 2 });
      const a = await openSmtp(harness.smtpPort);
      const b = await openSmtp(harness.smtpPort);
      const c = await openSmtp(harness.smtpPort);
      expect(a.greeting).toMatch(/^220 /);
      expect(b.greeting).toMatch(/^220 /);
      expect(c.greeting).toMatch(/^421 /);
      [a, b, c].forEach((s) => s.close());
    });

    it('refuses a third connection from the same IP with 421 4.7.0', async () => {
      const harness = await start({ smtpMaxConnectionsPerIp: 2 });
      const a = await openSmtp(harness.smtpPort);
      const b = await openSmtp(harness.smtpPort);
      const c = await openSmtp(harness.smtpPort);
      expect(c.greeting).toMatch(/^421 4\.7\.0 /);
      a.close();
      await sleep(100);
      const d = await openSmtp(harness.smtpPort);
      expect(d.greeting).toMatch(/^220 /);
      [b, c, d].forEach((s) => s.close());
    });

    it('cuts off a client that dribbles bytes once the session time is up', async () => {
      const harness = await start({ smtpSessionTimeoutMs: 800 });
      const box = await harness.createMailbox();
      const s = await openSmtp(harness.smtpPort);
      await s.command('EHLO slow.test');
      await s.command('MAIL FROM:<a@example.org>');
      await s.command(`RCPT TO:<${box.email}>`);
      await s.command('DATA');
      const startedAt = Date.now();
      const dribble = setInterval(() => s.write('x'), 50);
      const reply = await s.nextReply();
      await closedBy(s);
      clearInterval(dribble);
      expect(reply).toMatch(/^421 4\.4\.2 /);
      expect(Date.now() - startedAt).toBeLessThan(2000);
      const list = await harness.app.inject({
        url: '/api/v1/messages',
        headers: bearer(box.token),
      });
      expect(list.json<MessageList>().messages).toEqual([]);
    });

    it('on shutdown answers new commands 421 4.3.2 and still stores the message in DATA', async () => {
      const harness = await start({});
      const box = await harness.createMailbox();
      const sending = await openSmtp(harness.smtpPort);
      await sending.command('EHLO a.test');
      await sending.command('MAIL FROM:<a@example.org>');
      await sending.command(`RCPT TO:<${box.email}>`);
      expect(code(await sending.command('DATA'))).toBe(354);
      sending.write('Subject: in corso\r\n\r\n');
      const idle = await openSmtp(harness.smtpPort);
      await idle.command('EHLO b.test');

      const closed = harness.smtp.close();
      expect(await idle.command('NOOP')).toBe('421 4.3.2 Service shutting down, try again later');
      sending.write('fine\r\n.\r\n');
      expect(await sending.nextReply()).toMatch(/^250 /);
      expect(await sending.nextReply()).toBe('421 4.3.2 Service shutting down, try again later');
      await closed;
      const list = await harness.app.inject({
        url: '/api/v1/messages',
        headers: bearer(box.token),
      });
      expect(list.json<MessageList>().messages.map((m) => m.subject)).toEqual(['in corso']);
    });

    it('on shutdown cuts a message still in DATA at the deadline with 421 4.3.2, storing nothing', async () => {
      const harness = await start({});
      const box = await harness.createMailbox();
      const s = await openSmtp(harness.smtpPort);
      await s.command('EHLO a.test');
      await s.command('MAIL FROM:<a@example.org>');
      await s.command(`RCPT TO:<${box.email}>`);
      expect(code(await s.command('DATA'))).toBe(354);
      s.write('Subject: interrotto\r\n\r\n');
      const closed = harness.smtp.close();
      expect(await s.nextReply()).toBe('421 4.3.2 Service shutting down, try again later');
      await closedBy(s);
      await closed;
      const list = await harness.app.inject({
        url: '/api/v1/messages',
        headers: bearer(box.token),
      });
      expect(list.json<MessageList>().messages).toEqual([]);
    });

    it('closes an idle connection', async () => {
      const harness = await start({ smtpIdleTimeoutMs: 300 });
      const s = await openSmtp(harness.smtpPort);
      await s.command('EHLO idle.test');
      const startedAt = Date.now();
      await closedBy(s);
      expect(Date.now() - startedAt).toBeLessThan(2000);
    });

    it('shortens the idle timeout of every connection in stress mode, and lengthens it after', async () => {
      // Stress above 8 of 10 connections; back to normal at 7.
      const harness = await start({
        smtpMaxConnections: 10,
        smtpIdleTimeoutMs: 60_000,
        smtpStressIdleTimeoutMs: 300,
        smtpStressThresholdPercent: 80,
      });
      const sessions: SmtpSession[] = [];
      for (let i = 0; i < 8; i++) {
        const s = await openSmtp(harness.smtpPort);
        await s.command(`EHLO calm${i}.test`);
        sessions.push(s);
      }
      expect(harness.smtp.inStress()).toBe(false);
      // Twice the stress timeout: nobody is cut off while there is room.
      await sleep(600);
      expect(sessions.every((s) => !s.socket.destroyed && !s.socket.readableEnded)).toBe(true);

      const ninth = await openSmtp(harness.smtpPort);
      sessions.push(ninth);
      expect(harness.smtp.inStress()).toBe(true);
      // The connections open before stress began are retimed too.
      expect(await sessions[0]!.nextReply()).toMatch(/^421 4\.4\.2 /);
      await Promise.all(sessions.map(closedBy));
      await vi.waitFor(() => expect(harness.smtp.inStress()).toBe(false));

      const after = await openSmtp(harness.smtpPort);
      await after.command('EHLO after.test');
      await sleep(600);
      expect(after.socket.destroyed || after.socket.readableEnded).toBe(false);
      after.close();
    });

    it('enters stress above the threshold and leaves it a twentieth of the limit below', () => {
      expect(stressBounds({ maxConnections: 500, stressThresholdPercent: 80 })).toEqual({
        enter: 400,
        leave: 375,
      });
      expect(stressBounds({ maxConnections: 10, stressThresholdPercent: 80 })).toEqual({
        enter: 8,
        leave: 7,
      });
    });

    it('limits the messages of one connection', async () => {
      const harness = await start({ smtpMaxMessagesPerConnection: 2 });
      const box = await harness.createMailbox();
      const s = await openSmtp(harness.smtpPort);
      await s.command('EHLO many.test');
      for (let i = 0; i < 2; i++) {
        expect(code(await s.command('MAIL FROM:<a@example.org>'))).toBe(250);
        await s.command(`RCPT TO:<${box.email}>`);
        await s.command('DATA');
        s.write(`Subject: ${i}\r\n\r\nx\r\n.\r\n`);
        expect(code(await s.nextReply())).toBe(250);
      }
      expect(await s.command('MAIL FROM:<a@example.org>')).toMatch(/^421 4\.7\.0 /);
      await closedBy(s);
    });

    it('closes a connection that tries too many unknown recipients (address harvesting)', async () => {
      const harness = await start({ smtpMaxBadRecipients: 3 });
      const s = await openSmtp(harness.smtpPort);
      await s.command('EHLO harvest.test');
      await s.command('MAIL FROM:<a@example.org>');
      expect(code(await s.command('RCPT TO:<guess1@localhost>'))).toBe(550);
      expect(code(await s.command('RCPT TO:<guess2@localhost>'))).toBe(550);
      expect(await s.command('RCPT TO:<guess3@localhost>')).toMatch(/^421 4\.7\.0 /);
      await closedBy(s);
    });

    it('closes a connection after ten unrecognised commands', async () => {
      const harness = await start({});
      const s = await openSmtp(harness.smtpPort);
      await s.command('EHLO junk.test');
      const replies: string[] = [];
      for (let i = 0; i < 10; i++) replies.push(await s.command(`FOO${i}`));
      expect(replies.slice(0, 9).every((r) => r.startsWith('500'))).toBe(true);
      expect(replies[9]).toMatch(/^421 /);
      await closedBy(s);
    });
  });

  describe('STARTTLS', () => {
    it('is offered with a configured certificate and carries mail encrypted', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'et-tls-'));
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=localhost',
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
      const harness = await start({
        smtpTlsKey: join(dir, 'key.pem'),
        smtpTlsCert: join(dir, 'cert.pem'),
      });
      rmSync(dir, { recursive: true, force: true });
      const s = await openSmtp(harness.smtpPort);
      expect(await s.command('EHLO tls.test')).toMatch(/^250[- ]STARTTLS$/m);
      s.close();

      const box = await harness.createMailbox();
      const transport = nodemailer.createTransport({
        host: '127.0.0.1',
        port: harness.smtpPort,
        requireTLS: true,
        tls: { rejectUnauthorized: false },
      });
      const info = await transport.sendMail({
        from: 'a@example.org',
        to: box.email,
        subject: 'cifrato',
        text: 'ok',
      });
      transport.close();
      expect(info.response).toMatch(/^250 /);
      const [stored] = await harness.store.listMessages(box.email);
      const raw = await harness.store.getRaw(box.email, stored!.id);
      expect(raw!.toString()).toMatch(
        /^Return-Path: <a@example\.org>\r\nReceived: [^\n]*\n\tby mx\.test with ESMTPS id /,
      );
    });

    it('is not offered without a certificate', async () => {
      const harness = await start({});
      const s = await openSmtp(harness.smtpPort);
      expect(await s.command('EHLO plain.test')).not.toMatch(/STARTTLS/);
      s.close();
    });
  });
});

describe('hostile HTML', () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it('is sanitised on the server: no scripts, handlers, frames, forms; links open apart', async () => {
    h = await startHarness();
    const box = await h.createMailbox();
    const html = [
      '<p onclick="steal()">Ciao <a href="https://esempio.example/x" onmouseover="x()">link</a></p>',
      '<script>alert(1)</script><iframe src="https://evil.example"></iframe>',
      '<form action="https://evil.example"><input name="p"></form>',
      '<a href="javascript:alert(1)">js</a><img src="x" onerror="alert(1)">',
      '<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example">',
      '<object data="x.swf"></object><embed src="x.swf"><svg onload="alert(1)"></svg>',
      '<img src="https://tracker.example/p.gif" width="1" height="1"><style>p{color:red}</style>',
    ].join('\n');
    const raw = `Subject: ostile\r\nContent-Type: text/html; charset=utf-8\r\n\r\n${html}\r\n`;
    await h.sendRaw(raw, box.email);
    const [m] = (
      await h.app.inject({ url: '/api/v1/messages', headers: bearer(box.token) })
    ).json<MessageList>().messages;
    const detail = (
      await h.app.inject({ url: `/api/v1/messages/${m!.id}`, headers: bearer(box.token) })
    ).json<MessageDetail>();
    const clean = detail.html!;
    for (const bad of [
      '<script',
      'onclick',
      'onmouseover',
      'onerror',
      'onload',
      '<iframe',
      '<form',
      '<input',
      'javascript:',
      '<base',
      '<meta',
      '<object',
      '<embed',
      '<svg',
    ]) {
      expect(clean.toLowerCase()).not.toContain(bad);
    }
    expect(clean).toContain(
      '<a href="https://esempio.example/x" target="_blank" rel="noopener noreferrer">link</a>',
    );
    expect(clean).toContain('https://tracker.example/p.gif'); // kept, blocked by the page's CSP until asked
    expect(clean).toContain('<style>p{color:red}</style>');
    // The original stays intact in the .eml.
    const eml = await h.app.inject({
      url: `/api/v1/messages/${m!.id}/raw`,
      headers: bearer(box.token),
    });
    expect(eml.body).toContain('<script>alert(1)</script>');
  });
});
