import type { CreateMailboxRequest } from '@et/common';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { randomAddress } from '../../domain/address';
import { AppError } from '../../domain/app-error';
import { clientKey } from '../../domain/client-key';
import { isRoleAddress } from '../../domain/role-mailboxes';
import { hashToken, newToken } from '../../domain/token';
import type { AppDeps } from '../deps';
import type { Authenticate } from '../plugins/auth';
import { OPTIONAL_BODY } from '../plugins/openapi';
import {
  authErrors,
  CreatedMailbox,
  CreateMailboxBody,
  DomainList,
  ErrorResponse,
  MailboxInfo,
  NoContent,
} from '../schemas';

/** A random 12-character local part collides about never; a few tries cover tombstones too. */
const CREATE_ATTEMPTS = 5;

const DAY_MS = 86_400_000;

export const mailboxRoutes: FastifyPluginAsyncTypebox<{
  deps: AppDeps;
  authenticate: Authenticate;
}> = async (app, { deps, authenticate }) => {
  const { store, bus, clock } = deps;
  const ttlMs = deps.mailboxTtlSeconds * 1000;
  const maxLifetimeMs = deps.mailboxMaxLifetimeSeconds * 1000;
  /** The instant no extension carries `m` past; null for the role mailboxes, which never end. */
  const lifetimeEnd = (m: { address: string; createdAt: number }) =>
    isRoleAddress(m.address) ? null : m.createdAt + maxLifetimeMs;
  const iso = (ms: number) => new Date(ms).toISOString();
  const info = (m: { address: string; createdAt: number; expiresAt: number }) => {
    const end = lifetimeEnd(m);
    return {
      email: m.address,
      expiresAt: iso(m.expiresAt),
      maxExpiresAt: end === null ? null : iso(end),
    };
  };

  const active = new Set(deps.domains);
  const retired = new Set(deps.retiredDomains);
  /** The domains a new address may be made on: the one asked for, else every active one. */
  const domainsFor = (asked: string | undefined): readonly string[] => {
    if (asked === undefined) return deps.domains;
    const domain = asked.trim().toLowerCase();
    if (active.has(domain)) return [domain];
    if (retired.has(domain)) {
      throw new AppError(
        'DOMAIN_RETIRED',
        400,
        `No new address is made on ${domain} any more; GET /domains lists the active ones`,
      );
    }
    throw new AppError(
      'UNKNOWN_DOMAIN',
      400,
      'Not a domain of this service; GET /domains lists the active ones',
    );
  };
  const domainList = { domains: [...deps.domains] };

  app.get(
    '/domains',
    {
      schema: {
        summary: 'The domains new addresses are made on',
        description:
          'No token needed. Any of them can be asked for in POST /mailboxes; a domain being ' +
          'retired is not listed, though its live addresses still receive mail until they expire.',
        tags: ['Mailbox'],
        security: [],
        response: { 200: DomainList },
      },
    },
    async () => domainList,
  );

  app.post(
    '/mailboxes',
    {
      schema: {
        summary: 'Create a mailbox with a random address',
        description:
          'No token needed. The answer carries the bearer token of the new mailbox, shown only ' +
          'here. The local part is always random; the optional JSON body picks the domain ' +
          '(without it, one of GET /domains at random). Rate limited per client: an IPv4 address, ' +
          'or an IPv6 /64 network (429 with Retry-After beyond the limit).',
        tags: ['Mailbox'],
        security: [],
        // Keyed by media type, so a request without a body (the usual one) is not validated
        // as JSON and is free to leave the domain to chance.
        body: { content: { 'application/json': { schema: CreateMailboxBody } } },
        [OPTIONAL_BODY]: true,
        response: {
          201: CreatedMailbox,
          400: ErrorResponse,
          429: ErrorResponse,
          503: ErrorResponse,
        },
      },
      config: {
        rateLimit: {
          max: deps.limits.createMax,
          timeWindow: deps.limits.createWindowSeconds * 1000,
        },
      },
    },
    async (request, reply) => {
      const body = request.body as CreateMailboxRequest | string | undefined;
      if (typeof body === 'string') {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Send the body as application/json');
      }
      const domains = domainsFor(body?.domain);
      // Kept with the mailbox for the cap on the mail one client's mailboxes take in together:
      // the client's key, as every per-client limit counts it, never more of its address.
      const creator = clientKey(request.ip, deps.limits.ipv6PrefixBits);
      for (let attempt = 0; attempt < CREATE_ATTEMPTS; attempt++) {
        const token = newToken();
        const now = clock.now();
        const address = randomAddress(domains);
        const created = await store.createMailbox({
          address,
          tokenHash: hashToken(token),
          createdAt: now,
          expiresAt: now + ttlMs,
          creator,
        });
        if (created) {
          return reply.status(201).send({
            email: address,
            token,
            expiresAt: iso(now + ttlMs),
            maxExpiresAt: iso(now + maxLifetimeMs),
          });
        }
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
        summary: 'Reset the lifetime to the full TTL from now, within the longest life',
        description:
          'expiresAt becomes now + TTL (not added on top), but never later than maxExpiresAt ' +
          '(creation + the longest life): an extension that reaches it answers expiresAt equal ' +
          'to maxExpiresAt, and one that can add nothing more is 409 LIFETIME_EXCEEDED. Sends ' +
          'mailbox.extended.',
        tags: ['Mailbox'],
        response: { 200: MailboxInfo, ...authErrors, 409: ErrorResponse },
      },
    },
    async (request) => {
      const mailbox = await authenticate(request);
      const end = lifetimeEnd(mailbox);
      // The role mailboxes never end; a shorter lifetime would end them.
      if (end === null) return info(mailbox);
      if (mailbox.expiresAt >= end) {
        throw new AppError(
          'LIFETIME_EXCEEDED',
          409,
          `This mailbox has reached its longest life (${deps.mailboxMaxLifetimeSeconds} s from creation) and cannot be extended`,
        );
      }
      const now = clock.now();
      const updated = await store.setExpiry(mailbox.address, Math.min(now + ttlMs, end), now);
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
