import type { CreatedMailbox, MessageList } from '@et/common';
import { afterEach, describe, expect, it } from 'vitest';
import { startSentinelSet, type SentinelSet } from './helpers/redis-sentinel';
import { startServerProcess, type ServerProcess } from './helpers/server-process';
import { openSmtp } from './helpers/smtp-client';
import { openEvents } from './helpers/sse-client';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Messages acknowledged before the test stops sending. */
const AT_LEAST = 2000;
/** Acknowledged messages after which the primary is killed. */
const KILL_AFTER = 800;
/** SMTP sessions sending at the same time. */
const SENDERS = 4;

interface FailoverRun {
  acknowledged: string[];
  lost: string[];
  refused: number;
  /** From the kill to the first 250 after it, ms. */
  downMs: number;
  httpStatuses: Set<number>;
}

/**
 * Continuous SMTP ingest into a node on Sentinel while the primary is killed with SIGKILL and,
 * 3 s later, started again as a supervisor would (the sentinels make it a replica). Every
 * subject answered 250 is then looked for in the mailbox.
 */
async function failover(set: SentinelSet, node: ServerProcess): Promise<FailoverRun> {
  const box = (await (
    await fetch(`${node.httpUrl}/api/v1/mailboxes`, { method: 'POST' })
  ).json()) as CreatedMailbox;
  // Opened before the load: the same stream must carry mail again after the failover.
  const events = await openEvents(node.httpUrl, box.token);
  const acknowledged: string[] = [];
  let refused = 0;
  let killedAt = 0;
  let backAt = 0;
  let next = 0;

  const sender = async (n: number) => {
    while (acknowledged.length < AT_LEAST || !backAt) {
      let smtp;
      try {
        smtp = await openSmtp(node.smtpPort);
        await smtp.command(`EHLO sender${n}.test`);
        for (let i = 0; i < 50 && (acknowledged.length < AT_LEAST || !backAt); i++) {
          const subject = `m${next++}`;
          await smtp.command('MAIL FROM:<load@example.org>');
          const rcpt = await smtp.command(`RCPT TO:<${box.email}>`);
          if (!rcpt.startsWith('250')) {
            refused++;
            await smtp.command('RSET');
            await sleep(50);
            continue;
          }
          await smtp.command('DATA');
          const reply = await smtp.command(`Subject: ${subject}\r\n\r\nx\r\n.`);
          if (reply.startsWith('250')) {
            acknowledged.push(subject);
            if (killedAt && !backAt) backAt = Date.now();
          } else {
            expect(reply).toMatch(/^451 /);
            refused++;
            await sleep(50);
          }
        }
        await smtp.command('QUIT');
      } catch {
        // The node closed the session (it never crashes: checked below); open another.
        await sleep(50);
      } finally {
        smtp?.socket.destroy();
      }
    }
  };

  const httpStatuses = new Set<number>();
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const res = await fetch(`${node.httpUrl}/api/v1/messages`, {
        headers: { authorization: `Bearer ${box.token}` },
      });
      httpStatuses.add(res.status);
      await res.arrayBuffer();
      await sleep(100);
    }
  })();

  const killer = (async () => {
    while (acknowledged.length < KILL_AFTER) await sleep(20);
    const primary = set.nodes.find((n) => n.port === set.primaryPort())!;
    await primary.kill();
    killedAt = Date.now();
    await sleep(3000);
    await primary.restart();
  })();

  await Promise.all([...Array.from({ length: SENDERS }, (_, n) => sender(n)), killer]);
  polling = false;
  await poller;

  const res = await fetch(`${node.httpUrl}/api/v1/messages`, {
    headers: { authorization: `Bearer ${box.token}` },
  });
  expect(res.status).toBe(200);
  const stored = new Set(((await res.json()) as MessageList).messages.map((m) => m.subject));
  const lost = acknowledged.filter((s) => !stored.has(s));

  // The stream opened before the kill carries a message sent after it, with no restart.
  const smtp = await openSmtp(node.smtpPort);
  await smtp.command('EHLO late.test');
  await smtp.command('MAIL FROM:<late@example.org>');
  await smtp.command(`RCPT TO:<${box.email}>`);
  await smtp.command('DATA');
  expect(await smtp.command('Subject: late\r\n\r\nx\r\n.')).toMatch(/^250 /);
  smtp.close();
  let late = false;
  const deadline = Date.now() + 10_000;
  while (!late && Date.now() < deadline) {
    const event = await events.next(deadline - Date.now());
    late = event.type === 'message.received' && event.message.subject === 'late';
  }
  expect(late).toBe(true);
  events.close();

  return { acknowledged, lost, refused, downMs: backAt - killedAt, httpStatuses };
}

