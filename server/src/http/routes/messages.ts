import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../domain/app-error';
import { parseCursor } from '../../domain/cursor';
import {
  readingAttachments,
  toSummary,
  type MessageRecord,
  type StoredReading,
} from '../../domain/message';
import { hashToken } from '../../domain/token';
import { attachmentDisposition, downloadContentType } from '../content-disposition';
import type { AppDeps } from '../deps';
import { JSON_TYPE, type InboxJson } from '../inbox-read';
import { readFeed } from '../message-feed';
import { bearerToken, type Authenticate } from '../plugins/auth';
import {
  AttachmentParams,
  authErrors,
  Binary,
  ErrorResponse,
  MessageDetail,
  MessageList,
  MessageListQuery,
  MessageParams,
  NoContent,
  rawResponse,
} from '../schemas';

const notFoundError = { 404: ErrorResponse };
/** Errors of the routes that read a message: not found, and past the view limit. */
const viewErrors = { ...notFoundError, 429: ErrorResponse };

/**
 * Sends what is already the JSON of the route's response: fastify passes it on as is. A plain
 * `FastifyReply`, because the route's typed reply accepts only the response's objects.
 */
function sendJson(reply: FastifyReply, json: Buffer | string) {
  return reply.type(JSON_TYPE).send(json);
}

/**
 * The detail's JSON: the summary's, then the reading's as stored, spliced without parsing it,
 * so that the answer costs what its bytes do (docs/architecture.md, "Store").
 */
function detailJson(record: MessageRecord, reading: StoredReading): string {
  const summary = JSON.stringify(toSummary(record));
  return `${summary.slice(0, -1)},${reading.view.slice(1)}`;
}

/** Who the work of a view is for, as the reading workers share it out: the mailbox. */
const viewer = (mailbox: string) => `view:${mailbox}`;

/**
 * The key of the view limit: the token's hash (never the token: with Redis the key is stored),
 * or, for a request without a well-formed token (answered 401 anyway), the client's address.
 */
function viewKey(request: FastifyRequest): string {
  const token = bearerToken(request.headers.authorization);
  return token === null ? `views-ip:${request.ip}` : `views:${hashToken(token)}`;
}

