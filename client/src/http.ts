import { API_BASE } from '@et/common';
import { ApiError, MailboxGoneError, RateLimitedError } from './errors';
import type { ErrorBody } from './wire';

/** How to reach the service. */
export interface ClientOptions {
  /**
   * The service's origin, e.g. `https://emailtemporanea.it` (a trailing `/api/v1` is taken off).
   * Default: the `EMAIL_TEMPORANEA_URL` environment variable.
   */
  baseUrl?: string;
  /** The `fetch` to use; default the global one (Node 20.19+ and browsers). */
  fetch?: typeof fetch;
}

/** A resolved {@link ClientOptions}: the API's base URL and the fetch to call it with. */
export interface Connection {
  /** The origin with `/api/v1`, no trailing slash. */
  readonly api: string;
  readonly fetch: typeof fetch;
}

/** `EMAIL_TEMPORANEA_URL` where there is an environment (Node); undefined in a browser. */
function urlFromEnvironment(): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process
    ?.env;
  return env?.EMAIL_TEMPORANEA_URL || undefined;
}

export function connect(options: ClientOptions = {}): Connection {
  const base = options.baseUrl ?? urlFromEnvironment();
  if (!base) {
    throw new TypeError(
      'No server: pass baseUrl (e.g. https://emailtemporanea.it) or set EMAIL_TEMPORANEA_URL',
    );
  }
  const origin = base.replace(/\/+$/, '').replace(new RegExp(`${API_BASE}$`), '');
  if (!/^https?:\/\/[^/]/.test(origin)) {
    throw new TypeError(`baseUrl must be an http(s) URL, got ${JSON.stringify(base)}`);
  }
  return { api: `${origin}${API_BASE}`, fetch: options.fetch ?? globalThis.fetch.bind(globalThis) };
}

export interface SendOptions {
  method?: string;
  token?: string;
  /** A JSON body, sent with its content type. */
  json?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** One request to the API (`path` under `/api/v1`); resolves whatever status comes back. */
export function send(conn: Connection, path: string, options: SendOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  return conn.fetch(`${conn.api}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
    signal: options.signal,
  });
}

/**
 * Seconds to wait from a `Retry-After` header (a number of seconds or an HTTP date, RFC 9110
 * §10.2.3); null without one.
 */
export function retryAfterSeconds(res: Response): number | null {
  const value = res.headers.get('retry-after');
  if (value === null) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** What a failed request was doing, for its error's message. */
export interface FailureContext {
  /** E.g. `waiting for a message with a code`, `reading message Xy…`. */
  doing: string;
  /** The mailbox's address, when the request was for one: its 401 means it is gone. */
  address?: string;
}

/**
 * The error a non-2xx answer stands for: 401 on a mailbox's route → {@link MailboxGoneError},
 * 429 → {@link RateLimitedError} (with `Retry-After`, 1 s without), else {@link ApiError} with
 * the API's code and message. Reads the body.
 */
export async function failure(res: Response, context: FailureContext): Promise<Error> {
  let code = `HTTP_${res.status}`;
  let detail = res.statusText;
  try {
    const body = (await res.json()) as Partial<ErrorBody>;
    if (body.error?.code) code = body.error.code;
    if (body.error?.message) detail = body.error.message;
  } catch {
    // Not our JSON (a proxy's page): the status says enough.
  }
  if (res.status === 401 && context.address !== undefined) {
    return new MailboxGoneError(
      context.address,
      `Mailbox ${context.address} is gone (expired, deleted, or the token is wrong) while ` +
        `${context.doing}`,
    );
  }
  if (res.status === 429) {
    const retryAfter = retryAfterSeconds(res) ?? 1;
    return new RateLimitedError(
      retryAfter,
      `Rate limited while ${context.doing}: ${detail}; retry after ${retryAfter} s`,
    );
  }
  return new ApiError(
    res.status,
    code,
    `HTTP ${res.status} ${code} while ${context.doing}: ${detail}`,
  );
}
