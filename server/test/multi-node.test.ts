import type { CreatedMailbox, MessageDetail, MessageList, RefusalList } from '@et/common';
import { readFileSync } from 'node:fs';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type TestRedis } from './helpers/redis-server';
import { startServerProcess, type ServerProcess } from './helpers/server-process';
import { openSmtp } from './helpers/smtp-client';
import { openEvents } from './helpers/sse-client';
import { splitTrace } from './helpers/trace';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Asks node `p`'s SMTP server what it thinks of a recipient: the RCPT reply. */
async function rcptReply(p: ServerProcess, address: string) {
  const s = await openSmtp(p.smtpPort);
  await s.command('EHLO probe.test');
  await s.command('MAIL FROM:<probe@example.org>');
  const reply = await s.command(`RCPT TO:<${address}>`);
  s.close();
  return reply;
}

describe('several nodes on one Redis', () => {
  let redis: TestRedis;
  let smtpNode: ServerProcess;
  let httpNode: ServerProcess;
  /** A second HTTP node: each keeps its own cache of the inboxes it has read. */
  let otherHttpNode: ServerProcess;

  beforeAll(async () => {
    redis = await startRedis();
    const env = {
      STORE_URL: redis.url,
      SMTP_GREETING_DELAY_MS: '0',
      MAILBOX_TTL_SECONDS: '10',
      SWEEP_INTERVAL_MS: '200',
      MAX_MESSAGE_BYTES: String(64 * 1024),
    };
    [smtpNode, httpNode, otherHttpNode] = await Promise.all([
      startServerProcess({ env, args: ['--role', 'smtp'] }),
      startServerProcess({ env, args: ['--role=http'] }),
      startServerProcess({ env, args: ['--role=http'] }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([smtpNode?.stop(), httpNode?.stop(), otherHttpNode?.stop()]);
    await redis?.stop();
  });

  const api = (path: string, token: string, method = 'GET') =>
    fetch(`${httpNode.httpUrl}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}` },
    });
  const create = async () =>
    (await (
      await fetch(`${httpNode.httpUrl}/api/v1/mailboxes`, { method: 'POST' })
    ).json()) as CreatedMailbox;

  it('each node runs only its role', () => {
    expect(smtpNode.httpUrl).toBe('');
    expect(httpNode.smtpPort).toBe(0);
  });

  it('mail taken by the SMTP node appears live on the HTTP node, attachments byte-identical', async () => {
    const box = await create();
    const events = await openEvents(httpNode.httpUrl, box.token);
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: smtpNode.smtpPort,
      ignoreTLS: true,
    });
    await transport.sendMail({
      envelope: { from: 'a@example.org', to: [box.email] },
      raw: fixture('attachments.eml'),
    });
    transport.close();
    const event = await events.next(3000);
    expect(event.type).toBe('message.received');
    events.close();

    const { messages } = (await (await api('/messages', box.token)).json()) as MessageList;
    const detail = (await (
      await api(`/messages/${messages[0]!.id}`, box.token)
    ).json()) as MessageDetail;
    expect(detail.attachments.map((a) => a.filename)).toEqual([
      'fattura n° 12 – ottobre.pdf',
      'fotografia_città.png',
    ]);
    const pdf = Buffer.from(
      await (await api(`/messages/${messages[0]!.id}/attachment/1`, box.token)).arrayBuffer(),
    );
    expect(pdf.equals(fixture('attachments/fattura.pdf'))).toBe(true);
    const eml = Buffer.from(
      await (await api(`/messages/${messages[0]!.id}/raw`, box.token)).arrayBuffer(),
    );
    expect(splitTrace(eml).received.equals(fixture('attachments.eml'))).toBe(true);
  });

  it('a read on any node includes every message acknowledged before it, and nothing deleted', async () => {
    const box = await create();
    const subjects = async (node: ServerProcess) => {
      const res = await fetch(`${node.httpUrl}/api/v1/messages`, {
        headers: { authorization: `Bearer ${box.token}` },
      });
      if (res.status !== 200) return res.status;
      return ((await res.json()) as MessageList).messages.map((m) => m.subject);
    };
    const nodes = [httpNode, otherHttpNode];
    const smtp = await openSmtp(smtpNode.smtpPort);
    await smtp.command('EHLO reader.test');
    const deliver = async (subject: string) => {
      await smtp.command('MAIL FROM:<a@example.org>');
      await smtp.command(`RCPT TO:<${box.email}>`);
      await smtp.command('DATA');
      return smtp.command(`Subject: ${subject}\r\n\r\nx\r\n.`);
    };

    // Each node has read (and keeps) the list before every change; the read right after the
    // 250 or the 204, with no wait, must already show the change, on both nodes.
    for (let i = 1; i <= 5; i++) {
      for (const node of nodes) await subjects(node);
      expect(await deliver(`n${i}`)).toMatch(/^250 /);
      const expected = Array.from({ length: i }, (_, j) => `n${i - j}`);
      for (const node of nodes) expect(await subjects(node)).toEqual(expected);
    }
    smtp.close();

    const { messages } = (await (await api('/messages', box.token)).json()) as MessageList;
    expect((await api(`/messages/${messages[0]!.id}`, box.token, 'DELETE')).status).toBe(204);
    expect(await subjects(otherHttpNode)).toEqual(['n4', 'n3', 'n2', 'n1']);
    expect((await api('/messages', box.token, 'DELETE')).status).toBe(204);
    expect(await subjects(otherHttpNode)).toEqual([]);
    expect((await api('/mailbox', box.token, 'DELETE')).status).toBe(204);
    expect(await subjects(otherHttpNode)).toBe(401);
    expect(await subjects(httpNode)).toBe(401);
  });

  it('a refusal on the SMTP node is pushed by one HTTP node and listed by the other', async () => {
    const box = await create();
    const events = await openEvents(httpNode.httpUrl, box.token);
    const s = await openSmtp(smtpNode.smtpPort);
    await s.command('EHLO sender.test');
    await s.command('MAIL FROM:<noreply@sito.example>');
    expect(await s.command(`RCPT TO:<${box.email}>`)).toMatch(/^250 /);
    await s.command('DATA');
    s.write(`Subject: grande\r\n\r\n${'x'.repeat(70 * 1024)}\r\n.\r\n`);
    const reply = await s.nextReply();
    s.close();
    expect(reply).toBe('552 5.3.4 Message size exceeds fixed limit of 65536 bytes');
    const event = await events.next(3000);
    events.close();
    expect(event).toMatchObject({
      type: 'delivery.refused',
      refusal: { sender: 'noreply@sito.example', reason: 'too-big', reply, limit: 65536 },
    });
    const listed = (await (await api('/mailbox/refusals', box.token)).json()) as RefusalList;
    const other = await fetch(`${otherHttpNode.httpUrl}/api/v1/mailbox/refusals`, {
      headers: { authorization: `Bearer ${box.token}` },
    });
    expect(listed.refusals).toEqual([event.type === 'delivery.refused' && event.refusal]);
    expect(await other.json()).toEqual(listed);
  });

  it('delete and extend through the HTTP node are seen by the SMTP node', async () => {
    const deleted = await create();
    const extended = await create();
    const plain = await create();
    expect(await rcptReply(smtpNode, deleted.email)).toMatch(/^250 /);
    expect((await api('/mailbox', deleted.token, 'DELETE')).status).toBe(204);
    expect(await rcptReply(smtpNode, deleted.email)).toMatch(/^550 5\.1\.1 /);

    await sleep(6000);
    expect((await api('/mailbox/extend', extended.token, 'POST')).status).toBe(200);
    await sleep(5000); // 11 s after creation: past the first expiry of both
    expect(await rcptReply(smtpNode, extended.email)).toMatch(/^250 /);
    expect(await rcptReply(smtpNode, plain.email)).toMatch(/^550 5\.1\.1 /);
    expect((await api('/messages', plain.token)).status).toBe(401);
  }, 20_000);
});

