import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { AppError, notFound } from '../../domain/app-error';
import { parseCursor } from '../../domain/cursor';
import { toSummary } from '../../domain/message';
import { attachmentDisposition, downloadContentType } from '../content-disposition';
import type { AppDeps } from '../deps';
import { JSON_TYPE, type InboxJson } from '../inbox-read';
import { readFeed } from '../message-feed';
import type { Authenticate } from '../plugins/auth';
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

/**
 * Sends bytes that are already the JSON of the route's response: fastify passes them on as is.
 * A plain `FastifyReply`, because the route's typed reply accepts only the response's objects.
 */
function sendJson(reply: FastifyReply, json: Buffer) {
  return reply.type(JSON_TYPE).send(json);
}

export const messageRoutes: FastifyPluginAsyncTypebox<{
  deps: AppDeps;
  authenticate: Authenticate;
  /** The JSON of inbox lists, shared with the read that answers before fastify (inbox-read.ts). */
  inboxJson: InboxJson;
}> = async (app, { deps, authenticate, inboxJson }) => {
  const { store, bus, parse } = deps;

  /** The message of the request's mailbox, or 404 (also for another mailbox's message). */
  async function ownMessage(mailbox: string, id: string) {
    const [record, raw] = await Promise.all([
      store.getMessage(mailbox, id),
      store.getRaw(mailbox, id),
    ]);
    if (!record || !raw) throw notFound('Message');
    return { record, raw };
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
        description: 'html is the sanitised HTML body or null; 404 for another mailbox’s message.',
        tags: ['Messages'],
        params: MessageParams,
        response: { 200: MessageDetail, ...authErrors, ...notFoundError },
      },
    },
    async (request) => {
      const mailbox = await authenticate(request);
      const { record, raw } = await ownMessage(mailbox.address, request.params.id);
      // The record already holds the code and link found at ingest.
      const parsed = await parse(raw, { verification: false });
      return {
        ...toSummary(record),
        to: parsed.to,
        text: parsed.text,
        html: parsed.html,
        attachments: parsed.attachments.map((a) => ({
          id: a.id,
          filename: a.filename,
          contentType: a.contentType,
          size: a.content.length,
        })),
      };
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
          ...notFoundError,
        },
      },
    },
    async (request, reply) => {
      const mailbox = await authenticate(request);
      const { raw } = await ownMessage(mailbox.address, request.params.id);
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
          'scripts are sent as application/octet-stream.',
        tags: ['Messages'],
        params: AttachmentParams,
        response: {
          200: rawResponse('application/octet-stream', 'The attachment’s exact bytes', Binary),
          ...authErrors,
          ...notFoundError,
        },
      },
    },
    async (request, reply) => {
      const mailbox = await authenticate(request);
      const { raw } = await ownMessage(mailbox.address, request.params.id);
      const parsed = await parse(raw, { verification: false });
      const attachment = parsed.attachments.find((a) => a.id === request.params.attachmentId);
      if (!attachment) throw notFound('Attachment');
      return reply
        .header('content-type', downloadContentType(attachment.contentType))
        .header('content-disposition', attachmentDisposition(attachment.filename))
        .header('x-content-type-options', 'nosniff')
        .send(attachment.content);
    },
  );
};
