import { API_BASE } from '@et/common';
import type { FastifyInstance } from 'fastify';
import { HEALTH_OK, readinessBody, type Health } from '../../observability/instruments';
import type { HttpMetrics } from '../../observability/instruments';
import { API_PREFIX, isApiPath, routePath } from '../route-path';

/** The route whose 200 is an event stream: counted, not timed (its time is its lifetime). */
const EVENTS_ROUTE = `${API_BASE}/events`;

/** The limit behind a 429 of each route, as the `limit` label of `tempmail_rate_limited_total`. */
const LIMIT_OF_ROUTE: Record<string, string> = {
  [`${API_BASE}/mailboxes`]: 'mailbox_create',
  [EVENTS_ROUTE]: 'event_streams',
  [`${API_BASE}/messages/:id`]: 'message_views',
  [`${API_BASE}/messages/:id/raw`]: 'message_views',
  [`${API_BASE}/messages/:id/attachment/:attachmentId`]: 'message_views',
};

/** The label of API requests no route matched (404s): one value, whatever the URL was. */
const UNMATCHED = 'unmatched';
/**
 * The label of everything the web app serves: files (a route each, named after the file, with
 * hashed names that change at every deploy) and pages (answered by the not-found handler).
 */
const WEB = 'web';

/** The route label of a request: the API's route pattern, or one of the fixed words above. */
function routeLabel(pattern: string | undefined, url: string): string {
  if (pattern === undefined) return isApiPath(routePath(url)) ? UNMATCHED : WEB;
  if (pattern.startsWith(API_PREFIX) || pattern === '/healthz' || pattern === '/readyz') {
    return pattern;
  }
  return WEB;
}

/**
 * `/healthz` and `/readyz` on the public app (for a load balancer in front of it; the metrics
 * listener has them too), exempt from every rate limit, and the count and time of every request
 * answered by fastify, labelled by route pattern. Hooks run in order of registration: this one
 * is registered before the routes, so it sees every one of them.
 */
export function registerObservability(
  app: FastifyInstance,
  { metrics, health }: { metrics?: HttpMetrics; health?: Health },
) {
  if (metrics) {
    app.addHook('onResponse', (request, reply, done) => {
      const route = routeLabel(request.routeOptions.url, request.url);
      const status = reply.statusCode;
      const streamed = status === 200 && route === EVENTS_ROUTE;
      metrics.request(
        request.method,
        route,
        status,
        streamed ? undefined : reply.elapsedTime / 1000,
      );
      if (status === 429) metrics.rateLimited(LIMIT_OF_ROUTE[route] ?? route);
      done();
    });
  }
  if (!health) return;
  const noLimit = { rateLimit: false } as const;
  app.get('/healthz', { config: noLimit, schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send(HEALTH_OK),
  );
  app.get('/readyz', { config: noLimit, schema: { hide: true } }, async (_request, reply) => {
    const readiness = await health.readiness();
    return reply
      .status(readiness.ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(readinessBody(readiness));
  });
}