describe('losing Redis', () => {
  let redis: TestRedis;
  let node: ServerProcess;
  beforeAll(async () => {
    redis = await startRedis();
    node = await startServerProcess({ env: { STORE_URL: redis.url, SMTP_GREETING_DELAY_MS: '0' } });
  });
  afterAll(async () => {
    await node?.stop();
    await redis?.stop();
  });

  it('answers 451 and 503 while Redis is away, recovers by itself, loses nothing acknowledged', async () => {
    const box = (await (
      await fetch(`${node.httpUrl}/api/v1/mailboxes`, { method: 'POST' })
    ).json()) as CreatedMailbox;
    const acknowledged: string[] = [];
    const refused: string[] = [];
    let sending = true;
    const sender = (async () => {
      for (let i = 0; sending; i++) {
        const subject = `ondata ${i}`;
        try {
          const s = await openSmtp(node.smtpPort);
          await s.command('EHLO sender.test');
          await s.command('MAIL FROM:<a@example.org>');
          const rcpt = await s.command(`RCPT TO:<${box.email}>`);
          if (!rcpt.startsWith('250')) {
            refused.push(rcpt);
            s.close();
            await sleep(20);
            continue;
          }
          await s.command('DATA');
          s.write(`Subject: ${subject}\r\n\r\nx\r\n.\r\n`);
          const reply = await s.nextReply();
          if (reply.startsWith('250')) acknowledged.push(subject);
          else refused.push(reply);
          s.close();
        } catch {
          await sleep(20);
        }
      }
    })();

    await sleep(700);
    await redis.kill();
    await sleep(300);
    const during = await fetch(`${node.httpUrl}/api/v1/messages`, {
      headers: { authorization: `Bearer ${box.token}` },
    });
    expect(during.status).toBe(503);
    expect(await during.json()).toMatchObject({ error: { code: 'UNAVAILABLE' } });
    await sleep(500);
    await redis.restart();
    await sleep(1500);
    sending = false;
    await sender;

    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((r) => r.startsWith('4'))).toBe(true);
    const after = await fetch(`${node.httpUrl}/api/v1/messages`, {
      headers: { authorization: `Bearer ${box.token}` },
    });
    expect(after.status).toBe(200);
    const stored = ((await after.json()) as MessageList).messages.map((m) => m.subject);
    expect(acknowledged.length).toBeGreaterThan(10);
    for (const subject of acknowledged) expect(stored).toContain(subject);
  }, 20_000);
});
