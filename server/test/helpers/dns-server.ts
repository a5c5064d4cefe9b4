import { spawn, type ChildProcess } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { accessSync, constants, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { Resolver } from 'node:dns/promises';

/** A free UDP port on 127.0.0.1 (bound and released; good enough for a test). */
async function freeUdpPort(): Promise<number> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(resolve));
  return port;
}

/** dnsmasq on PATH, or where Debian's dnsmasq-base puts it (/usr/sbin is not on every PATH). */
function findDnsmasq(): string {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/sbin'];
  for (const dir of dirs.filter(Boolean)) {
    try {
      accessSync(join(dir, 'dnsmasq'), constants.X_OK);
      return join(dir, 'dnsmasq');
    } catch {
      // the next folder
    }
  }
  throw new Error(
    'dnsmasq is not installed: run npm test, which installs dnsmasq-base (scripts/prepare-tests.mjs)',
  );
}

/** One record of a test zone (`A` takes an IPv6 address too, as an AAAA record). */
export type ZoneRecord =
  | { type: 'TXT'; name: string; text: string }
  | { type: 'A'; name: string; address: string }
  | { type: 'MX'; name: string; exchange: string; priority: number };

export interface TestDnsOptions {
  /**
   * Serve the zones as their authority (dnsmasq's auth mode): every answer carries this TTL,
   * and "no such name" or "no such record" an SOA whose TTL and MINIMUM are this too. Without
   * it the TTL is 0 and negative answers carry no SOA.
   */
  ttlSeconds?: number;
  /** Zones whose questions are passed on to another server (`127.0.0.1:port`), as a resolver does. */
  forward?: Record<string, string>;
  /** The port to listen on (a server started again in place of one stopped); a free one by default. */
  port?: number;
}

export interface TestDns {
  /** `127.0.0.1:port`, for DNS_SERVERS. */
  server: string;
  /** The server's process (0 for the silent one, which lives in ours). */
  pid: number;
  /** The questions the server got so far, as `TYPE name`, in order. */
  queries(): string[];
  stop(): Promise<void>;
}

function recordLine(r: ZoneRecord): string {
  if (r.type === 'TXT') return `txt-record=${r.name},${txtStrings(r.text)}`;
  if (r.type === 'MX') return `mx-host=${r.name},${r.exchange},${r.priority}`;
  return `host-record=${r.name},${r.address}`;
}

/** A TXT value as dnsmasq wants it: quoted strings of at most 255 characters each. */
function txtStrings(text: string): string {
  const parts: string[] = [];
  for (let i = 0; i < text.length; i += 255) parts.push(`"${text.slice(i, i + 255)}"`);
  return parts.join(',');
}

/**
 * A real DNS server for the mail checks: dnsmasq on a free port serving `records` for the names
 * under `zones`, authoritative "no such name" for everything else there, and no upstream.
 */
export async function startDns(
  zones: string[],
  records: ZoneRecord[],
  opts: TestDnsOptions = {},
): Promise<TestDns> {
  if (opts.port !== undefined) return startDnsOn(opts.port, zones, records, opts);
  // A port free for UDP may be taken for TCP, or taken by another test between our probe and
  // dnsmasq's bind (the suite runs files side by side): then another port.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startDnsOn(await freeUdpPort(), zones, records, opts);
    } catch (err) {
      if (attempt >= 5 || !/Address already in use/.test(String(err))) throw err;
    }
  }
}

async function startDnsOn(
  port: number,
  zones: string[],
  records: ZoneRecord[],
  opts: TestDnsOptions,
): Promise<TestDns> {
  const binary = findDnsmasq();
  const dir = mkdtempSync(join(tmpdir(), 'et-dns-'));
  const log = join(dir, 'queries.log');
  const ttl = opts.ttlSeconds;
  const conf = [
    'no-resolv',
    'no-hosts',
    'no-poll',
    // Auth mode wants an interface; bind-dynamic still listens on 127.0.0.1 only.
    ttl === undefined ? 'bind-interfaces' : 'bind-dynamic',
    'listen-address=127.0.0.1',
    `port=${port}`,
    'cache-size=0',
    'log-queries',
    `log-facility=${log}`,
    ...zones.map((zone) => `local=/${zone}/`),
    ...Object.entries(opts.forward ?? {}).map(
      ([zone, to]) => `server=/${zone}/${to.replace(':', '#')}`,
    ),
    ...(ttl === undefined
      ? []
      : [
          `auth-server=ns.${zones[0]!},lo`,
          ...zones.map((zone) => `auth-zone=${zone}`),
          `auth-ttl=${ttl}`,
          `auth-soa=1,hostmaster.${zones[0]!},1200,120,604800`,
        ]),
    ...records.map(recordLine),
  ];
  writeFileSync(join(dir, 'dnsmasq.conf'), `${conf.join('\n')}\n`);
  const child: ChildProcess = spawn(
    binary,
    ['--keep-in-foreground', `--conf-file=${join(dir, 'dnsmasq.conf')}`, '--user=', '--pid-file='],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const server = `127.0.0.1:${port}`;
  const probe = new Resolver({ timeout: 200, tries: 1 });
  probe.setServers([server]);
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`dnsmasq exited: ${stderr}`);
    }
    try {
      await probe.resolveTxt(`probe.${zones[0]!}`);
      break;
    } catch (err) {
      // "no such name" is an answer: the server is up.
      if ((err as NodeJS.ErrnoException).code === 'ENOTFOUND') break;
      if (i >= 50) throw new Error(`dnsmasq does not answer: ${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  // The probes above are not the test's questions.
  const probes = readLog(log).length;
  return {
    server,
    pid: child.pid!,
    queries: () => readLog(log).slice(probes),
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** dnsmasq's query lines (`query[TXT] name from 127.0.0.1`), as `TXT name`. */
function readLog(path: string): string[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return [];
  }
  return [...text.matchAll(/ (?:query|auth)\[(\w+)\] (\S+) from /g)].map((m) => `${m[1]} ${m[2]}`);
}

/** A DNS "server" that never answers: a bound UDP port that reads and drops every query. */
export async function startSilentDns(): Promise<TestDns> {
  const socket = createSocket('udp4');
  let received = 0;
  socket.on('message', () => received++);
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    server: `127.0.0.1:${socket.address().port}`,
    pid: 0,
    // The questions are not read: only how many came.
    queries: () => Array.from({ length: received }, () => '?'),
    stop: () => new Promise<void>((resolve) => socket.close(resolve)),
  };
}
