import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createMailbox } from '../lib/api';
import { fillStore, startBaseline, startFastifyFloor } from '../lib/baseline';
import { cpuMs } from '../lib/proc';
import { recorded, report } from '../lib/report';
import type { BenchServer } from '../lib/server';
import { runSource, type Sink } from '../lib/smtp';
import { runWrk, type WrkResult } from '../lib/wrk';

export interface InboxContext {
  quick: boolean;
  tmp: string;
  attachmentFile: string;
  sink: Sink;
}

const OTHER_MESSAGES = 100_000;
/** Runs of each target, taken in turns (see `compare`). */
const ROUNDS = 3;

/**
 * Inbox read: `GET /api/v1/messages` of a mailbox holding 20 messages, wrk with 50
 * connections, first with 100 messages in the whole store, then with 100,000 more in other
 * mailboxes (filled through the store's own pipeline by fill.ts). Baseline: a bare node:http
 * server answering the very same body.
 */
export async function runInbox(
  ctx: InboxContext,
  server: BenchServer,
  opts: { prefix: string; fill: { sqlite: string } | { redis: string }; beside?: string },
): Promise<void> {
  const seconds = ctx.quick ? 2 : 5;
  const send = async (to: string, messages: number) => {
    const r = await runSource({
      port: server.smtpPort,
      sessions: 1,
      messages,
      reuse: true,
      size: '1k',
      attachmentFile: ctx.attachmentFile,
      to,
      pids: [],
    });
    if (!r.ok) throw new Error(`filling the inbox failed: ${r.error}`);
  };
  const inbox = await createMailbox(server.httpUrl);
  const other = await createMailbox(server.httpUrl);
  await send(inbox.email, 20);
  await send(other.email, 80);

  const url = `${server.httpUrl}/api/v1/messages`;
  const headers = { authorization: `Bearer ${inbox.token}` };
  const res = await fetch(url, { headers });
  const body = Buffer.from(await res.arrayBuffer());
  const count = (JSON.parse(body.toString()) as { messages: unknown[] }).messages.length;
  if (count !== 20) throw new Error(`the inbox lists ${count} messages, not 20`);
  const bodyFile = join(ctx.tmp, `inbox-body-${opts.prefix}.json`);
  writeFileSync(bodyFile, body);
  // The headers our answer carried, for the framework floor (the connection's own left out).
  const headersFile = join(ctx.tmp, `inbox-headers-${opts.prefix}.json`);
  const perConnection = new Set(['date', 'connection', 'keep-alive', 'content-length']);
  const answerHeaders: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!perConnection.has(name)) answerHeaders[name] = value;
  });
  writeFileSync(headersFile, JSON.stringify(answerHeaders));
  const baseline = await startBaseline(bodyFile);
  const floor = await startFastifyFloor(bodyFile, headersFile);
  const bareUrl = `${baseline.httpUrl}/json`;
  const floorUrl = `${floor.httpUrl}/json`;
  /**
   * The server's CPU time per answered request of each of our runs: the work a request costs
   * us, which a machine shared with other work moves much less than the rate.
   */
  const cpuPerRequestUs = new Map<WrkResult, number>();
  const run = async (target: string, runSeconds: number) => {
    const cpuBefore = target === url ? cpuMs(server.pid) : 0;
    const result = await runWrk({
      url: target,
      headers,
      connections: 50,
      threads: 2,
      seconds: runSeconds,
    });
    if (target === url && result.requests > 0) {
      cpuPerRequestUs.set(result, ((cpuMs(server.pid) - cpuBefore) * 1000) / result.requests);
    }
    return result;
  };
  /**
   * Every target gets the same request, token included, after a short warm-up (JIT) that is not
   * counted; then ROUNDS runs each, taking turns, so that a slow spell of the shared machine
   * falls on all of them. Each figure is the run with the median rate (its latencies with it).
   */
  const compare = async (targets: string[]): Promise<WrkResult[]> => {
    for (const target of targets) await run(target, 2);
    const runs: WrkResult[][] = targets.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, target] of targets.entries()) runs[i]!.push(await run(target, seconds));
    }
    return runs.map((results) => {
      const sorted = [...results].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
      const errors = results.reduce((sum, r) => sum + r.errors, 0);
      const median = sorted[Math.floor(sorted.length / 2)]!;
      const cpu = cpuPerRequestUs.get(median);
      const result = { ...median, errors };
      if (cpu !== undefined) cpuPerRequestUs.set(result, cpu);
      return result;
    });
  };

  const figures = (store: string, ours: WrkResult, bare: WrkResult) => {
    const id = `${opts.prefix}.${store}`;
    const invalid = ours.errors ? `${ours.errors} errors or non-2xx answers` : undefined;
    const beside = (metric: string, digits: number) => {
      const f = opts.beside && recorded(`${opts.beside}.${store}.${metric}`);
      return f ? `SQLite mode ${f.ours.toFixed(digits)}` : undefined;
    };
    const label = store === 'small' ? '100 msgs in store' : '+100,000 other msgs';
    report({
      id: `${id}.rps`,
      label: `${opts.prefix} GET /messages (20), ${label}`,
      unit: 'req/s',
      ours: ours.requestsPerSecond,
      baseline: { name: 'bare node:http', value: bare.requestsPerSecond },
      goal: { on: 'ratio', op: '>=', limit: 0.7 },
      note: [
        `${body.length} B body, 50 conns, median of ${ROUNDS} runs`,
        cpuPerRequestUs.has(ours) && `server CPU ${cpuPerRequestUs.get(ours)!.toFixed(1)} µs/req`,
        beside('rps', 0),
      ]
        .filter(Boolean)
        .join('; '),
      invalid,
    });
    report({
      id: `${id}.p99`,
      label: `${opts.prefix} GET /messages (20), ${label}, p99`,
      unit: 'ms',
      ours: ours.p99Ms,
      baseline: { name: 'bare node:http', value: bare.p99Ms },
      goal: { on: 'value', op: '<=', limit: 10 },
      note: [`p50 ${ours.p50Ms.toFixed(2)} ms`, beside('p99', 2)].filter(Boolean).join('; '),
      invalid,
    });
  };

  try {
    const [bareSmall, oursSmall, floorSmall] = await compare([bareUrl, url, floorUrl]);
    figures('small', oursSmall!, bareSmall!);
    report({
      id: `${opts.prefix}.floor.rps`,
      label: `${opts.prefix} fastify floor (same body+headers)`,
      unit: 'req/s',
      ours: floorSmall!.requestsPerSecond,
      baseline: { name: 'bare node:http', value: bareSmall!.requestsPerSecond },
      note: 'fastify alone, no hook, store or token: the most a fastify route can reach',
    });

    const filled = await fillStore(opts.fill, OTHER_MESSAGES);
    process.stdout.write(
      `  (filled ${filled.stored.toLocaleString('en-US')} other messages through the store's pipeline in ${filled.seconds.toFixed(1)} s)\n`,
    );
    const [bareBig, oursBig] = await compare([bareUrl, url]);
    figures('big', oursBig!, bareBig!);
  } finally {
    await Promise.all([baseline.stop(), floor.stop()]);
  }
}
