import type { ErrorCode } from '@et/common';

/**
 * The one error type of the service. 4xx errors carry a message meant for the API client;
 * 5xx errors never echo internals (the HTTP error handler replaces their message).
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const unauthorized = () =>
  new AppError('UNAUTHORIZED', 401, 'Missing, wrong or expired token');

export const notFound = (what: string) => new AppError('NOT_FOUND', 404, `${what} not found`);

/** The store or the bus cannot be reached; the client should retry (HTTP 503, SMTP 451). */
export const unavailable = (cause?: unknown) =>
  Object.assign(
    new AppError('UNAVAILABLE', 503, 'Storage temporarily unavailable, retry shortly'),
    {
      cause,
    },
  );
