import { createMailbox, listMessages } from '../lib/api';
import { startCheckCpu } from '../lib/check-cpu-process';
import type { Goal } from '../lib/report';
import { recorded, report } from '../lib/report';
import type { BenchServer } from '../lib/server';
import { percentile } from '../lib/proc';
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

/**
 * What the sender checks cost at ingest: the same messages to a server with the checks on (as
 * production runs) and to one with `SENDER_CHECKS=off`, in turns so both see the same machine;
 * the server's CPU per message, medians of the turns. Each file is sent by 10 reused sessions.
 */
export async function runCheckCost(
  ctx: IngestContext,
  servers: { on: BenchServer; off: BenchServer },
  files: { id: string; label: string; path: string }[],
): Promise<void> {
  const turns = ctx.quick ? 2 : 5;
  const messages = ctx.quick ? 300 : 1500;
  for (const file of files) {
    const cpu = { on: [] as number[], off: [] as number[] };
    const problems: string[] = [];
    let checked = '';
    for (let turn = 0; turn < turns; turn++) {
      // The order alternates: neither side always runs on a machine warmed by the other.
      const order = turn % 2 ? (['off', 'on'] as const) : (['on', 'off'] as const);
      for (const side of order) {
        const server = servers[side];
        const mailbox = await createMailbox(server.httpUrl);
        const run = await runSource({
          sessions: 10,
          messages,
          reuse: true,
          size: '1k',
          file: file.path,
          attachmentFile: ctx.attachmentFile,
          port: server.smtpPort,
          to: mailbox.email,
          pids: [server.pid],
        });
        if (!run.ok) problems.push(`${side}: ${run.error || `${run.sent}/${messages} sent`}`);
        cpu[side].push(run.cpuMs[0]! / Math.max(1, run.sent));
        if (side === 'on' && !checked) {
          const [first] = (await listMessages(server.httpUrl, mailbox.token)).messages;
          const a = first?.authentication;
          checked = a ? `spf=${a.spf} dkim=${a.dkim} dmarc=${a.dmarc}` : 'not checked';
        }
      }
    }
    const on = percentile(cpu.on, 50);
    const off = percentile(cpu.off, 50);
    if (checked !== 'spf=pass dkim=pass dmarc=pass') problems.push(`checks gave ${checked}`);
    report({
      id: `ingest.checks.${file.id}.cpu`,
      label: `ingest ${file.label}, 10 sess, reused conn, sender checks on: CPU`,
      unit: 'ms/msg',
      ours: on,
      baseline: { name: 'SENDER_CHECKS=off', value: off },
      note:
        `the check ≈ ${(on - off).toFixed(3)} ms/msg; medians of ${turns} turns of ${messages} ` +
        `(on ${cpu.on.map((c) => c.toFixed(3)).join(' ')}; off ${cpu.off.map((c) => c.toFixed(3)).join(' ')}); ${checked}`,
      invalid: problems.length ? problems.join('; ') : undefined,
    });
  }
}

/**
 * The check's own CPU, without the server around it: each file as the server receives it (CRLF
 * line ends), checked again and again by mailauth as the server checks it (check-cpu.ts), in one
 * process, and in another the work no DKIM verifier can skip (the key read from its record, one
 * RSA verification, the SHA-256 of the message), each its own JIT and heap as a server has, in
 * turns whose order alternates; CPU per check, medians of the turns. The answers come from the
 * bench's dnsmasq, as from a caching resolver beside the node; the node keeps none. Invalid
 * unless all three checks pass.
 */
export async function runCheckCpu(
  ctx: IngestContext,
  dnsServer: string,
  files: { id: string; label: string; path: string }[],
): Promise<void> {
  const turns = ctx.quick ? 2 : 5;
  const perTurn = ctx.quick ? 300 : 1000;
  const warmUp = ctx.quick ? 1000 : 3000;
  for (const file of files) {
    const sides = {
      check: await startCheckCpu({ dnsServer, file: file.path, floor: false, warmUp }),
      floor: await startCheckCpu({ dnsServer, file: file.path, floor: true, warmUp }),
    };
    try {
      const r = sides.check.outcome!.results;
      const checked = `spf=${r.spf} dkim=${r.dkim} dmarc=${r.dmarc}`;
      const cpu = { check: [] as number[], floor: [] as number[] };
      for (let turn = 0; turn < turns; turn++) {
        for (const which of turn % 2
          ? (['floor', 'check'] as const)
          : (['check', 'floor'] as const)) {
          cpu[which].push(await sides[which].turn(perTurn));
        }
      }
      report({
        id: `ingest.checks.${file.id}.alone`,
        label: `sender checks alone (mailauth), ${file.label}: CPU`,
        unit: 'ms/check',
        ours: percentile(cpu.check, 50),
        baseline: {
          name: 'key parse, RSA-2048 verify, SHA-256',
          value: percentile(cpu.floor, 50),
        },
        note:
          `no answers kept by the node; medians of ${turns} turns of ${perTurn} ` +
          `(mailauth ${cpu.check.map((c) => c.toFixed(3)).join(' ')}; ` +
          `floor ${cpu.floor.map((c) => c.toFixed(3)).join(' ')}); ${checked}`,
        invalid: checked === 'spf=pass dkim=pass dmarc=pass' ? undefined : `checks gave ${checked}`,
      });
    } finally {
      await Promise.all([sides.check.stop(), sides.floor.stop()]);
    }
  }
}