export const messageRoutes: FastifyPluginAsyncTypebox<{
  deps: AppDeps;
  authenticate: Authenticate;
  /** The JSON of inbox lists, shared with the read that answers before fastify (inbox-read.ts). */
  inboxJson: InboxJson;
}> = async (app, { deps, authenticate, inboxJson }) => {
  const { store, bus, reader } = deps;

  /**
   * One allowance per token, shared by the detail, the attachments and the `.eml`: 429 with
   * Retry-After past `VIEW_RATE_LIMIT_PER_MINUTE`.
   */
  const viewLimit = app.rateLimit({
    max: deps.limits.viewsPerMinute,
    timeWindow: 60_000,
    keyGenerator: viewKey,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'RATE_LIMITED',
        429,
        `Too many messages opened with this token; retry in ${Math.ceil(context.ttl / 1000)} s`,
      ),
  });

  /**
   * The reading of a message of `mailbox`: the one kept, or, for a message stored before
   * readings were kept, its reading made now (in the reading workers, under their deadline)
   * and kept. 404 when the message is not there.
   */
  async function readingOf(mailbox: string, id: string): Promise<StoredReading> {
    const kept = await store.getReading(mailbox, id);
    if (kept) return kept;
    const bytes = await store.getRaw(mailbox, id);
    if (!bytes) throw notFound('Message');
    const reading = await reader.readStored(bytes, viewer(mailbox));
    if (!(await store.putReading(mailbox, id, reading))) throw notFound('Message');
    return reading;
  }

  app.get(
    '/messages',
    {
      schema: {
        summary: 'List messages, newest first',
        description:
          'Summaries only; poll this every few seconds, or follow GET /events. With `since`, ' +
          'only the messages after that cursor and the cursor to ask from next; with `wait` ' +
          'too, a long-poll that answers at the first new message.',
        tags: ['Messages'],
        querystring: MessageListQuery,
        response: { 200: MessageList, ...authErrors },
      },
    },
    async (request, reply) => {
      const mailbox = await authenticate(request);
      const { since, wait } = request.query;
      if (since !== undefined) {
        return readFeed(deps, mailbox.address, parseCursor(since)!, wait ?? 0, reply.raw);
      }
      if (wait !== undefined) throw new AppError('BAD_REQUEST', 400, '`wait` needs `since`');
      const messages = await store.listMessages(mailbox.address);
      const body =
        inboxJson.get(messages) ??
        inboxJson.put(messages, reply.serialize({ messages: messages.map(toSummary) }) as string);
      return sendJson(reply, body);
    },
  );

  app.delete(
    '/messages',
    {
      schema: {
        summary: 'Delete every message',
        tags: ['Messages'],
        response: { 204: NoContent, ...authErrors },
      },
    },
    async (request, reply) => {
      const mailbox = await authenticate(request);
      await store.deleteAllMessages(mailbox.address);
      await bus.publish(mailbox.address, { type: 'inbox.cleared' });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/messages/:id',
    {
      schema: {
        summary: 'One message with its bodies and attachment list',
        description:
          'html is the sanitised HTML body or null; status too-complex: the message could not be ' +
          'read in time and only its .eml is there; 404 for another mailbox’s message.',
        tags: ['Messages'],
        params: MessageParams,
        response: { 200: MessageDetail, ...authErrors, ...viewErrors },
      },
      onRequest: viewLimit,
    },
    async (request, reply) => {
      const mailbox = await authenticate(request);
      const { id } = request.params;
      const [record, reading] = await Promise.all([
        store.getMessage(mailbox.address, id),
        readingOf(mailbox.address, id),
      ]);
      if (!record) throw notFound('Message');
      return sendJson(reply, detailJson(record, reading));
    },
  );

  app.delete(
    '/messages/:id',
    {
      schema: {
        summary: 'Delete one message',
        tags: ['Messages'],
        params: MessageParams,
        response: { 204: NoContent, ...authErrors, ...notFoundError },
      },
    },
    async (request, reply) => {
      const mailbox = await authenticate(request);
      if (!(await store.deleteMessage(mailbox.address, request.params.id)))
        throw notFound('Message');
      await bus.publish(mailbox.address, { type: 'message.deleted', id: request.params.id });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/messages/:id/raw',
    {
      schema: {
        summary: 'The original message as received (.eml)',
        tags: ['Messages'],
        params: MessageParams,
        response: {
          200: rawResponse('message/rfc822', 'The raw message, as a download', Binary),
          ...authErrors,
          ...viewErrors,
        },
      },
      onRequest: viewLimit,
    },
    async (request, reply) => {
      const mailbox = await authenticate(request);
      const raw = await store.getRaw(mailbox.address, request.params.id);
      if (!raw) throw notFound('Message');
      return reply
        .header('content-type', 'message/rfc822')
        .header('content-disposition', attachmentDisposition(`${request.params.id}.eml`))
        .header('x-content-type-options', 'nosniff')
        .send(raw);
    },
  );

  app.get(
    '/messages/:id/attachment/:attachmentId',
    {
      schema: {
        summary: 'The bytes of one attachment, always as a download',
        description:
          'Content-Disposition: attachment with the cleaned file name; HTML, SVG, XML and ' +
          'scripts are sent as application/octet-stream. 422 TOO_COMPLEX when it cannot be ' +
          'decoded in time (the .eml holds it).',
        tags: ['Messages'],
        params: AttachmentParams,
        response: {
          200: rawResponse('application/octet-stream', 'The attachment’s exact bytes', Binary),
          ...authErrors,
          ...viewErrors,
          422: ErrorResponse,
        },
      },
      onRequest: viewLimit,
    },
    async (request, reply) => {
      const mailbox = await authenticate(request);
      const { id, attachmentId } = request.params;
      const kept = await store.getReadingAttachments(mailbox.address, id);
      const listed = kept === null ? await readingOf(mailbox.address, id) : { attachments: kept };
      const attachment = readingAttachments(listed).find((a) => a.id === attachmentId);
      if (!attachment) throw notFound('Attachment');
      // A placed part is read alone: an attachment of an 8 MB message costs what its own bytes do.
      const { part } = attachment;
      const bytes = part
        ? await store.getRawRange(mailbox.address, id, part.start, part.end)
        : await store.getRaw(mailbox.address, id);
      if (!bytes) throw notFound('Message');
      const content = await reader.attachmentContent(bytes, attachment, viewer(mailbox.address));
      if (!content) {
        throw new AppError(
          'TOO_COMPLEX',
          422,
          'This attachment cannot be decoded in time; download the original message (.eml)',
        );
      }
      return reply
        .header('content-type', downloadContentType(attachment.contentType))
        .header('content-disposition', attachmentDisposition(attachment.filename))
        .header('x-content-type-options', 'nosniff')
        .send(content);
    },
  );
};
