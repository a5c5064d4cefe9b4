import { createMailbox, listMessages } from '../lib/api';
import type { Goal } from '../lib/report';
import { recorded, report } from '../lib/report';
import type { BenchServer } from '../lib/server';
import { runSource, type Sink, type Size } from '../lib/smtp';

export interface IngestContext {
  quick: boolean;
  attachmentFile: string;
  sink: Sink;
}

export interface Scenario {
  size: Size;
  sessions: number;
  reuse: boolean;
}

/** Every combination measured: two sizes, 1/10/50 sessions, both connection modes. */
export const ALL_SCENARIOS: Scenario[] = (['1k', '100k'] as Size[]).flatMap((size) =>
  [false, true].flatMap((reuse) => [1, 10, 50].map((sessions) => ({ size, sessions, reuse }))),
);

/** Messages per run: enough for a few seconds of load at each point. */
export function messagesFor({ size, sessions }: Scenario, quick: boolean): number {
  const full =
    size === '1k'
      ? { 1: 1000, 10: 5000, 50: 10_000 }[sessions]!
      : { 1: 200, 10: 800, 50: 1500 }[sessions]!;
  return quick ? Math.max(50, Math.round(full / 5)) : full;
}

/** The goals of the ingest figures (bench/README.md; smtp-sink as the baseline). */
function rateGoal({ size, sessions, reuse }: Scenario): Goal | undefined {
  if (sessions !== 50) return undefined;
  if (size === '1k') return { on: 'ratio', op: '>=', limit: reuse ? 0.4 : 0.45 };
  return reuse ? undefined : { on: 'ratio', op: '>=', limit: 0.5 };
}

export const describe = ({ size, sessions, reuse }: Scenario) =>
  `${size === '1k' ? '1 KB' : '100 KB att.'}, ${sessions} sess, ${reuse ? 'reused conn' : 'conn/msg'}`;

export const scenarioId = ({ size, sessions, reuse }: Scenario) =>
  `${size}.s${sessions}.${reuse ? 'reuse' : 'conn'}`;

/**
 * SMTP ingest against smtp-sink, interleaved per scenario so that both see the same machine.
 * Ours sends to a fresh mailbox per run; afterwards the API must list exactly the messages
 * smtp-source got a 250 for. The rate counts only messages both accepted and listed.
 */
export async function runIngest(
  ctx: IngestContext,
  server: BenchServer,
  opts: { scenarios: Scenario[]; prefix: string; extraPids?: number[]; beside?: string },
): Promise<void> {
  // Warm-up (JIT, connection pools), not counted.
  const warm = await createMailbox(server.httpUrl);
  await runSource({
    port: server.smtpPort,
    sessions: 10,
    messages: ctx.quick ? 200 : 1000,
    reuse: false,
    size: '1k',
    attachmentFile: ctx.attachmentFile,
    to: warm.email,
    pids: [server.pid],
  });

  let lostTotal = 0;
  for (const scenario of opts.scenarios) {
    const messages = messagesFor(scenario, ctx.quick);
    const common = {
      sessions: scenario.sessions,
      messages,
      reuse: scenario.reuse,
      size: scenario.size,
      attachmentFile: ctx.attachmentFile,
    };
    const runSink = () =>
      runSource({ ...common, port: ctx.sink.port, to: 'sink@bench.test', pids: [ctx.sink.pid] });
    // The sink runs just before and just after ours: the machine's load drifts, and the
    // baseline is the mean of the two.
    const sinkBefore = await runSink();
    const mailbox = await createMailbox(server.httpUrl);
    const ours = await runSource({
      ...common,
      port: server.smtpPort,
      to: mailbox.email,
      pids: [server.pid, ...(opts.extraPids ?? [])],
    });
    const sinkAfter = await runSink();
    const sinkRuns = [sinkBefore, sinkAfter];
    const sink = {
      rate: (sinkBefore.sent / sinkBefore.seconds + sinkAfter.sent / sinkAfter.seconds) / 2,
      cpuPerMessage:
        sinkRuns.reduce((a, r) => a + r.cpuMs[0]!, 0) /
        Math.max(
          1,
          sinkRuns.reduce((a, r) => a + r.sent, 0),
        ),
      error: sinkRuns.map((r) => r.error).find(Boolean) ?? '',
    };
    const stored = (await listMessages(server.httpUrl, mailbox.token)).messages.length;
    // smtp-source counts a message when it sent the dot; after a refusal it stops, having
    // counted the refused one too.
    const accepted = ours.ok ? ours.sent : Math.max(0, ours.sent - 1);
    const counted = Math.min(accepted, stored);
    const lost = Math.max(0, accepted - stored);
    lostTotal += lost;
    const problems = [
      ours.error,
      lost && `${lost} accepted but not stored`,
      !ours.ok && !ours.error && `only ${ours.sent}/${messages} sent`,
      sink.error && `sink: ${sink.error}`,
    ].filter(Boolean);
    const id = `${opts.prefix}.${scenarioId(scenario)}`;
    const beside = opts.beside ? `${opts.beside}.${scenarioId(scenario)}` : undefined;
    report({
      id: `${id}.rate`,
      label: `${opts.prefix} ${describe(scenario)}`,
      unit: 'msg/s',
      ours: counted / ours.seconds,
      baseline: { name: 'smtp-sink', value: sink.rate },
      goal: rateGoal(scenario),
      note: `${counted}/${messages} accepted+stored${besideNote(beside, 'rate')}`,
      invalid: problems.length ? problems.join('; ') : undefined,
    });
    const extraCpu = ours.cpuMs.slice(1).reduce((a, b) => a + b, 0);
    report({
      id: `${id}.cpu`,
      label: `${opts.prefix} ${describe(scenario)} CPU`,
      unit: 'ms/msg',
      ours: ours.cpuMs[0]! / Math.max(1, counted),
      baseline: { name: 'smtp-sink', value: sink.cpuPerMessage },
      goal: scenario.size === '1k' ? { on: 'value', op: '<=', limit: 0.4 } : undefined,
      note:
        `${Math.round((100 * ours.sysMs[0]!) / Math.max(1, ours.cpuMs[0]!))}% system time` +
        (extraCpu ? `; redis-server ${(extraCpu / Math.max(1, counted)).toFixed(3)} ms/msg` : '') +
        besideNote(beside, 'cpu'),
    });
  }
  report({
    id: `${opts.prefix}.lost`,
    label: `${opts.prefix} messages lost (250 but not listed)`,
    unit: '',
    ours: lostTotal,
    goal: { on: 'value', op: '==', limit: 0 },
  });
}

function besideNote(id: string | undefined, metric: string): string {
  const f = id && recorded(`${id}.${metric}`);
  if (!f) return '';
  return `; SQLite mode ${f.ours.toFixed(metric === 'cpu' ? 3 : 0)}`;
}
