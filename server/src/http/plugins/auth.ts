import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../domain/app-error';
import type { Clock } from '../../domain/clock';
import { hashToken, isWellFormedToken } from '../../domain/token';
import type { MailboxRecord, MailStore } from '../../store/mail-store';

/**
 * Resolves the bearer token of a request to its live mailbox, or throws 401.
 * The token is read from the Authorization header only, never from a URL, so it cannot end up
 * in an access log or a Referer.
 */
export function createAuthenticator(store: MailStore, clock: Clock) {
  return async function authenticate(request: FastifyRequest): Promise<MailboxRecord> {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match || !isWellFormedToken(match[1]!)) throw unauthorized();
    const mailbox = await store.findMailboxByTokenHash(hashToken(match[1]!), clock.now());
    if (!mailbox) throw unauthorized();
    return mailbox;
  };
}

export type Authenticate = ReturnType<typeof createAuthenticator>;
