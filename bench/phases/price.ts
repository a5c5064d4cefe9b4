import { createMailbox, listMessages } from '../lib/api';
import { startParseCpu } from '../lib/parse-cpu-process';
import {
  installPeers,
  startHaraka,
  startMailDev,
  startPipelineFloor,
  startSmtpFloor,
  type PeerServer,
} from '../lib/peers';
import { mainThreadCpuMs, percentile } from '../lib/proc';
import { report } from '../lib/report';
import { beforeBuild, BENCH_DOMAIN, startServer, type BenchServer } from '../lib/server';
import { runSource } from '../lib/smtp';

export interface PriceContext {
  quick: boolean;
  attachmentFile: string;
  /** The DKIM-signed 1 KB sign-up mail (writeSignedMessage). */
  signedFile: string;
}

/** One load: a message file sent by smtp-source in one shape. */
interface Load {
  id: string;
  label: string;
  file: 'signed' | 'attachment';
  sessions: number;
  reuse: boolean;
  messages: number;
}

const LOADS: Load[] = [
  {
    id: 'signed1k.s10.reuse',
    label: '1 KB DKIM-signed, 10 sess, reused conn',
    file: 'signed',
    sessions: 10,
    reuse: true,
    messages: 3000,
  },
  {
    id: 'signed1k.s50.conn',
    label: '1 KB DKIM-signed, 50 sess, conn/msg',
    file: 'signed',
    sessions: 50,
    reuse: false,
    messages: 2000,
  },
  {
    id: '100k.s10.reuse',
    label: '100 KB att. DKIM-signed, 10 sess, reused conn',
    file: 'attachment',
    sessions: 10,
    reuse: true,
    messages: 600,
  },
];

/** A server the load is sent to: ours or the before-build (with a store to count in) or a peer. */
interface Target {
  key: string;
  name: string;
  pid: number;
  smtpPort: number;
  /** Ours and the before-build: each run goes to a fresh mailbox, counted through the API. */
  server?: BenchServer;
}

/** What one run of a load on a target gave. */
interface Run {
  rate: number;
  cpu: number;
  main: number;
  problem?: string;
}

const median = (runs: Run[], pick: (r: Run) => number) => percentile(runs.map(pick), 50);
const fmt = (n: number) => n.toFixed(3);

/**
 * The price of reading and checking in workers: the same loads sent by smtp-source to our server
 * with the sender checks on (mailauth as shipped) and off, to the before-build (`BENCH_BEFORE`)
 * both ways, to Haraka and MailDev, which check nothing, to smtp-server alone, discarding (the
 * floor of our SMTP library), and to the bare pipeline of the three libraries with a reading
 * thread and a writer thread (the floor of our design), in turns whose order rotates. Each line
 * is a median of the turns: the server's CPU per message (every thread), its main thread's alone
 * (`/proc/PID/task/PID/stat`), and the messages per second acknowledged and stored. Beside them,
 * the CPU mailparser as shipped takes to read the load's message, in a process of its own.
 */
export async function runPrice(ctx: PriceContext): Promise<void> {
  installPeers();
  const before = beforeBuild();
  const turns = ctx.quick ? 1 : 3;
  const servers: [string, Promise<BenchServer>][] = [
    ['on', startServer()],
    ['off', startServer({ SENDER_CHECKS: 'off' })],
    ...(before
      ? ([
          ['before-on', startServer({}, { build: before })],
          ['before-off', startServer({ SENDER_CHECKS: 'off' }, { build: before })],
        ] as [string, Promise<BenchServer>][])
      : []),
  ];
  const started: { stop(): Promise<void> }[] = [];
  try {
    const targets: Target[] = [];
    for (const [key, starting] of servers) {
      const server = await starting;
      started.push(server);
      const name = `${server.build.name}, sender checks ${key.endsWith('off') ? 'off' : 'on'}`;
      targets.push({ key, name, pid: server.pid, smtpPort: server.smtpPort, server });
    }
    for (const [key, start] of [
      ['haraka', startHaraka],
      ['maildev', startMailDev],
      ['floor', startSmtpFloor],
      ['pipeline', startPipelineFloor],
    ] as [string, () => Promise<PeerServer>][]) {
      const peer = await start();
      started.push(peer);
      targets.push({ key, name: peer.name, pid: peer.pid, smtpPort: peer.smtpPort });
    }

    for (const load of LOADS) {
      const messages = ctx.quick ? Math.round(load.messages / 5) : load.messages;
      const file = load.file === 'signed' ? ctx.signedFile : ctx.attachmentFile;
      const runs = new Map<string, Run[]>(targets.map((t) => [t.key, []]));
      const once = async (target: Target): Promise<Run> => {
        const to = target.server
          ? await createMailbox(target.server.httpUrl)
          : { email: `sink@${BENCH_DOMAIN}`, token: '' };
        const main0 = mainThreadCpuMs(target.pid);
        const run = await runSource({
          port: target.smtpPort,
          sessions: load.sessions,
          messages,
          reuse: load.reuse,
          size: '1k',
          file,
          attachmentFile: ctx.attachmentFile,
          to: to.email,
          pids: [target.pid],
        });
        const main = mainThreadCpuMs(target.pid) - main0;
        const accepted = run.ok ? run.sent : Math.max(0, run.sent - 1);
        const stored = target.server
          ? (await listMessages(target.server.httpUrl, to.token)).messages.length
          : accepted;
        const counted = Math.min(accepted, stored);
        const problems = [
          run.error,
          stored < accepted && `${accepted - stored} accepted but not stored`,
          !run.ok && !run.error && `only ${run.sent}/${messages} sent`,
        ].filter(Boolean);
        return {
          rate: counted / run.seconds,
          cpu: run.cpuMs[0]! / Math.max(1, counted),
          main: main / Math.max(1, counted),
          problem: problems.length ? `${target.name}: ${problems.join(', ')}` : undefined,
        };
      };
      // Warm-up of each target (JIT, pools), not counted.
      for (const target of targets) await once(target);
      for (let turn = 0; turn < turns; turn++) {
        // The order rotates, so that no target always runs first on a rested machine.
        const order = targets.map((_, i) => targets[(i + turn) % targets.length]!);
        for (const target of order) runs.get(target.key)!.push(await once(target));
      }
      const parse = await startParseCpu(file, Math.round(messages / 10));
      const parseMs: number[] = [];
      try {
        for (let turn = 0; turn < turns; turn++) parseMs.push(await parse.turn(messages));
      } finally {
        await parse.stop();
      }
      reportLoad(load, messages, turns, targets, runs, percentile(parseMs, 50));
    }
  } finally {
    await Promise.all(started.map((s) => s.stop()));
  }
}

