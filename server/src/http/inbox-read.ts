import { API_BASE } from '@et/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Clock } from '../domain/clock';
import type { MessageRecord } from '../domain/message';
import { hashToken } from '../domain/token';
import type { MailStore } from '../store/mail-store';
import { bearerToken } from './plugins/auth';
import { API_HEADERS, HSTS } from './plugins/security-headers';
import { cameOverTls, type ProxyTrust } from './proxy-trust';

/**
 * The JSON of inbox lists, by the identity of the list the store handed out. A store that hands
 * back the same list until it changes (SQLite) gets each list serialised once, so polls and page
 * loads between two arrivals cost no JSON work; a list that is gone from the store's cache is
 * garbage, and its JSON with it.
 */
export function createInboxJson() {
  const bodies = new WeakMap<readonly MessageRecord[], Buffer>();
  return {
    get: (messages: readonly MessageRecord[]) => bodies.get(messages),
    /** Keeps `json` as the body of `messages`; returns it as the bytes to send. */
    put(messages: readonly MessageRecord[], json: string): Buffer {
      const body = Buffer.from(json);
      bodies.set(messages, body);
      return body;
    },
  };
}

export type InboxJson = ReturnType<typeof createInboxJson>;

const LIST_PATH = `${API_BASE}/messages`;
/** The content type of an inbox list's JSON, sent by the route and by the early answer alike. */
export const JSON_TYPE = 'application/json; charset=utf-8';
/**
 * The headers as node's flat list of names and values, which `writeHead` walks as it is, where
 * an object costs it a `for…in` and an own-property check per header.
 */
const HEADERS = Object.entries({ ...API_HEADERS, 'content-type': JSON_TYPE }).flat();
const TLS_HEADERS = [...HEADERS, 'strict-transport-security', HSTS];

/**
 * `GET /api/v1/messages`, the poll every open inbox makes, answered ahead of fastify when the
 * answer is already in memory: the mailbox of the token and its list in the store's read cache
 * (`peekInboxList`), the list's JSON in `json`. That answer is byte for byte the route's
 * (`routes/messages.ts` fills `json`; a test compares the two), without the router, hooks,
 * request object and promise turns, which cost more than the read itself (bench/README,
 * "Inbox read").
 *
 * Returns false, having written nothing, for everything else: another route or method, a
 * query string, a body, a missing or wrong token, an expired mailbox, a list not in memory.
 * Fastify then answers it as usual, errors included, and fills the caches for the next poll.
 * The same goes for anything that throws while looking: fastify's route meets the same fault
 * and answers and logs it, where a throw here would take the process down.
 */
export function createInboxRead({
  store,
  clock,
  json,
  trustProxy,
}: {
  store: MailStore;
  clock: Clock;
  json: InboxJson;
  trustProxy: ProxyTrust | false;
}): (request: IncomingMessage, response: ServerResponse) => boolean {
  if (!store.peekInboxList) return () => false;
  const peek = store.peekInboxList.bind(store);

  /** The body to send, if the request is a poll whose answer is all in memory. */
  function bodyInMemory(request: IncomingMessage): Buffer | undefined {
    if (request.method !== 'GET' || request.url !== LIST_PATH) return undefined;
    const {
      authorization,
      'content-length': length,
      'transfer-encoding': coding,
    } = request.headers;
    if (length !== undefined || coding !== undefined) return undefined;
    const token = bearerToken(authorization);
    if (token === null) return undefined;
    const messages = peek(hashToken(token), clock.now());
    return messages && json.get(messages);
  }

  return function answerInboxRead(request, response) {
    let body: Buffer | undefined;
    try {
      body = bodyInMemory(request);
    } catch {
      return false;
    }
    if (!body) return false;
    const headers = cameOverTls(request, trustProxy) ? TLS_HEADERS : HEADERS;
    response.writeHead(200, [...headers, 'content-length', String(body.length)]);
    response.end(body);
    return true;
  };
}
