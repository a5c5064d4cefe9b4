import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../domain/app-error';
import type { Clock } from '../../domain/clock';
import { hashToken, isWellFormedToken } from '../../domain/token';
import type { MailboxRecord, MailStore } from '../../store/mail-store';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The well-formed token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const token = BEARER.exec(header ?? '')?.[1];
  return token !== undefined && isWellFormedToken(token) ? token : null;
}

/**
 * Resolves the bearer token of a request to its live mailbox, or throws 401.
 * The token is read from the Authorization header only, never from a URL, so it cannot end up
 * in an access log or a Referer.
 */
export function createAuthenticator(store: MailStore, clock: Clock) {
  return async function authenticate(request: FastifyRequest): Promise<MailboxRecord> {
    const token = bearerToken(request.headers.authorization);
    if (token === null) throw unauthorized();
    const mailbox = await store.findMailboxByTokenHash(hashToken(token), clock.now());
    if (!mailbox) throw unauthorized();
    return mailbox;
  };
}

export type Authenticate = ReturnType<typeof createAuthenticator>;
