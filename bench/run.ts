/**
 * `npm run bench [-- PHASE ...] [--quick]`: starts the server on free ports with throw-away
 * data, measures it beside named baselines in the same run, prints one line per figure and
 * writes every figure to bench/results/. Phases: ingest inbox view arrival memory web redis
 * client (all by default); scale, hostile (`hostile [--redis | --sqlite] [--message NAME]`),
 * price and soak
 * (`soak [--minutes N] [--redis]`) only when named. See bench/README.md.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { has, killTracked, trackDir } from './lib/proc';
import { report, section, writeResults } from './lib/report';
import { startBenchDns, writeSignedMessage } from './lib/dns';
import { BENCH_ENV, startServer } from './lib/server';
import { startSink, writeAttachmentMessage, SMTP_SINK, SMTP_SOURCE } from './lib/smtp';
import { runArrival } from './phases/arrival';
import { runClient } from './phases/client';
import { runHostile } from './phases/hostile';
import { runHostileAuth } from './phases/hostile-auth';
import { runHostileBrowser } from './phases/hostile-browser';
import { ALL_SCENARIOS, runCheckCost, runCheckCpu, runIngest } from './phases/ingest';
import { runInbox } from './phases/inbox';
import { runMemory } from './phases/memory';
import { runPrice } from './phases/price';
import { runRedis } from './phases/redis';
import { runScale } from './phases/scale';
import { runSoak, type SoakMinute } from './phases/soak';
import { runView } from './phases/view';
import { CHROMIUM, runWeb } from './phases/web';

const PHASES = [
  'ingest',
  'inbox',
  'view',
  'arrival',
  'memory',
  'web',
  'redis',
  'client',
  'scale',
  'hostile',
  'price',
  'soak',
] as const;
type Phase = (typeof PHASES)[number];
/**
 * The soak (half an hour), the scale scenario (five node processes) and the hostile search run
 * for minutes each, and the price installs other mail servers from npm: only when named.
 */
const ONLY_NAMED: readonly Phase[] = ['scale', 'hostile', 'price', 'soak'];
const DEFAULT_PHASES = PHASES.filter((p) => !ONLY_NAMED.includes(p));

/** What each phase needs from the machine, and the Debian package that brings it. */
const NEEDS: Record<Phase, [command: string, pkg: string][]> = {
  ingest: [
    [SMTP_SOURCE, 'postfix'],
    [SMTP_SINK, 'postfix'],
  ],
  inbox: [
    [SMTP_SOURCE, 'postfix'],
    ['wrk', 'wrk'],
  ],
  view: [['wrk', 'wrk']],
  arrival: [
    [SMTP_SOURCE, 'postfix'],
    [SMTP_SINK, 'postfix'],
  ],
  memory: [[SMTP_SOURCE, 'postfix']],
  web: [[CHROMIUM, 'chromium']],
  redis: [
    [SMTP_SOURCE, 'postfix'],
    [SMTP_SINK, 'postfix'],
    ['wrk', 'wrk'],
    ['redis-server', 'redis-server'],
  ],
  scale: [
    ['redis-server', 'redis-server'],
    ['redis-cli', 'redis-server'],
  ],
  client: [],
  soak: [],
  hostile: [],
  price: [[SMTP_SOURCE, 'postfix']],
};

interface Cli {
  phases: Phase[];
  quick: boolean;
  /** Length of the soak. */
  minutes: number;
  /** The soak on the Redis store (STORE_URL) rather than SQLite; hostile on Redis only. */
  redis: boolean;
  /** Hostile on SQLite only (both in turn without either flag). */
  sqlite: boolean;
  /** Hostile: the isolation part alone, with this message of hostile-inputs.ts. */
  message: string | undefined;
}

function parseCli(argv: string[]): Cli {
  const quick = argv.includes('--quick');
  const redis = argv.includes('--redis');
  const sqlite = argv.includes('--sqlite');
  let minutes = 30;
  let message: string | undefined;
  const named: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--minutes' || a.startsWith('--minutes=')) {
      minutes = Number(a.includes('=') ? a.split('=')[1] : argv[++i]);
      if (!(minutes >= 1)) {
        process.stderr.write('--minutes takes a number of minutes, 1 or more\n');
        process.exit(2);
      }
    } else if (a === '--message' || a.startsWith('--message=')) {
      message = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
    } else if (!a.startsWith('--')) named.push(a);
  }
  const unknown = named.filter((a) => !PHASES.includes(a as Phase));
  if (unknown.length) {
    process.stderr.write(`unknown phase(s): ${unknown.join(', ')}; known: ${PHASES.join(' ')}\n`);
    process.exit(2);
  }
  return {
    phases: named.length ? (named as Phase[]) : DEFAULT_PHASES,
    quick,
    minutes,
    redis,
    sqlite,
    message,
  };
}

/** File descriptors the bench needs: 10,000 event streams, each an fd here and in the server. */
const FILE_LIMIT = 12_000;

/**
 * Re-runs the bench under `ulimit -n` raised to the hard limit when the soft limit is below
 * FILE_LIMIT (often 1024); the server, started from here, inherits it.
 */
const fileLimit = () => Number(execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }));

async function rerunWithFileLimit(): Promise<void> {
  if (process.env.BENCH_FILE_LIMIT_RAISED || !(fileLimit() < FILE_LIMIT)) return;
  const child = spawn(
    'sh',
    [
      '-c',
      'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$0" "$@"',
      process.execPath,
      ...process.execArgv,
      ...process.argv.slice(1),
    ],
    { stdio: 'inherit', env: { ...process.env, BENCH_FILE_LIMIT_RAISED: '1' } },
  );
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  process.exit(code ?? 1);
}

