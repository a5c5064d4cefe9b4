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

/** One server measured by the inbox phase: its store, the prefix of its figures and its goal. */
export interface InboxMode {
  prefix: string;
  server: BenchServer;
  fill: { sqlite: string } | { redis: string };
  /** The least rate, as a share of bare node:http, the mode must reach. */
  rateGoal: number;
  /** A mode measured in the same turns whose rate this one's is compared with (`vsGoal`). */
  vs?: { prefix: string; name: string; goal: number };
}

/**
 * Inbox read: `GET /api/v1/messages` of a mailbox holding 20 messages, wrk with 50
 * connections, first with 100 messages in the whole store, then with 100,000 more in other
 * mailboxes (filled through the store's own pipeline by fill.ts). Baseline: a bare node:http
 * server answering the very same body. Several modes (SQLite and Redis) are measured in the
 * same turns, so a comparison between them sees the same machine.
 */
export async function runInbox(ctx: InboxContext, modes: InboxMode[]): Promise<void> {
  const seconds = ctx.quick ? 2 : 5;
  const send = async (server: BenchServer, to: string, messages: number) => {
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

  /** A mode's inbox: 20 messages, 80 more elsewhere, and the body and headers it answers. */
  const prepare = async (mode: InboxMode) => {
    const inbox = await createMailbox(mode.server.httpUrl);
    const other = await createMailbox(mode.server.httpUrl);
    await send(mode.server, inbox.email, 20);
    await send(mode.server, other.email, 80);
    const url = `${mode.server.httpUrl}/api/v1/messages`;
    const headers = { authorization: `Bearer ${inbox.token}` };
    const res = await fetch(url, { headers });
    const body = Buffer.from(await res.arrayBuffer());
    const count = (JSON.parse(body.toString()) as { messages: unknown[] }).messages.length;
    if (count !== 20) throw new Error(`the inbox lists ${count} messages, not 20`);
    return { mode, url, headers, body, res };
  };
  const targets = await Promise.all(modes.map(prepare));
  // Every mode answers the same shape; the baselines answer the first one's body and headers.
  const { body, res } = targets[0]!;
  const bodyFile = join(ctx.tmp, `inbox-body-${modes[0]!.prefix}.json`);
  writeFileSync(bodyFile, body);
  // The headers our answer carried, for the framework floor (the connection's own left out).
  const headersFile = join(ctx.tmp, `inbox-headers-${modes[0]!.prefix}.json`);
  const perConnection = new Set(['date', 'connection', 'keep-alive', 'content-length']);
  const answerHeaders: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!perConnection.has(name)) answerHeaders[name] = value;
  });
  writeFileSync(headersFile, JSON.stringify(answerHeaders));
  const baseline = await startBaseline(bodyFile);
  const floor = await startFastifyFloor(bodyFile, headersFile);

  interface Target {
    url: string;
    headers: Record<string, string>;
    /** Our server's pid, whose CPU per request is read; absent for the baselines. */
    pid?: number;
  }
  const bare: Target = { url: `${baseline.httpUrl}/json`, headers: targets[0]!.headers };
  const fastifyFloor: Target = { url: `${floor.httpUrl}/json`, headers: targets[0]!.headers };
  const ours: Target[] = targets.map((t) => ({
    url: t.url,
    headers: t.headers,
    pid: t.mode.server.pid,
  }));
  /**
   * The server's CPU time per answered request of each of our runs: the work a request costs
   * us, which a machine shared with other work moves much less than the rate.
   */
  const cpuPerRequestUs = new Map<WrkResult, number>();
  const run = async (target: Target, runSeconds: number) => {
    const cpuBefore = target.pid === undefined ? 0 : cpuMs(target.pid);
    const result = await runWrk({
      url: target.url,
      headers: target.headers,
      connections: 50,
      threads: 2,
      seconds: runSeconds,
    });
    if (target.pid !== undefined && result.requests > 0) {
      cpuPerRequestUs.set(result, ((cpuMs(target.pid) - cpuBefore) * 1000) / result.requests);
    }
    return result;
  };
  /**
   * Every target gets its request after a short warm-up (JIT) that is not counted; then ROUNDS
   * runs each, taking turns, so that a slow spell of the shared machine falls on all of them.
   * Each figure is the run with the median rate (its latencies with it).
   */
  const compare = async (list: Target[]): Promise<WrkResult[]> => {
    for (const target of list) await run(target, 2);
    const runs: WrkResult[][] = list.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, target] of list.entries()) runs[i]!.push(await run(target, seconds));
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

  const figures = (mode: InboxMode, store: string, result: WrkResult, bareResult: WrkResult) => {
    const id = `${mode.prefix}.${store}`;
    const invalid = result.errors ? `${result.errors} errors or non-2xx answers` : undefined;
    const label = store === 'small' ? '100 msgs in store' : '+100,000 other msgs';
    report({
      id: `${id}.rps`,
      label: `${mode.prefix} GET /messages (20), ${label}`,
      unit: 'req/s',
      ours: result.requestsPerSecond,
      baseline: { name: 'bare node:http', value: bareResult.requestsPerSecond },
      goal: { on: 'ratio', op: '>=', limit: mode.rateGoal },
      note: [
        `${body.length} B body, 50 conns, median of ${ROUNDS} runs`,
        cpuPerRequestUs.has(result) &&
          `server CPU ${cpuPerRequestUs.get(result)!.toFixed(1)} µs/req`,
      ]
        .filter(Boolean)
        .join('; '),
      invalid,
    });
    report({
      id: `${id}.p99`,
      label: `${mode.prefix} GET /messages (20), ${label}, p99`,
      unit: 'ms',
      ours: result.p99Ms,
      baseline: { name: 'bare node:http', value: bareResult.p99Ms },
      goal: { on: 'value', op: '<=', limit: 10 },
      note: `p50 ${result.p50Ms.toFixed(2)} ms`,
      invalid,
    });
    const vs = mode.vs && recorded(`${mode.vs.prefix}.${store}.rps`);
    if (mode.vs && vs) {
      report({
        id: `${id}.vs`,
        label: `${mode.prefix} GET /messages (20), ${label}, vs ${mode.vs.name}`,
        unit: 'req/s',
        ours: result.requestsPerSecond,
        baseline: { name: mode.vs.name, value: vs.ours },
        goal: { on: 'ratio', op: '>=', limit: mode.vs.goal },
        note: 'the same turns',
        invalid,
      });
    }
  };

  try {
    const small = await compare([bare, ...ours, fastifyFloor]);
    const bareSmall = small[0]!;
    modes.forEach((mode, i) => figures(mode, 'small', small[1 + i]!, bareSmall));
    report({
      id: `${modes[0]!.prefix}.floor.rps`,
      label: `${modes[0]!.prefix} fastify floor (same body+headers)`,
      unit: 'req/s',
      ours: small.at(-1)!.requestsPerSecond,
      baseline: { name: 'bare node:http', value: bareSmall.requestsPerSecond },
      note: 'fastify alone, no hook, store or token: the most a fastify route can reach',
    });

    for (const mode of modes) {
      const filled = await fillStore(mode.fill, OTHER_MESSAGES);
      process.stdout.write(
        `  (${mode.prefix}: filled ${filled.stored.toLocaleString('en-US')} other messages through the store's pipeline in ${filled.seconds.toFixed(1)} s${filled.settleSeconds === undefined ? '' : `, then ${filled.settleSeconds.toFixed(1)} s until redis-server's AOF rewrite was done`})\n`,
      );
    }
    const big = await compare([bare, ...ours]);
    modes.forEach((mode, i) => figures(mode, 'big', big[1 + i]!, big[0]!));
  } finally {
    await Promise.all([baseline.stop(), floor.stop()]);
  }
}
