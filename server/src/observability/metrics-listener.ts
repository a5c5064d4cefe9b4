import { createServer, type ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { HEALTH_OK, readinessBody, type Health } from './instruments';
import type { ServiceMetrics } from './metrics';

export interface MetricsListener {
  /** Starts listening; resolves its URL (`http://127.0.0.1:9464`). */
  listen(): Promise<string>;
  close(): Promise<void>;
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  const json = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(json),
  });
  res.end(json);
}

/**
 * The operator's port: `GET /metrics` (Prometheus text), `/healthz` and `/readyz`. A plain
 * node:http server apart from the public app, so that metrics never reach the internet through
 * it, a scrape never waits behind the public app's limits, and a node without HTTP
 * (`ROLE=smtp`) has it too. It keeps answering during shutdown (readiness 503) and closes last.
 */
export function createMetricsListener({
  host,
  port,
  metrics,
  health,
  logger,
}: {
  host: string;
  port: number;
  metrics: ServiceMetrics;
  health: Health;
  logger: Logger;
}): MetricsListener {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET, HEAD');
      return sendJson(res, 405, { status: 'method not allowed' });
    }
    if (path === '/healthz') return sendJson(res, 200, HEALTH_OK);
    if (path === '/readyz') {
      void health.readiness().then((r) => sendJson(res, r.ready ? 200 : 503, readinessBody(r)));
      return;
    }
    if (path === '/metrics') {
      metrics.scrape().then(
        ({ contentType, body }) => {
          res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
          res.end(body);
        },
        (err: unknown) => {
          logger.error({ err }, 'metrics scrape failed');
          sendJson(res, 500, { status: 'error' });
        },
      );
      return;
    }
    sendJson(res, 404, { status: 'not found' });
  });
  server.on('clientError', (_err, socket) => socket.destroy());

  return {
    listen() {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          const address = server.address();
          const bound = typeof address === 'object' && address ? address.port : port;
          const shown = host.includes(':') ? `[${host}]` : host;
          resolve(`http://${shown}:${bound}`);
        });
      });
    },
    close() {
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