describe('Redis Sentinel failover under SMTP load', () => {
  let set: SentinelSet | undefined;
  let node: ServerProcess | undefined;
  afterEach(async () => {
    await node?.stop();
    await set?.stop();
  });

  const env = (minReplicasAck: number) => ({
    STORE_URL: set!.url,
    REDIS_MIN_REPLICAS_ACK: String(minReplicasAck),
    SMTP_GREETING_DELAY_MS: '0',
    MAILBOX_MAX_MESSAGES: '10000',
    MAILBOX_MAX_BYTES: String(100 * 1024 * 1024),
  });

  function report(label: string, run: FailoverRun) {
    console.log(
      `failover ${label}: ${run.acknowledged.length} acknowledged, ${run.lost.length} lost, ` +
        `${run.refused} refused with 451, mail taken again ${run.downMs} ms after the kill, ` +
        `HTTP statuses seen: ${[...run.httpStatuses].sort().join(' ')}`,
    );
  }

  /**
   * Kills the primary of a set with `replicas` replicas under load; the node takes mail again
   * within 15 s, answers HTTP only 200 or 503 meanwhile and never crashes.
   */
  async function failoverWith(replicas: number, minReplicasAck: number) {
    set = await startSentinelSet(replicas);
    node = await startServerProcess({ env: env(minReplicasAck) });
    const run = await failover(set, node);
    report(`REDIS_MIN_REPLICAS_ACK=${minReplicasAck}`, run);
    expect(run.acknowledged.length).toBeGreaterThanOrEqual(AT_LEAST);
    expect(run.downMs).toBeLessThan(15_000);
    expect([...run.httpStatuses].every((s) => s === 200 || s === 503)).toBe(true);
    expect(node.child.exitCode).toBeNull();
    return run;
  }

  it('with one replica: takes mail again within 15 s and prints what was lost', async () => {
    await failoverWith(1, 0);
  }, 120_000);

  it('with REDIS_MIN_REPLICAS_ACK=1 loses no acknowledged message', async () => {
    const run = await failoverWith(2, 1);
    expect(run.lost).toEqual([]);
  }, 120_000);

  it('with REDIS_MIN_REPLICAS_ACK=1 and no replica answering, refuses with 451 until one is back', async () => {
    set = await startSentinelSet(1);
    node = await startServerProcess({ env: env(1) });
    const box = (await (
      await fetch(`${node.httpUrl}/api/v1/mailboxes`, { method: 'POST' })
    ).json()) as CreatedMailbox;
    const send = async () => {
      const smtp = await openSmtp(node!.smtpPort);
      await smtp.command('EHLO one.test');
      await smtp.command('MAIL FROM:<a@example.org>');
      await smtp.command(`RCPT TO:<${box.email}>`);
      await smtp.command('DATA');
      const reply = await smtp.command('Subject: uno\r\n\r\nx\r\n.');
      smtp.close();
      return reply;
    };
    expect(await send()).toMatch(/^250 /);
    const replica = set.nodes[1]!;
    await replica.kill();
    expect(await send()).toMatch(/^451 /);
    await replica.restart();
    let reply = '';
    for (let i = 0; i < 100 && !reply.startsWith('250'); i++) {
      reply = await send();
      if (!reply.startsWith('250')) await sleep(200);
    }
    expect(reply).toMatch(/^250 /);
  }, 60_000);
});
