import { get, type ClientRequest } from 'node:http';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { createMailbox } from '../lib/api';
import { startBaseline } from '../lib/baseline';
import { rssMb, sleep } from '../lib/proc';
import { report } from '../lib/report';
import { startServer } from '../lib/server';
import { runSource } from '../lib/smtp';

export interface MemoryContext {
  quick: boolean;
  attachmentFile: string;
}

const STREAMS_PER_MAILBOX = 1000;

/** Messages stored for `mailbox`, read straight from the SQLite file (read-only). */
function countStored(path: string, mailbox: string): number {
  const db = new Database(path, { readonly: true });
  try {
    return (
      db.prepare('SELECT count(*) AS n FROM messages WHERE mailbox = ?').get(mailbox) as {
        n: number;
      }
    ).n;
  } finally {
    db.close();
  }
}

/** Opens `count` held-open GET streams to `url`, 200 at a time; resolves their requests. */
async function openStreams(url: string, tokens: string[], count: number) {
  const open: ClientRequest[] = [];
  const one = (token: string) =>
    new Promise<void>((resolve, reject) => {
      const req = get(url, { agent: false, headers: { authorization: `Bearer ${token}` } });
      req.once('response', (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
        res.resume();
        open.push(req);
        resolve();
      });
      req.once('error', reject);
    });
  for (let i = 0; i < count; i += 200) {
    const batch = [];
    for (let j = i; j < Math.min(count, i + 200); j++) {
      batch.push(one(tokens[Math.floor(j / STREAMS_PER_MAILBOX)]!));
    }
    await Promise.all(batch);
  }
  return open;
}

/**
 * Memory (RSS of the server process): idle after start, after 100,000 stored messages (sent
 * through SMTP, reused connections, so a leak on the ingest path would show), and with 10,000
 * open event streams. Baseline: a bare node:http process, idle and holding as many streams.
 */
export async function runMemory(ctx: MemoryContext): Promise<void> {
  const messages = ctx.quick ? 20_000 : 100_000;
  const streams = ctx.quick ? 2000 : 10_000;
  const server = await startServer();
  const baseline = await startBaseline();
  const held: ClientRequest[] = [];
  let streamServer: Awaited<ReturnType<typeof startServer>> | null = null;
  try {
    await sleep(2000);
    const idle = rssMb(server.pid);
    const bareIdle = rssMb(baseline.pid);
    report({
      id: 'memory.idle',
      label: 'memory RSS idle',
      unit: 'MB',
      ours: idle,
      baseline: { name: 'bare node:http', value: bareIdle },
    });

    const mailbox = await createMailbox(server.httpUrl);
    const fill = await runSource({
      port: server.smtpPort,
      sessions: 50,
      messages,
      reuse: true,
      size: '1k',
      attachmentFile: ctx.attachmentFile,
      to: mailbox.email,
      pids: [],
      timeLimitMs: 600_000,
    });
    await sleep(2000);
    const full = rssMb(server.pid);
    // Counted in the database file, read-only, from here: listing 100,000 summaries through
    // the API would cost the server memory of its own.
    const stored = countStored(join(server.dataDir, 'mail.sqlite'), mailbox.email);
    report({
      id: 'memory.stored',
      label: `memory RSS after ${messages.toLocaleString('en-US')} stored msgs`,
      unit: 'MB',
      ours: full,
      baseline: { name: 'bare node:http idle', value: bareIdle },
      goal: { on: 'value', op: '<=', limit: 150 },
      note: `sent over SMTP in ${fill.seconds.toFixed(1)} s, ${stored} in the store`,
      invalid:
        !fill.ok || stored !== messages
          ? `${stored}/${messages} stored (${fill.error})`
          : undefined,
    });

    // The streams are measured on a fresh server: after 100,000 messages the heap is still
    // settling, by more than the streams cost.
    await server.stop();
    const fresh = await startServer();
    streamServer = fresh;
    const boxes = await Promise.all(
      Array.from({ length: Math.ceil(streams / STREAMS_PER_MAILBOX) }, () =>
        createMailbox(fresh.httpUrl),
      ),
    );
    await sleep(2000);
    const before = rssMb(fresh.pid);
    held.push(
      ...(await openStreams(
        `${fresh.httpUrl}/api/v1/events`,
        boxes.map((b) => b.token),
        streams,
      )),
    );
    await sleep(3000);
    const withStreams = rssMb(fresh.pid);
    // Hung up before the baseline's streams are opened: 20,000 sockets at once would need twice
    // the file descriptors.
    for (const req of held.splice(0)) req.destroy();
    await sleep(1000);
    const bareBefore = rssMb(baseline.pid);
    held.push(
      ...(await openStreams(
        `${baseline.httpUrl}/events`,
        boxes.map(() => 'none'),
        streams,
      )),
    );
    await sleep(3000);
    const bareWith = rssMb(baseline.pid);
    report({
      id: 'memory.streams',
      label: `memory RSS added by ${streams.toLocaleString('en-US')} open event streams`,
      unit: 'MB',
      ours: withStreams - before,
      baseline: { name: 'bare node:http', value: bareWith - bareBefore },
      goal: { on: 'value', op: '<=', limit: 300 },
      note: `RSS ${withStreams.toFixed(0)} MB with them`,
    });
  } finally {
    for (const req of held) req.destroy();
    await baseline.stop();
    await server.stop();
    await streamServer?.stop();
  }
}
