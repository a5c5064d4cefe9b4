import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { rssMb } from './proc';

/**
 * What the soak reads from the server process every few seconds. Event-loop figures cover the
 * time since the previous sample (both sources start their histogram again on each read).
 */
export interface ProcessSample {
  rssBytes: number;
  heapUsedBytes: number;
  /** Event-loop lag in seconds: the delay of a 10 ms timer beyond its 10 ms. */
  loop: { p50: number; p99: number; max: number };
  /** tempmail_sweeper_lag_seconds when the server exposes it. */
  sweeperLagSeconds?: number;
}

export interface ProcessSampler {
  /** Where the figures come from, for the printed header. */
  source: string;
  sample(): Promise<ProcessSample>;
}

/** The preload that measures heap and event-loop delay inside a server without metrics. */
export const LOOP_MONITOR = fileURLToPath(new URL('./loop-monitor.mjs', import.meta.url));

/** prom-client samples the loop with a 10 ms timer; each value holds the 10 ms itself. */
const LOOP_RESOLUTION_SECONDS = 0.01;
const lag = (delaySeconds: number) => Math.max(0, delaySeconds - LOOP_RESOLUTION_SECONDS);

/** The unlabelled samples of a Prometheus text exposition, by name. */
export function parsePrometheus(text: string): Map<string, number> {
  const values = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[^}]*\})?\s+(\S+)/.exec(line);
    if (!m || m[2]) continue;
    values.set(m[1]!, Number(m[3]));
  }
  return values;
}

const PROM_NEEDS = [
  'process_resident_memory_bytes',
  'nodejs_heap_size_used_bytes',
  'nodejs_eventloop_lag_p50_seconds',
  'nodejs_eventloop_lag_p99_seconds',
  'nodejs_eventloop_lag_max_seconds',
];

async function scrape(url: string): Promise<Map<string, number> | null> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    if (res.status !== 200) return null;
    return parsePrometheus(await res.text());
  } catch {
    return null;
  }
}

/**
 * The server's own Prometheus metrics (prom-client's defaults and tempmail_sweeper_lag_seconds)
 * when its metrics listener answers with them; null otherwise.
 */
export async function promSampler(url: string): Promise<ProcessSampler | null> {
  const first = await scrape(url);
  if (!first || PROM_NEEDS.some((name) => !first.has(name))) return null;
  return {
    source: `Prometheus metrics at ${url}`,
    async sample() {
      const v = await scrape(url);
      if (!v) throw new Error(`metrics listener ${url} did not answer`);
      const get = (name: string) => v.get(name) ?? NaN;
      return {
        rssBytes: get('process_resident_memory_bytes'),
        heapUsedBytes: get('nodejs_heap_size_used_bytes'),
        loop: {
          p50: lag(get('nodejs_eventloop_lag_p50_seconds')),
          p99: lag(get('nodejs_eventloop_lag_p99_seconds')),
          max: lag(get('nodejs_eventloop_lag_max_seconds')),
        },
        sweeperLagSeconds: v.get('tempmail_sweeper_lag_seconds'),
      };
    },
  };
}

interface MonitorAnswer {
  rssBytes: number;
  heapUsedBytes: number;
  loopSeconds: { p50: number; p99: number; max: number };
  loopResolutionSeconds: number;
}

function askMonitor(port: number): Promise<MonitorAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setTimeout(5000, () => socket.destroy(new Error('loop monitor timed out')));
    socket.on('data', (d: Buffer) => (text += d.toString()));
    socket.once('error', reject);
    socket.once('end', () => {
      try {
        resolve(JSON.parse(text) as MonitorAnswer);
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
  });
}

/**
 * The loop monitor preloaded into the server (LOOP_MONITOR on `port`) for heap and event-loop
 * delay; RSS from /proc/PID/status, as the memory phase reads it.
 */
export function monitorSampler(pid: number, port: number): ProcessSampler {
  return {
    source: `/proc/${pid}/status (RSS) and a preloaded monitor (heap, event-loop delay)`,
    async sample() {
      const answer = await askMonitor(port);
      const delay = (s: number) => Math.max(0, s - answer.loopResolutionSeconds);
      return {
        rssBytes: rssMb(pid) * 1024 * 1024,
        heapUsedBytes: answer.heapUsedBytes,
        loop: {
          p50: delay(answer.loopSeconds.p50),
          p99: delay(answer.loopSeconds.p99),
          max: delay(answer.loopSeconds.max),
        },
      };
    },
  };
}
