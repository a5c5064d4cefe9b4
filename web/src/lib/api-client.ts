/**
 * The one way the web app talks to the JSON API: every request carries the mailbox token as
 * `Authorization: Bearer`, never in a URL; every failure becomes an `ApiError` with the API's
 * stable code, so callers decide what to show by code, not by parsing text.
 */
import { API_BASE, type ErrorBody, type ErrorCode } from '@et/common';

/** `NETWORK`: no answer at all (offline, server down, aborted). */
export type ApiErrorCode = ErrorCode | 'NETWORK';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status, 0 when no answer arrived. */
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    /** From `Retry-After` (429, 503): whole seconds to wait before trying again, if given. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

/** True when the token is wrong or its mailbox has expired: the address is gone for good. */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'DELETE';
  /** Bearer token of the mailbox; omitted only for `POST /mailboxes`. */
  token?: string;
  accept?: string;
  /** Sent as the JSON body (`Content-Type: application/json`); no body when absent. */
  json?: unknown;
  signal?: AbortSignal;
}

/** Path under `/api/v1`, e.g. `/messages`. */
export function apiUrl(path: string): string {
  return `${API_BASE}${path}`;
}

/** Sends a request and returns the response if it is 2xx; otherwise throws `ApiError`. */
export async function apiRequest(path: string, options: ApiRequestOptions = {}): Promise<Response> {
  const headers = new Headers({ Accept: options.accept ?? 'application/json' });
  if (options.token) headers.set('Authorization', `Bearer ${options.token}`);
  if (options.json !== undefined) headers.set('Content-Type', 'application/json');
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method: options.method ?? 'GET',
      headers,
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
      signal: options.signal,
      cache: 'no-store',
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError(0, 'NETWORK', cause instanceof Error ? cause.message : 'network error');
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

/** Like `apiRequest`, then parses the JSON body. */
export async function apiJson<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const response = await apiRequest(path, options);
  return (await response.json()) as T;
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: Partial<ErrorBody> | undefined;
  try {
    body = (await response.json()) as Partial<ErrorBody>;
  } catch {
    body = undefined;
  }
  const code = body?.error?.code ?? fallbackCode(response.status);
  return new ApiError(
    response.status,
    code,
    body?.error?.message ?? response.statusText,
    parseRetryAfter(response.headers.get('retry-after')),
  );
}

/** `Retry-After` as delay-seconds (RFC 9110 §10.2.3); an HTTP-date is turned into seconds from now. */
export function parseRetryAfter(value: string | null, nowMs = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  // An HTTP-date always names its day and month; without letters Date.parse reads '-5' as a year.
  const dateMs = /[a-z]/i.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  return Number.isNaN(dateMs) ? null : Math.max(0, Math.ceil((dateMs - nowMs) / 1000));
}

function fallbackCode(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 404) return 'NOT_FOUND';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 503) return 'UNAVAILABLE';
  if (status >= 500) return 'INTERNAL';
  return 'BAD_REQUEST';
}
