import { API_BASE } from '@et/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Clock } from '../domain/clock';
import type { MessageRecord } from '../domain/message';
import { hashToken } from '../domain/token';
import type { Inbox, MailStore } from '../store/mail-store';
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

/** Node's request handler: fastify's, which the inbox read hands every request it does not answer. */
export type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * `GET /api/v1/messages`, the poll every open inbox makes, answered ahead of fastify: the
 * store's `readInbox` (synchronous on SQLite, one small command on Redis while the list is
 * unchanged) and the list's JSON from `json`. That answer is byte for byte the route's
 * (`routes/messages.ts` fills `json`; a test compares the two), without the router, hooks,
 * request object and promise turns, which cost more than the read itself (bench/README,
 * "Inbox read").
 *
 * Everything else goes to fastify as it is: another route or method, a query string, a body,
 * a missing or malformed token; and so does a poll whose answer is not at hand (a wrong token,
 * an expired mailbox, a list whose JSON is not made yet, a store that fails). Fastify then
 * answers it as usual, errors included, and fills `json` for the next poll; a throw here
 * would take the process down.
 */
export function createInboxRead({
  store,
  clock,
  json,
  trustProxy,
  operatorTokens,
  answered,
}: {
  store: MailStore;
  clock: Clock;
  json: InboxJson;
  trustProxy: ProxyTrust | false;
  /** Token hashes of the operator's mailboxes: found by address, so left to the router. */
  operatorTokens: ReadonlyMap<string, string>;
  /** Hears each poll answered here, with the seconds it took (for the request metrics). */
  answered?: (seconds: number) => void;
}): (request: IncomingMessage, response: ServerResponse, handler: Handler) => void {
  /** The token hash of a request that is a plain poll, else null. */
  function pollTokenHash(request: IncomingMessage): string | null {
    if (request.method !== 'GET' || request.url !== LIST_PATH) return null;
    const {
      authorization,
      'content-length': length,
      'transfer-encoding': coding,
    } = request.headers;
    if (length !== undefined || coding !== undefined) return null;
    const token = bearerToken(authorization);
    if (token === null) return null;
    const tokenHash = hashToken(token);
    return operatorTokens.has(tokenHash) ? null : tokenHash;
  }

  function answer(
    inbox: Inbox | null,
    request: IncomingMessage,
    response: ServerResponse,
    handler: Handler,
    started: number,
  ) {
    const body = inbox && json.get(inbox.messages);
    if (!body) return handler(request, response);
    const headers = cameOverTls(request, trustProxy) ? TLS_HEADERS : HEADERS;
    response.writeHead(200, [...headers, 'content-length', String(body.length)]);
    response.end(body);
    answered?.((performance.now() - started) / 1000);
  }

  return function answerInboxRead(request, response, handler) {
    const started = performance.now();
    let read: ReturnType<MailStore['readInbox']>;
    try {
      const tokenHash = pollTokenHash(request);
      if (tokenHash === null) return handler(request, response);
      read = store.readInbox(tokenHash, clock.now());
    } catch {
      return handler(request, response);
    }
    if (read instanceof Promise) {
      read
        .then(
          (inbox) => answer(inbox, request, response, handler, started),
          () => handler(request, response),
        )
        // Nothing above throws on a live or a closed socket; should it, the client gets no
        // answer rather than the process an unhandled rejection.
        .catch(() => response.destroy());
    } else {
      answer(read, request, response, handler, started);
    }
  };
}
