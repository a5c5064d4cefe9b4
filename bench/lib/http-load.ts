import { Agent, request } from 'node:http';
import { percentile } from './proc';

export interface LoadResult {
  /** Requests answered 200 and read to their end. */
  requests: number;
  /** Answers other than 200, and requests that failed. */
  errors: number;
  p50Ms: number;
  p99Ms: number;
  seconds: number;
}

/**
 * A closed loop of GETs: `connections` clients, each sending its next request when the last
 * answer was read to its end, until `seconds` have passed and at least `minRequests` were
 * answered. Unlike wrk's fixed duration, a request that takes longer than the run is waited for
 * rather than dropped, so that an answer of seconds is still measured.
 */
export async function closedLoop(o: {
  url: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
  minRequests: number;
}): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: o.connections });
  const latencies: number[] = [];
  let errors = 0;
  const start = performance.now();
  const done = () =>
    performance.now() - start >= o.seconds * 1000 && latencies.length + errors >= o.minRequests;
  const once = () =>
    new Promise<void>((resolve) => {
      const at = performance.now();
      const req = request(o.url, { agent, headers: o.headers }, (res) => {
        res.on('data', () => {});
        res.on('end', () => {
          if (res.statusCode === 200) latencies.push(performance.now() - at);
          else errors++;
          resolve();
        });
        res.on('error', () => {
          errors++;
          resolve();
        });
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end();
    });
  await Promise.all(
    Array.from({ length: o.connections }, async () => {
      while (!done()) await once();
    }),
  );
  agent.destroy();
  return {
    requests: latencies.length,
    errors,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    seconds: (performance.now() - start) / 1000,
  };
}