async function main() {
  const { phases, quick, minutes, redis, sqlite, message } = parseCli(process.argv.slice(2));
  await rerunWithFileLimit();
  // Whatever ends the bench early, nothing it started outlives it.
  process.on('exit', killTracked);
  process.on('SIGINT', () => process.exit(130));
  process.on('SIGTERM', () => process.exit(143));
  process.stdout.on('error', () => process.exit(1));
  const missing = new Set<string>();
  for (const phase of phases)
    for (const [cmd, pkg] of NEEDS[phase]) if (!has(cmd)) missing.add(pkg);
  if (redis && phases.includes('soak') && !has('redis-server')) missing.add('redis-server');
  if (!sqlite && phases.includes('hostile') && !has('redis-server')) missing.add('redis-server');
  if (missing.size) {
    process.stderr.write(
      `missing: ${[...missing].join(', ')}\ninstall: apt-get install ${[...missing].join(' ')}` +
        `${missing.has('postfix') ? '  (then keep the postfix daemon stopped: service postfix stop)' : ''}\n`,
    );
    process.exit(1);
  }

  const started = Date.now();
  const loadStart = loadavg().map((l) => Number(l.toFixed(2)));
  const tmp = trackDir(mkdtempSync(join(tmpdir(), 'et-bench-run-')));
  // Every bench server checks senders, as production does, against this local resolver.
  const dns = await startBenchDns();
  BENCH_ENV.DNS_SERVERS = dns.server;
  process.on('exit', () => {
    try {
      process.kill(dns.pid);
    } catch {
      // already stopped
    }
  });
  const attachmentFile = writeAttachmentMessage(tmp);
  await dns.signFile(attachmentFile);
  process.stdout.write(
    `bench: ${phases.join(' ')}${quick ? ' (quick: smaller counts, shorter runs)' : ''}; ` +
      `${cpus().length} CPUs, load ${loadStart.join(' ')}, file limit ${fileLimit()}; ` +
      `ratio = ours / baseline\n`,
  );
  const needsSink = phases.some((p) => p === 'ingest' || p === 'arrival' || p === 'redis');
  const sink = needsSink ? await startSink() : null;
  const ctx = { quick, tmp, attachmentFile, sink: sink! };
  let soak: { rows: SoakMinute[]; settings: object } | undefined;
  try {
    for (const phase of phases) {
      section(phase);
      if (phase === 'ingest') {
        const server = await startServer();
        const off = await startServer({ SENDER_CHECKS: 'off' });
        try {
          await runIngest(ctx, server, { scenarios: ALL_SCENARIOS, prefix: 'ingest' });
          const signed = [
            {
              id: 'signed1k',
              label: '1 KB DKIM-signed',
              path: await writeSignedMessage(dns, join(tmp, 'signed-1k.eml')),
            },
            { id: '100k', label: '100 KB att. DKIM-signed', path: attachmentFile },
          ];
          await runCheckCost(ctx, { on: server, off }, signed);
          await runCheckCpu(ctx, dns.server, signed);
        } finally {
          await Promise.all([server.stop(), off.stop()]);
        }
      } else if (phase === 'inbox') {
        const server = await startServer();
        try {
          await runInbox(ctx, [
            {
              prefix: 'inbox',
              server,
              fill: { sqlite: join(server.dataDir, 'mail.sqlite') },
              rateGoal: 0.7,
            },
          ]);
        } finally {
          await server.stop();
        }
      } else if (phase === 'view') {
        await runView({ quick });
      } else if (phase === 'arrival') {
        // With the sender checks off first, then on as production runs (the goals).
        await runArrival(ctx, {
          prefix: 'arrival.checks-off',
          env: { SENDER_CHECKS: 'off' },
          noGoals: true,
        });
        await runArrival(ctx, {
          prefix: 'arrival',
          beside: 'arrival.checks-off',
          besideName: 'sender checks off',
        });
      } else if (phase === 'memory') {
        await runMemory(ctx);
      } else if (phase === 'web') {
        await runWeb(ctx);
      } else if (phase === 'scale') {
        await runScale(ctx);
      } else if (phase === 'hostile') {
        const stores = redis ? ['redis' as const] : sqlite ? ['sqlite' as const] : undefined;
        await runHostile({
          quick,
          stores: stores ?? ['sqlite', 'redis'],
          message,
          signWith: dns.key,
        });
        // The sender checks' own budget: DNS and signatures rather than parsing.
        if (!message) for (const figure of await runHostileAuth({ quick })) report(figure);
        // What the worst mail costs the visitor's tab to open, in Chromium.
        if (!message) await runHostileBrowser({ quick });
      } else if (phase === 'price') {
        const signedFile = await writeSignedMessage(dns, join(tmp, 'signed-1k.eml'));
        await runPrice({ quick, attachmentFile, signedFile });
      } else if (phase === 'client') {
        await runClient(ctx);
      } else if (phase === 'soak') {
        soak = await runSoak({ minutes, redis });
      } else {
        await runRedis(ctx);
      }
    }
  } finally {
    await sink?.stop();
    await dns.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
  writeResults({
    phases,
    quick,
    loadStart,
    ...(soak ? { soak } : {}),
    seconds: Math.round((Date.now() - started) / 1000),
  });
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
