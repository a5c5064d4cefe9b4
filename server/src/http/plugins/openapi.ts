import swagger from '@fastify/swagger';
import {
  API_BASE,
  MAILBOX_MAX_LIFETIME_SECONDS,
  MAILBOX_TTL_SECONDS,
  PRODUCT_NAME,
} from '@et/common';
import type { FastifyInstance } from 'fastify';

/** Version of the API described; the path carries its major (`/api/v1`). */
export const API_VERSION = '1.0.0';

/** Name of the bearer scheme in `components.securitySchemes`. */
export const BEARER_SCHEME = 'bearerAuth';

/**
 * Put `[OPTIONAL_BODY]: true` in a route schema whose body may be left out: the document then
 * says `requestBody.required: false` (fastify-swagger marks every body required).
 */
export const OPTIONAL_BODY = 'x-optional-body';

/** Where the document is served. */
export const OPENAPI_PATH = `${API_BASE}/openapi.json`;

/**
 * OpenAPI 3 from the route schemas (`schemas.ts`, `routes/*.ts`): the same schemas that validate
 * requests and strip responses describe them, so the document cannot drift from the code.
 * Must be registered before the routes (it collects them in `onRoute`). Only `/api/v1` routes
 * are described; the web pages, static files and the document itself are hidden.
 *
 * Every operation needs the bearer token unless its schema says `security: []`
 * (`GET /domains`, `POST /mailboxes`).
 */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: `${PRODUCT_NAME} API`,
        version: API_VERSION,
        description:
          `Disposable mailboxes over HTTP: create an address, receive mail over SMTP, read it ` +
          `as JSON, live through server-sent events. A mailbox lives ${MAILBOX_TTL_SECONDS / 60} ` +
          'minutes from creation or from its last extension, and at most ' +
          `${MAILBOX_MAX_LIFETIME_SECONDS / 60} minutes in all; then it and its mail are deleted.`,
      },
      tags: [
        { name: 'Mailbox', description: 'Create, inspect, extend and delete a mailbox' },
        { name: 'Messages', description: 'The mail of the mailbox, its bodies and files' },
        { name: 'Events', description: 'Live events of the mailbox' },
      ],
      components: {
        securitySchemes: {
          [BEARER_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            description: 'The token returned once by `POST /mailboxes`.',
          },
        },
      },
      security: [{ [BEARER_SCHEME]: [] }],
    },
    transform: ({ schema, url }) => {
      const isApi = url.startsWith(`${API_BASE}/`) && url !== OPENAPI_PATH;
      if (!isApi) return { schema: { ...schema, hide: true }, url };
      return { schema: { ...schema, response: describeResponses(schema.response) }, url };
    },
    transformObject: (documents) => {
      if (!('openapiObject' in documents)) return documents.swaggerObject;
      const doc = documents.openapiObject;
      for (const operations of Object.values(doc.paths ?? {})) {
        for (const operation of Object.values(operations ?? {}) as Record<string, unknown>[]) {
          if (!operation || typeof operation !== 'object' || !(OPTIONAL_BODY in operation))
            continue;
          delete operation[OPTIONAL_BODY];
          const body = operation.requestBody as { required?: boolean } | undefined;
          if (body) body.required = false;
        }
      }
      return doc;
    },
  });
}

/** What each status means on this API, for answers whose schema does not say it itself. */
const STATUS_DESCRIPTIONS: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  204: 'Done; no body',
  400: 'Malformed request (error.message says what)',
  401: 'Missing, malformed, wrong or expired token',
  404: 'No such message or attachment in this mailbox',
  409: 'The mailbox has reached its longest life and cannot be extended (LIFETIME_EXCEEDED)',
  429: 'Too many requests; retry after the Retry-After seconds',
  503: 'No address could be allocated; try again',
};

/** The response schemas with a description each (OpenAPI requires one per response). */
function describeResponses(response: unknown): unknown {
  if (!response || typeof response !== 'object') return response;
  return Object.fromEntries(
    Object.entries(response as Record<string, Record<string, unknown>>).map(([status, schema]) => [
      status,
      schema.description ? schema : { ...schema, description: STATUS_DESCRIPTIONS[status] },
    ]),
  );
}
