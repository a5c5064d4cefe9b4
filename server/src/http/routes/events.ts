import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SSE_HEARTBEAT_MS } from '@et/common';
import type { AppDeps } from '../deps';
import type { Authenticate } from '../plugins/auth';
import { AppError } from '../../domain/app-error';
import { Type } from 'typebox';
import { authErrors, ErrorResponse, rawResponse } from '../schemas';
import { startEventStream, type EventStream } from '../sse';

/**
 * `GET /events`: server-sent events for the token's mailbox. The token travels in the
 * Authorization header (the page reads the stream with fetch, not EventSource), so it never
 * appears in a URL or an access log.
 */
export const eventRoutes: FastifyPluginAsyncTypebox<{
  deps: AppDeps;
  authenticate: Authenticate;
}> = async (app, { deps, authenticate }) => {
  const open = new Set<EventStream>();

  // preClose, not onClose: the HTTP server waits for open connections before onClose runs.
  app.addHook('preClose', async () => {
    for (const stream of [...open]) stream.close();
  });

  app.get(
    '/events',
    {
      // HEAD would open a stream that never ends; without a stream there is nothing to describe.
      exposeHeadRoute: false,
      schema: {
        summary: 'Live events of the mailbox (text/event-stream)',
        description:
          'Server-sent events: message.received {message}, message.deleted {id}, ' +
          'inbox.cleared, mailbox.extended {expiresAt}, mailbox.expired (the stream ends). ' +
          'A `: ping` comment at least every 15 s. Events are not replayed: after a reconnect, ' +
          'GET /messages.',
        tags: ['Events'],
        response: {
          200: rawResponse(
            'text/event-stream',
            'One event per message, until the mailbox ends',
            Type.String(),
          ),
          ...authErrors,
          429: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const mailbox = await authenticate(request);
      if (deps.bus.listenerCount(mailbox.address) >= deps.limits.maxStreamsPerMailbox) {
        throw new AppError('RATE_LIMITED', 429, 'Too many open event streams for this mailbox');
      }
      reply.hijack();
      const unsubscribe = deps.bus.subscribe(mailbox.address, (event) => {
        stream.send(event);
        if (event.type === 'mailbox.expired') stream.close();
      });
      const stream: EventStream = startEventStream(
        reply.raw,
        deps.sseHeartbeatMs ?? SSE_HEARTBEAT_MS,
        () => {
          unsubscribe();
          open.delete(stream);
        },
      );
      open.add(stream);
    },
  );
};