function reportLoad(
  load: Load,
  messages: number,
  turns: number,
  targets: Target[],
  runs: Map<string, Run[]>,
  parseMs: number,
): void {
  const of = (key: string) => runs.get(key);
  const problems = [...runs.values()].flatMap((r) => r.map((x) => x.problem).filter(Boolean));
  const invalid = problems.length ? problems.join('; ') : undefined;
  const each = (key: string, pick: (r: Run) => number) =>
    of(key)!
      .map((r) => fmt(pick(r)))
      .join(' ');
  const name = (key: string) => targets.find((t) => t.key === key)!.name;
  const count = `medians of ${turns} turns of ${messages}`;
  const on = of('on')!;
  const off = of('off')!;
  const beforeOn = of('before-on');
  const beforeOff = of('before-off');
  const cpu = (r: Run) => r.cpu;
  const main = (r: Run) => r.main;
  const rate = (r: Run) => r.rate;

  report({
    id: `price.${load.id}.cpu`,
    label: `price ${load.label}: CPU, checks on`,
    unit: 'ms/msg',
    ours: median(on, cpu),
    baseline: { name: 'SENDER_CHECKS=off', value: median(off, cpu) },
    note:
      `the checks ≈ ${fmt(median(on, cpu) - median(off, cpu))} ms/msg; ${count} ` +
      `(on ${each('on', cpu)}; off ${each('off', cpu)})` +
      (beforeOn && beforeOff
        ? `; ${name('before-on').split(',')[0]} on ${fmt(median(beforeOn, cpu))}, off ${fmt(median(beforeOff, cpu))}`
        : ''),
    invalid,
  });
  report({
    id: `price.${load.id}.main`,
    label: `price ${load.label}: main thread CPU, checks on`,
    unit: 'ms/msg',
    ours: median(on, main),
    baseline: beforeOn
      ? { name: name('before-on').split(',')[0]!, value: median(beforeOn, main) }
      : { name: 'SENDER_CHECKS=off', value: median(off, main) },
    goal: beforeOn ? { on: 'ratio', op: '<=', limit: 1 } : undefined,
    note:
      `the rest of the CPU on other threads: ${fmt(median(on, cpu) - median(on, main))} ms/msg; ` +
      `checks off ${fmt(median(off, main))}` +
      (beforeOff ? `, before-build checks off ${fmt(median(beforeOff, main))}` : '') +
      `; ${count} (${each('on', main)})`,
    invalid,
  });
  for (const peer of ['haraka', 'maildev']) {
    const theirs = of(peer)!;
    report({
      id: `price.${load.id}.${peer}`,
      label: `price ${load.label}: rate, checks off`,
      unit: 'msg/s',
      ours: median(off, rate),
      baseline: { name: name(peer), value: median(theirs, rate) },
      goal: { on: 'ratio', op: '>=', limit: 1 },
      note:
        `CPU ${fmt(median(off, cpu))} ms/msg against ${fmt(median(theirs, cpu))}; ` +
        `checks on ${median(on, rate).toFixed(0)} msg/s` +
        (beforeOff && beforeOn
          ? `; before-build off ${median(beforeOff, rate).toFixed(0)}, on ${median(beforeOn, rate).toFixed(0)} msg/s`
          : '') +
        `; ${count} (ours ${of('off')!
          .map((r) => r.rate.toFixed(0))
          .join(' ')}; theirs ${theirs.map((r) => r.rate.toFixed(0)).join(' ')})`,
      invalid,
    });
  }
  // The two floors: smtp-server alone, and the bare pipeline of our design.
  const againstFloor = (key: 'floor' | 'pipeline', more: string) => {
    const theirs = of(key)!;
    report({
      id: `price.${load.id}.${key}`,
      label: `price ${load.label}: rate, checks off`,
      unit: 'msg/s',
      ours: median(off, rate),
      baseline: { name: name(key), value: median(theirs, rate) },
      note:
        `CPU ${fmt(median(off, cpu))} ms/msg against ${fmt(median(theirs, cpu))}, main thread ` +
        `${fmt(median(off, main))} against ${fmt(median(theirs, main))}; Haraka's rate ` +
        `${(median(of('haraka')!, rate) / median(theirs, rate)).toFixed(2)}x the ${key}'s; ` +
        `${more}${count} (${key} ${theirs.map((r) => r.rate.toFixed(0)).join(' ')})`,
      invalid,
    });
  };
  againstFloor(
    'floor',
    `mailparser alone reads the message in ${fmt(parseMs)} ms of CPU, so one sender's reading ` +
      `thread reads at most ${(1000 / parseMs).toFixed(0)} msg/s; `,
  );
  againstFloor('pipeline', '');
}
