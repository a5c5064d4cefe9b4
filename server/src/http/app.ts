import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { API_BASE } from '@et/common';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { AppError } from '../domain/app-error';
import type { AppDeps } from './deps';
import { createAuthenticator } from './plugins/auth';
import { registerErrorHandling } from './plugins/errors';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWeb } from './plugins/web';
import { eventRoutes } from './routes/events';
import { mailboxRoutes } from './routes/mailboxes';
import { messageRoutes } from './routes/messages';

/** Largest JSON body any route takes; no route takes more than a few bytes today. */
const BODY_LIMIT_BYTES = 16 * 1024;

/**
 * The whole HTTP app: API under /api/v1, event stream, built web app. Never listens; main.ts
 * adds timeouts and `listen`, tests drive it with `inject`.
 */
export async function buildApp(
  deps: AppDeps,
  options: Pick<
    FastifyServerOptions,
    'connectionTimeout' | 'keepAliveTimeout' | 'requestTimeout' | 'trustProxy'
  > = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    // Per-request log lines would cost more than the requests; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    // Node checks request and header timeouts on this interval (default 30 s), which would let
    // a slow-loris client hold a connection far beyond requestTimeout.
    http: { connectionsCheckingInterval: 1000 },
    // Request ids in logs without trusting a client-supplied header.
    genReqId: (() => {
      let n = 0;
      return () => `r${(++n).toString(36)}`;
    })(),
    ...options,
  });

  registerErrorHandling(app);
  await registerSecurityHeaders(app, deps.webDistDir);
  // Before any route: it collects the routes' schemas as they are added.
  await registerOpenApi(app);
  const authenticate = createAuthenticator(deps.store, deps.clock);
  // Off by default; routes opt in with `config.rateLimit`.
  await app.register(rateLimit, {
    global: false,
    redis: deps.rateLimitRedis as never,
    nameSpace: 'et:rate:',
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
      await api.register(messageRoutes, { deps, authenticate });
      await api.register(eventRoutes, { deps, authenticate });
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
