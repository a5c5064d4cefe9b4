import type { ErrorCode } from '@et/common';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../../domain/app-error';

/** Fastify's own 4xx errors, by code, mapped to ours. Anything else with a 4xx is BAD_REQUEST. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
};

/**
 * One handler for every error: AppError carries its own status and code; Fastify's 4xx
 * (validation, bad JSON, body too large) become JSON errors with their status; anything else
 * is a 500 whose details stay in the log.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({ error: { code: err.code, message: err.message } });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = FASTIFY_CODES[err.code] ?? 'BAD_REQUEST';
      return reply.status(status).send({ error: { code, message: err.message } });
    }
    request.log.error({ err }, 'request failed');
    return reply
      .status(500)
      .send({ error: { code: 'INTERNAL', message: 'Internal server error' } });
  });
}
