/**
 * Preloaded into the bench server's node (`--import`, through NODE_OPTIONS) by the soak when the
 * server has no Prometheus listener: it reads from inside what only the process itself knows,
 * its heap and its event-loop delay, without a line of the server's code. Each connection to
 * 127.0.0.1:$BENCH_MONITOR_PORT gets one JSON line, and the delay histogram starts again, so each
 * answer covers the time since the previous one (as prom-client's event-loop figures do between
 * scrapes). Plain JavaScript: the server runs on plain node, without a TypeScript loader.
 */
import { createServer } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const port = Number(process.env.BENCH_MONITOR_PORT);

// Worker threads (the SQLite writer) preload this too; the event loop that serves is the main one.
if (isMainThread && port > 0) {
  /** prom-client's default precision, so that both sources mean the same. */
  const RESOLUTION_MS = 10;
  const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  delay.enable();
  const seconds = (ns) => (Number.isFinite(ns) ? ns / 1e9 : 0);
  const monitor = createServer((socket) => {
    const { rss, heapUsed } = process.memoryUsage();
    const sample = {
      rssBytes: rss,
      heapUsedBytes: heapUsed,
      // Each recorded value is the whole timer interval, so the resolution is in it.
      loopSeconds: {
        p50: seconds(delay.percentile(50)),
        p99: seconds(delay.percentile(99)),
        max: seconds(delay.max),
      },
      loopResolutionSeconds: RESOLUTION_MS / 1000,
    };
    delay.reset();
    socket.on('error', () => {});
    socket.end(`${JSON.stringify(sample)}\n`);
  });
  monitor.on('error', () => {});
  monitor.listen(port, '127.0.0.1');
  // Never what keeps the server alive at shutdown.
  monitor.unref();
}
