import { spawn } from 'node:child_process';
import { track } from './proc';

export interface WrkResult {
  requestsPerSecond: number;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  /** Non-2xx answers plus socket errors; any makes the figure invalid. */
  errors: number;
}

/** "1.23ms" / "456.00us" / "1.02s" → ms. */
function toMs(value: string): number {
  const n = parseFloat(value);
  if (value.endsWith('us')) return n / 1000;
  if (value.endsWith('ms')) return n;
  if (value.endsWith('s')) return n * 1000;
  return NaN;
}

/** Runs wrk with --latency and reads its report. */
export async function runWrk(o: {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  threads: number;
  seconds: number;
}): Promise<WrkResult> {
  const args = [
    `-t${o.threads}`,
    `-c${o.connections}`,
    `-d${o.seconds}s`,
    '--timeout',
    '10s',
    '--latency',
  ];
  for (const [k, v] of Object.entries(o.headers ?? {})) args.push('-H', `${k}: ${v}`);
  args.push(o.url);
  const child = track(spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] }));
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`wrk exited ${code}: ${out}`);
  const num = (re: RegExp) => Number(re.exec(out)?.[1] ?? NaN);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    out,
  );
  return {
    requestsPerSecond: num(/Requests\/sec:\s+([\d.]+)/),
    requests: num(/(\d+) requests in/),
    p50Ms: toMs(/^\s+50%\s+(\S+)/m.exec(out)?.[1] ?? ''),
    p99Ms: toMs(/^\s+99%\s+(\S+)/m.exec(out)?.[1] ?? ''),
    errors:
      (num(/Non-2xx or 3xx responses:\s+(\d+)/) || 0) +
      (socketErrors ? socketErrors.slice(1).reduce((a, b) => a + Number(b), 0) : 0),
  };
}
