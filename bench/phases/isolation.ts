import { createMailbox } from '../lib/api';
import { asData, openLines, openStream } from '../lib/probe';
import { percentile, sleep } from '../lib/proc';
import { report } from '../lib/report';
import { startRedis } from '../lib/redis';
import { beforeBuild, OURS, startServer, type ServerBuild } from '../lib/server';

/** A message the hostile senders send, by name. */
export interface HostileLoad {
  name: string;
  raw: Buffer;
}

export interface IsolationOptions {
  quick: boolean;
  stores: ('sqlite' | 'redis')[];
  /** What the 10 hostile connections send, each going through the list from its own place. */
  load: HostileLoad[];
}

/** Hostile connections sending at once. */
const HOSTILE_CONNECTIONS = 10;
/** How long a probe waits for its event: past it, it counts as this long. */
const PROBE_TIMEOUT_MS = 30_000;

/** The normal mail of the isolation probes: about 1 KB, a code in it. */
function normalMessage(to: string, n: number): string {
  const body = `Il tuo codice di verifica è ${100000 + n}. `.repeat(24);
  return [
    'From: Probe <probe@example.org>',
    `To: <${to}>`,
    `Subject: Probe ${n}`,
    `Message-ID: <hostile-probe-${n}-${Date.now()}@example.org>`,
    '',
    body,
    '.',
    '',
  ].join('\r\n');
}

/** What one side measured: the probes' times in ms, idle and under the hostile load. */
interface Sample {
  mail: number[];
  api: number[];
  greeting: number[];
  /** Probes whose event had not come after PROBE_TIMEOUT_MS. */
  late: number;
}

interface SideResult {
  build: ServerBuild;
  idle: Sample;
  loaded: Sample;
  /** Hostile messages answered 250 per second, and other answers. */
  accepted: number;
  refused: number;
  seconds: number;
  /** `tempmail_read_deadlines_total` by step, null when the build has no such metric. */
  deadlines: Map<string, number> | null;
}

/** The labelled samples of `tempmail_read_deadlines_total`, by step. */
async function readDeadlines(metricsUrl: string | null): Promise<Map<string, number> | null> {
  if (!metricsUrl) return null;
  const text = await (await fetch(`${metricsUrl}/metrics`)).text();
  if (!text.includes('tempmail_read_deadlines_total')) return null;
  const steps = new Map<string, number>();
  for (const m of text.matchAll(/^tempmail_read_deadlines_total\{step="([^"]*)"\} (\S+)$/gm)) {
    steps.set(m[1]!, Number(m[2]));
  }
  return steps;
}

/**
 * One build on one store: a normal 1 KB mail from another address (127.0.0.2) to another
 * mailbox, each on a new connection, timed from connect to its greeting and to its
 * `message.received` event on an open stream, and `GET /api/v1/mailbox` every 10 ms; idle, then
 * while 10 connections from 127.0.0.1 send the hostile messages in turn, each as soon as the
 * last was answered. A sample ends after its probes or its time, whichever comes first.
 */
async function measureSide(
  store: 'sqlite' | 'redis',
  build: ServerBuild,
  load: HostileLoad[],
  quick: boolean,
): Promise<SideResult> {
  const redis = store === 'redis' ? await startRedis() : null;
  const server = await startServer(redis ? { STORE_URL: redis.url } : {}, { build });
  try {
    const target = await createMailbox(server.httpUrl);
    const normal = await createMailbox(server.httpUrl);
    const stream = await openStream(`${server.httpUrl}/api/v1/events`, normal.token);
    const probes = quick ? 40 : 150;
    const sampleMs = (quick ? 20 : 60) * 1000;
    const port = server.smtpPort;

    /** One normal mail: connect → greeting and connect → event, in ms (null: no event). */
    const mailOnce = async (n: number) => {
      const start = performance.now();
      // Another host than the hostile senders' (127.0.0.1).
      const smtp = await openLines(port, '127.0.0.2');
      try {
        const greeting = (await smtp.next()).at - start;
        await smtp.send('EHLO probe.bench.test\r\n');
        await smtp.send('MAIL FROM:<probe@example.org>\r\n');
        await smtp.send(`RCPT TO:<${normal.email}>\r\n`);
        await smtp.send('DATA\r\n');
        const done = await smtp.send(normalMessage(normal.email, n));
        const id = /queued as (\S+)/.exec(done.line)?.[1];
        if (!id) throw new Error(`normal mail: ${done.line}`);
        const at = await stream.waitFor(id, PROBE_TIMEOUT_MS);
        return { greeting, mail: at === null ? null : at - start };
      } finally {
        smtp.close();
      }
    };
    const apiOnce = async (): Promise<number> => {
      const start = performance.now();
      const res = await fetch(`${server.httpUrl}/api/v1/mailbox`, {
        headers: { authorization: `Bearer ${normal.token}` },
      });
      await res.arrayBuffer();
      return performance.now() - start;
    };
    const sample = async (): Promise<Sample> => {
      const s: Sample = { mail: [], api: [], greeting: [], late: 0 };
      let running = true;
      const apiLoop = (async () => {
        while (running) {
          s.api.push(await apiOnce());
          await sleep(10);
        }
      })();
      const start = performance.now();
      for (let n = 0; n < probes && performance.now() - start < sampleMs; n++) {
        const t = await mailOnce(n);
        s.greeting.push(t.greeting);
        if (t.mail === null) s.late++;
        s.mail.push(t.mail ?? PROBE_TIMEOUT_MS);
        await sleep(20);
      }
      running = false;
      await apiLoop;
      return s;
    };

    for (let n = 0; n < 10; n++) await mailOnce(-1 - n); // warm-up
    const idle = await sample();
    const deadlinesBefore = await readDeadlines(server.metricsUrl);

    let sending = true;
    let accepted = 0;
    let refused = 0;
    const datas = load.map((l) => asData(l.raw));
    const senders = Array.from({ length: HOSTILE_CONNECTIONS }, async (_, c) => {
      let next = c;
      while (sending) {
        const smtp = await openLines(port);
        try {
          await smtp.next();
          await smtp.send('EHLO hostile.bench.test\r\n');
          while (sending) {
            const mail = await smtp.send('MAIL FROM:<hostile@example.org>\r\n');
            if (!mail.line.startsWith('250')) break;
            await smtp.send(`RCPT TO:<${target.email}>\r\n`);
            const go = await smtp.send('DATA\r\n');
            if (!go.line.startsWith('354')) break;
            const done = await smtp.send(datas[next++ % datas.length]!);
            if (done.line.startsWith('250')) accepted++;
            else refused++;
          }
        } finally {
          smtp.close();
        }
      }
    });
    const loadStart = performance.now();
    await sleep(1000);
    const loaded = await sample();
    sending = false;
    await Promise.all(senders);
    const seconds = (performance.now() - loadStart) / 1000;
    stream.close();
    const after = await readDeadlines(server.metricsUrl);
    const deadlines = after
      ? new Map([...after].map(([step, n]) => [step, n - (deadlinesBefore?.get(step) ?? 0)]))
      : null;
    return { build, idle, loaded, accepted, refused, seconds, deadlines };
  } finally {
    await server.stop();
    await redis?.stop();
  }
}

