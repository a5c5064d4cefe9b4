import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { randomAddress } from '../../domain/address';
import { AppError } from '../../domain/app-error';
import { isRoleAddress } from '../../domain/role-mailboxes';
import { hashToken, newToken } from '../../domain/token';
import type { AppDeps } from '../deps';
import type { Authenticate } from '../plugins/auth';
import { authErrors, CreatedMailbox, ErrorResponse, MailboxInfo, NoContent } from '../schemas';

/** A random 12-character local part collides about never; a few tries cover tombstones too. */
const CREATE_ATTEMPTS = 5;

const DAY_MS = 86_400_000;

export const mailboxRoutes: FastifyPluginAsyncTypebox<{
  deps: AppDeps;
  authenticate: Authenticate;
}> = async (app, { deps, authenticate }) => {
  const { store, bus, clock } = deps;
  const ttlMs = deps.mailboxTtlSeconds * 1000;
  const info = (m: { address: string; expiresAt: number }) => ({
    email: m.address,
    expiresAt: new Date(m.expiresAt).toISOString(),
  });

  app.post(
    '/mailboxes',
    {
      schema: {
        summary: 'Create a mailbox with a random address',
        description:
          'No token needed. The answer carries the bearer token of the new mailbox, shown only ' +
          'here. Rate limited per client IP (429 with Retry-After beyond the limit).',
        tags: ['Mailbox'],
        security: [],
        response: { 201: CreatedMailbox, 429: ErrorResponse, 503: ErrorResponse },
      },
      config: {
        rateLimit: {
          max: deps.limits.createMax,
          timeWindow: deps.limits.createWindowSeconds * 1000,
        },
      },
    },
    async (_request, reply) => {
      for (let attempt = 0; attempt < CREATE_ATTEMPTS; attempt++) {
        const token = newToken();
        const now = clock.now();
        const address = randomAddress(deps.domains);
        const created = await store.createMailbox({
          address,
          tokenHash: hashToken(token),
          createdAt: now,
          expiresAt: now + ttlMs,
        });
        if (created)
          return reply.status(201).send({ ...info({ address, expiresAt: now + ttlMs }), token });
      }
      throw new AppError('UNAVAILABLE', 503, 'Could not allocate an address, try again');
    },
  );

  app.get(
    '/mailbox',
    {
      schema: {
        summary: 'The mailbox of the token',
        tags: ['Mailbox'],
        response: { 200: MailboxInfo, ...authErrors },
      },
    },
    async (request) => info(await authenticate(request)),
  );

  app.post(
    '/mailbox/extend',
    {
      schema: {
        summary: 'Reset the lifetime to the full TTL from now',
        description: 'expiresAt becomes now + TTL (not added on top); sends mailbox.extended.',
        tags: ['Mailbox'],
        response: { 200: MailboxInfo, ...authErrors },
      },
    },
    async (request) => {
      const mailbox = await authenticate(request);
      // The role mailboxes never end; a shorter lifetime would end them.
      if (isRoleAddress(mailbox.address)) return info(mailbox);
      const now = clock.now();
      const updated = await store.setExpiry(mailbox.address, now + ttlMs, now);
      if (!updated) throw new AppError('UNAUTHORIZED', 401, 'Mailbox expired');
      const body = info(updated);
      await bus.publish(updated.address, { type: 'mailbox.extended', expiresAt: body.expiresAt });
      return body;
    },
  );

  app.delete(
    '/mailbox',
    {
      schema: {
        summary: 'Delete the mailbox and every message now',
        description:
          'The token stops working at once; the address is never handed out again. The ' +
          "operator's postmaster and abuse mailboxes never end: 400 for them.",
        tags: ['Mailbox'],
        response: { 204: NoContent, ...authErrors },
      },
    },
    async (request, reply) => {
      const mailbox = await authenticate(request);
      if (isRoleAddress(mailbox.address)) {
        throw new AppError(
          'BAD_REQUEST',
          400,
          'The postmaster and abuse mailboxes are permanent; delete their messages instead',
        );
      }
      const now = clock.now();
      await store.deleteMailbox(mailbox.address, now, now + deps.tombstoneDays * DAY_MS);
      await bus.publish(mailbox.address, { type: 'mailbox.expired' });
      return reply.status(204).send(null);
    },
  );
};
