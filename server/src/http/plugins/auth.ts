import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../domain/app-error';
import type { Clock } from '../../domain/clock';
import { roleMailboxToken } from '../../domain/role-mailboxes';
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
 * in an access log or a Referer. `operatorMailboxes` maps the hashes of the operator's tokens
 * (derived from `OPERATOR_TOKEN`, domain/role-mailboxes.ts) to the role mailbox each opens.
 */
export function createAuthenticator(
  store: MailStore,
  clock: Clock,
  operatorMailboxes: ReadonlyMap<string, string> = new Map(),
) {
  return async function authenticate(request: FastifyRequest): Promise<MailboxRecord> {
    const token = bearerToken(request.headers.authorization);
    if (token === null) throw unauthorized();
    const tokenHash = hashToken(token);
    const roleAddress = operatorMailboxes.get(tokenHash);
    const mailbox = roleAddress
      ? await store.findMailbox(roleAddress, clock.now())
      : await store.findMailboxByTokenHash(tokenHash, clock.now());
    if (!mailbox) throw unauthorized();
    return mailbox;
  };
}

/** Hashes of the operator's tokens → the role mailbox each opens; empty without a token. */
export function operatorMailboxes(
  operator: { token: string; addresses: readonly string[] } | undefined,
): ReadonlyMap<string, string> {
  if (!operator) return new Map();
  return new Map(
    operator.addresses.map((address) => [
      hashToken(roleMailboxToken(operator.token, address)),
      address,
    ]),
  );
}

export type Authenticate = ReturnType<typeof createAuthenticator>;
