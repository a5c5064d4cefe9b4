import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { API_BASE } from '@et/common';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { AppError } from '../domain/app-error';
import { clientKey } from '../domain/client-key';
import { capConnectionsPerClient } from './connection-cap';
import type { AppDeps } from './deps';
import { createInboxJson, createInboxRead, type Handler } from './inbox-read';
import { createAuthenticator, operatorMailboxes } from './plugins/auth';
import { registerErrorHandling } from './plugins/errors';
import { registerObservability } from './plugins/observability';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWeb } from './plugins/web';
import { compileProxyTrust } from './proxy-trust';
import { rateLimitStore } from './rate-limit-store';
import { eventRoutes } from './routes/events';
import { mailboxRoutes } from './routes/mailboxes';
import { messageRoutes } from './routes/messages';
import { refusalRoutes } from './routes/refusals';

/** Largest JSON body any route takes; no route takes more than a few bytes today. */
const BODY_LIMIT_BYTES = 16 * 1024;

/**
 * The whole HTTP app: API under /api/v1, event stream, built web app. Never listens; main.ts
 * adds timeouts and `listen`, tests drive it with `inject`. `inject` goes through fastify alone:
 * the inbox poll answered before fastify (inbox-read.ts) is only on the listening server.
 */
export async function buildApp(
  deps: AppDeps,
  options: Pick<
    FastifyServerOptions,
    'connectionTimeout' | 'keepAliveTimeout' | 'requestTimeout'
  > & {
    /** TRUST_PROXY: comma-separated IPs or CIDRs whose X-Forwarded-* headers are believed. */
    trustProxy?: string | false;
    /**
     * Answer the inbox poll before fastify when it can be (inbox-read.ts; default true): a
     * fast path (docs/architecture.md, "Fast paths"), off with `FAST_PATHS_OFF=inbox-read`.
     */
    inboxReadEarly?: boolean;
  } = {},
): Promise<FastifyInstance> {
  const { trustProxy: trustedProxies = false, inboxReadEarly = true, ...timeouts } = options;
  const trustProxy = compileProxyTrust(trustedProxies);
  const { ipv6PrefixBits } = deps.limits;
  const inboxJson = createInboxJson();
  const operatorTokens = operatorMailboxes(deps.operator);
  const answerInboxRead = inboxReadEarly
    ? createInboxRead({
        store: deps.store,
        clock: deps.clock,
        json: inboxJson,
        trustProxy,
        operatorTokens,
        // The poll answered before fastify is counted here, as fastify would count it.
        answered: deps.metrics?.bind('GET', `${API_BASE}/messages`, 200),
      })
    : (request: IncomingMessage, response: ServerResponse, handler: Handler) =>
        handler(request, response);
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    // Per-request log lines would cost more than the requests; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    // Request ids in logs without trusting a client-supplied header.
    genReqId: (() => {
      let n = 0;
      return () => `r${(++n).toString(36)}`;
    })(),
    trustProxy,
    ...timeouts,
    // The server fastify would make, with the inbox poll answered before fastify when it can be.
    serverFactory: (handler, opts) => {
      const server = createServer(
        // Node checks request and header timeouts on this interval (default 30 s), which would
        // let a slow-loris client hold a connection far beyond requestTimeout.
        { connectionsCheckingInterval: 1000 },
        (request, response) => answerInboxRead(request, response, handler),
      );
      // What fastify does to the server it makes (fastify/lib/server.js), with the options it
      // has completed with its defaults.
      const { keepAliveTimeout, requestTimeout, connectionTimeout } = opts as Record<
        'keepAliveTimeout' | 'requestTimeout' | 'connectionTimeout',
        number
      >;
      server.keepAliveTimeout = keepAliveTimeout;
      server.requestTimeout = requestTimeout;
      server.setTimeout(connectionTimeout);
      capConnectionsPerClient(server, {
        max: deps.limits.maxConnectionsPerClient,
        clientOf: (address) => clientKey(address, ipv6PrefixBits),
        exempt: (address) => trustProxy !== false && trustProxy(address, 0),
        refused: () => deps.metrics?.rateLimited('http_connections'),
      });
      return server;
    },
  });

  registerErrorHandling(app);
  registerObservability(app, deps);
  await registerSecurityHeaders(app, deps.webDistDir, trustProxy);
  // Before any route: it collects the routes' schemas as they are added.
  await registerOpenApi(app);
  const authenticate = createAuthenticator(deps.store, deps.clock, operatorTokens);
  // Off by default; routes opt in with `config.rateLimit`.
  await app.register(rateLimit, {
    global: false,
    store: rateLimitStore(deps.counters),
    keyGenerator: (request) => clientKey(request.ip, ipv6PrefixBits),
    // The shared counters out of reach reject with the `unavailable` 503 (rate-counters.ts).
    skipOnError: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'RATE_LIMITED',
        429,
        `Too many requests from your address; retry in ${Math.ceil(context.ttl / 1000)} s`,
      ),
  });

  await app.withTypeProvider<TypeBoxTypeProvider>().register(
    async (api) => {
      await api.register(mailboxRoutes, { deps, authenticate });
      await api.register(messageRoutes, { deps, authenticate, inboxJson });
      await api.register(eventRoutes, { deps, authenticate });
      await api.register(refusalRoutes, { deps, authenticate });
      // The document of the routes above, public like the page that explains it (`/api`).
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      api.setNotFoundHandler((request, reply) =>
        reply.status(404).send({
          error: {
            code: 'NOT_FOUND',
            message: `No route ${request.method} ${request.url.split('?')[0]}`,
          },
        }),
      );
    },
    { prefix: API_BASE },
  );

  if (deps.webDistDir) await registerWeb(app, deps.webDistDir);

  return app;
}
