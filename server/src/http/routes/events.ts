import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../domain/app-error';
import { clientKey } from '../../domain/client-key';
import type { AppDeps } from '../deps';
import type { Authenticate } from '../plugins/auth';
import { Type } from 'typebox';
import { parseCursor } from '../../domain/cursor';
import { authErrors, ErrorResponse, EventsHeaders, rawResponse } from '../schemas';

/**
 * `Retry-After` of a stream refused for a limit: streams are freed by hanging up, not by a
 * window, and the page reads the inbox every 10 s meanwhile (INBOX_POLL_MS).
 */
const REFUSED_RETRY_AFTER_SECONDS = 30;

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
          'inbox.cleared, mailbox.extended {expiresAt}, delivery.refused {refusal}, ' +
          'mailbox.expired (the stream ends). ' +
          'A `: ping` comment at least every 15 s. Each message.received has the message’s ' +
          'cursor as its `id:`; a stream opened with `Last-Event-ID` first replays every ' +
          'message after it, so a client that reconnects misses none. Each node holds a few ' +
          'streams per mailbox and per client IP; one more is 429 with Retry-After.',
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
      // The hub writes the stream on the raw response: it carries this route's headers
      // (security-headers.ts) from there. A refusal goes out through the reply, which has them.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      const client = clientKey(request.ip, deps.limits.ipv6PrefixBits);
      const lastEventId = request.headers['last-event-id'];
      try {
        // Before the hijack: a refusal (429, 503) still goes out through the error handler.
        await deps.hub.open(
          mailbox.address,
          reply.raw,
          client,
          lastEventId === undefined ? undefined : parseCursor(lastEventId)!,
        );
      } catch (err) {
        if (err instanceof AppError && err.status === 429) {
          reply.header('retry-after', REFUSED_RETRY_AFTER_SECONDS);
        }
        throw err;
      }
      reply.hijack();
    },
  );
};
