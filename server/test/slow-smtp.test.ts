import type { MessageList } from '@et/common';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, startHarness, type Harness, type HarnessOptions } from './helpers/harness';
import { code, openSmtp, type SmtpSession } from './helpers/smtp-client';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves when the server closed the session's socket. */
const closedBy = (s: SmtpSession) =>
  new Promise<void>((resolve) => {
    if (s.socket.destroyed || s.socket.readableEnded) resolve();
    s.socket.once('close', () => resolve());
  });

/** Writes `first`, then one byte of `filler` every `everyMs` until stopped. */
function dribble(s: SmtpSession, first: string, filler: string, everyMs: number) {
  s.write(first);
  const timer = setInterval(() => {
    if (!s.socket.destroyed) s.write(filler);
  }, everyMs);
  return () => clearInterval(timer);
}

/**
 * Clients that send too slowly, over real sockets with small limits: each test fails if its
 * limit is removed (the dribbler never finishes its line or its message).
 */
describe('slow SMTP clients', () => {
  let h: Harness | null = null;
  const start = async (options: HarnessOptions) => (h = await startHarness(options));
  afterEach(async () => {
    await h?.close();
    h = null;
  });

  const subjects = async (token: string) =>
    (await h!.app.inject({ url: '/api/v1/messages', headers: bearer(token) }))
      .json<MessageList>()
      .messages.map((m) => m.subject);

  it('closes with 421 4.4.2 a client whose command line does not arrive whole in time', async () => {
    const harness = await start({ smtpCommandTimeoutMs: 400 });
    const box = await harness.createMailbox();
    const slow = await openSmtp(harness.smtpPort);
    expect(code(await slow.command('EHLO lento.test'))).toBe(250);
    // One byte every 50 ms: never idle, never a whole line.
    const stop = dribble(slow, 'MAIL FROM:<', 'a', 50);

    // A normal client on the same listener meanwhile.
    const info = await harness.sendRaw('Subject: veloce\r\n\r\nciao\r\n', box.email);
    expect(info.response).toMatch(/^250 /);

    const reply = await slow.nextReply();
    await closedBy(slow);
    stop();
    expect(reply).toBe('421 4.4.2 Command line not received in time, closing');
    expect(await subjects(box.token)).toEqual(['veloce']);
  });

  it('closes with 421 4.4.2 a client whose DATA is below the minimum rate, storing nothing', async () => {
    const harness = await start({ smtpMinDataRate: 1000, smtpMinDataRateGraceMs: 300 });
    const box = await harness.createMailbox();
    const slow = await openSmtp(harness.smtpPort);
    await slow.command('EHLO lento.test');
    expect(code(await slow.command('MAIL FROM:<lento@example.org>'))).toBe(250);
    expect(code(await slow.command(`RCPT TO:<${box.email}>`))).toBe(250);
    expect(code(await slow.command('DATA'))).toBe(354);
    // About 20 bytes a second, far below 1000: the message never ends.
    const stop = dribble(slow, 'Subject: lento\r\n\r\n', 'x', 50);

    const info = await harness.sendRaw('Subject: veloce\r\n\r\nciao\r\n', box.email);
    expect(info.response).toMatch(/^250 /);

    const reply = await slow.nextReply();
    await closedBy(slow);
    stop();
    expect(reply).toBe('421 4.4.2 Message data arriving too slowly, closing');
    expect(await subjects(box.token)).toEqual(['veloce']);
  });

  it('lets a client pause between commands and inside a line for less than the limits', async () => {
    // Wide margins: a loaded machine may stretch each pause.
    const harness = await start({
      smtpCommandTimeoutMs: 1500,
      smtpMinDataRate: 1000,
      smtpMinDataRateGraceMs: 1500,
    });
    const box = await harness.createMailbox();
    const s = await openSmtp(harness.smtpPort);
    expect(code(await s.command('EHLO calmo.test'))).toBe(250);
    // Silence between whole commands is the idle timeout's business, not the line limit's.
    await sleep(1800);
    s.write('MAIL FROM:<calmo');
    await sleep(200);
    expect(code(await s.command('@example.org>'))).toBe(250);
    await sleep(1800);
    expect(code(await s.command(`RCPT TO:<${box.email}>`))).toBe(250);
    await sleep(200);
    expect(code(await s.command('DATA'))).toBe(354);
    s.write('Subject: calmo\r\n\r\n');
    await sleep(200);
    s.write('fine\r\n.\r\n');
    expect(await s.nextReply()).toMatch(/^250 /);
    expect(code(await s.command('QUIT'))).toBe(221);
    expect(await subjects(box.token)).toEqual(['calmo']);
  });
});