const GOALS_MS = { mail: 250, api: 100, greeting: 250 } as const;
const LABELS = {
  mail: 'normal mail connect → event',
  api: 'GET /api/v1/mailbox',
  greeting: 'SMTP greeting',
} as const;

/**
 * Isolation: on each store, ours and then the before-build (`BENCH_BEFORE`) under the same
 * hostile load. Each p99 of ours is a line beside its idle figure (the goal) and beside the
 * before-build's under load; the deadlines the workers hit are counted from the metrics.
 */
export async function runIsolation({ quick, stores, load }: IsolationOptions): Promise<void> {
  const before = beforeBuild();
  process.stdout.write(
    `isolation: ${HOSTILE_CONNECTIONS} connections sending in turn ${load.map((l) => `${l.name} (${Math.round(l.raw.length / 1024)} KB)`).join(', ')}\n`,
  );
  for (const store of stores) {
    const ours = await measureSide(store, OURS, load, quick);
    const old = before ? await measureSide(store, before, load, quick) : null;
    const rate = (r: SideResult) =>
      `${(r.accepted / r.seconds).toFixed(1)} msg/s accepted, ${r.refused} refused`;
    for (const what of ['mail', 'api', 'greeting'] as const) {
      const p = (s: Sample, q: number) => percentile(s[what], q);
      const counted = `${ours.loaded[what].length} ${what === 'api' ? 'calls' : 'probes'}`;
      report({
        id: `hostile.${store}.${what}.p99`,
        label: `${store}: ${LABELS[what]}, p99, ${HOSTILE_CONNECTIONS} hostile`,
        unit: 'ms',
        ours: p(ours.loaded, 99),
        baseline: { name: 'idle', value: p(ours.idle, 99) },
        goal: { on: 'value', op: '<=', limit: GOALS_MS[what] },
        note:
          `p50 ${p(ours.loaded, 50).toFixed(1)} ms (idle ${p(ours.idle, 50).toFixed(1)}); ${counted}` +
          (what === 'mail' ? `; hostile ${rate(ours)}` : ''),
        invalid:
          what === 'mail' && ours.loaded.late
            ? `${ours.loaded.late} events not there after ${PROBE_TIMEOUT_MS / 1000} s`
            : undefined,
      });
      if (!old) continue;
      report({
        id: `hostile.${store}.${what}.p99.before`,
        label: `${store}: ${LABELS[what]}, p99, ${HOSTILE_CONNECTIONS} hostile, builds`,
        unit: 'ms',
        ours: p(ours.loaded, 99),
        baseline: { name: old.build.name, value: p(old.loaded, 99) },
        note:
          `${old.build.name}: p50 ${p(old.loaded, 50).toFixed(1)} ms, idle p99 ${p(old.idle, 99).toFixed(1)} ms; ` +
          `${old.loaded[what].length} ${what === 'api' ? 'calls' : 'probes'}` +
          (what === 'mail'
            ? `, ${old.loaded.late} past ${PROBE_TIMEOUT_MS / 1000} s (counted as ${PROBE_TIMEOUT_MS / 1000} s); hostile ${rate(old)}`
            : ''),
      });
    }
    const steps = ours.deadlines ? [...ours.deadlines].filter(([, n]) => n > 0) : [];
    report({
      id: `hostile.${store}.deadlines`,
      label: `${store}: reading deadlines hit under the hostile load`,
      unit: '',
      ours: steps.reduce((a, [, n]) => a + n, 0),
      note: ours.deadlines
        ? `by step: ${steps.map(([s, n]) => `${s} ${n}`).join(', ') || 'none'}; of ${ours.accepted} hostile messages accepted`
        : 'no tempmail_read_deadlines_total on the metrics listener',
    });
  }
}
