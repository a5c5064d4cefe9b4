import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../deps';
import type { Authenticate } from '../plugins/auth';
import { Type } from 'typebox';
import { parseCursor } from '../../domain/cursor';
import { authErrors, ErrorResponse, EventsHeaders, rawResponse } from '../schemas';

/**
 * `GET /events`: server-sent events for the token's mailbox. The token travels in the
 * Authorization header (the page reads the stream with fetch, not EventSource), so it never
 * appears in a URL or an access log.
 */
export const eventRoutes: FastifyPluginAsyncTypebox<{
  deps: AppDeps;
  authenticate: Authenticate;
}> = async (app, { deps, authenticate }) => {
  // preClose, not onClose: the HTTP server waits for open connections before onClose runs.
  app.addHook('preClose', async () => deps.hub.closeAll());

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
          'A `: ping` comment at least every 15 s. Each message.received has the message’s ' +
          'cursor as its `id:`; a stream opened with `Last-Event-ID` first replays every ' +
          'message after it, so a client that reconnects misses none.',
        tags: ['Events'],
        headers: EventsHeaders,
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
      // Before the hijack: a refusal (429, 503) still goes out through the error handler.
      const lastEventId = request.headers['last-event-id'];
      await deps.hub.open(
        mailbox.address,
        reply.raw,
        lastEventId === undefined ? undefined : parseCursor(lastEventId)!,
      );
      reply.hijack();
    },
  );
};
