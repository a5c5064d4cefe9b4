import SwaggerParser from '@apidevtools/swagger-parser';
import { LONG_POLL_MAX_SECONDS } from '@et/common';
import { afterEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers/harness';

/** Every route of the API, as `METHOD path` with OpenAPI's `{param}` syntax. */
const API_ROUTES = [
  'GET /api/v1/domains',
  'POST /api/v1/mailboxes',
  'GET /api/v1/mailbox',
  'DELETE /api/v1/mailbox',
  'POST /api/v1/mailbox/extend',
  'GET /api/v1/mailbox/refusals',
  'GET /api/v1/messages',
  'DELETE /api/v1/messages',
  'GET /api/v1/messages/{id}',
  'DELETE /api/v1/messages/{id}',
  'GET /api/v1/messages/{id}/raw',
  'GET /api/v1/messages/{id}/attachment/{attachmentId}',
  'GET /api/v1/events',
];

interface Operation {
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; required?: boolean }[];
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema?: Record<string, unknown> }> }
  >;
}

interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  security: Record<string, string[]>[];
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
  paths: Record<string, Record<string, Operation>>;
}

describe('GET /api/v1/openapi.json', () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  async function fetchDocument() {
    h = await startHarness();
    const res = await h.app.inject({ url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    return res.json<OpenApiDocument>();
  }

  it('is a valid OpenAPI 3 document (checked by a real validator), public', async () => {
    const doc = await fetchDocument();
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(doc.info.title).toBe('Email Temporanea API');
    expect(doc.info.version).toMatch(/^1\.\d+\.\d+$/);
    // Validates against the OpenAPI 3 JSON schema and checks every $ref, path parameter and
    // operation id; throws with the reason otherwise. (It mutates its input: give it a copy.)
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('describes exactly the API routes, with tags and summaries; the pages are hidden', async () => {
    const doc = await fetchDocument();
    const described = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(described.sort()).toEqual([...API_ROUTES].sort());
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(operation.summary, `${method} ${path}`).toBeTruthy();
        expect(operation.tags?.length, `${method} ${path}`).toBe(1);
        for (const [status, response] of Object.entries(operation.responses)) {
          expect(response.description, `${method} ${path} ${status}`).toBeTruthy();
        }
      }
    }
    const params = doc.paths['/api/v1/messages/{id}/attachment/{attachmentId}']!.get!.parameters;
    expect(params?.map((p) => [p.in, p.name, p.required])).toEqual([
      ['path', 'id', true],
      ['path', 'attachmentId', true],
    ]);
  });

  it('declares the bearer scheme for every route but POST /mailboxes and GET /domains', async () => {
    const doc = await fetchDocument();
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/v1/mailboxes']!.post!.security).toEqual([]);
    expect(doc.paths['/api/v1/domains']!.get!.security).toEqual([]);
    const overridden = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.security !== undefined)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(overridden.sort()).toEqual(['GET /api/v1/domains', 'POST /api/v1/mailboxes']);
  });

  it('gives every success answer its schema and media type', async () => {
    const doc = await fetchDocument();
    const ok = (path: string, method: string, status: string) =>
      doc.paths[path]![method]!.responses[status]!;
    const json = (path: string, method: string, status: string) =>
      ok(path, method, status).content!['application/json']!.schema!;

    expect(json('/api/v1/mailboxes', 'post', '201')).toMatchObject({
      type: 'object',
      required: ['email', 'token', 'expiresAt', 'maxExpiresAt'],
    });
    expect(json('/api/v1/domains', 'get', '200')).toMatchObject({
      required: ['domains'],
      properties: { domains: { type: 'array', minItems: 1, items: { type: 'string' } } },
    });
    // The optional body that picks the domain, JSON only; the 400 it can cause.
    const create = doc.paths['/api/v1/mailboxes']!.post! as Operation & {
      requestBody?: { required?: boolean; content: Record<string, { schema: unknown }> };
    };
    expect(create.requestBody?.required).not.toBe(true);
    expect(Object.keys(create.requestBody!.content)).toEqual(['application/json']);
    expect(create.requestBody!.content['application/json']!.schema).toMatchObject({
      type: 'object',
      properties: { domain: { type: 'string' } },
    });
    expect(json('/api/v1/mailboxes', 'post', '400')).toMatchObject({ required: ['error'] });
    expect(json('/api/v1/mailbox', 'get', '200')).toMatchObject({
      required: ['email', 'expiresAt', 'maxExpiresAt'],
    });
    expect(json('/api/v1/mailbox/extend', 'post', '200')).toMatchObject({
      required: ['email', 'expiresAt', 'maxExpiresAt'],
    });
    // The refusal once the mailbox is at the end of its longest life.
    expect(json('/api/v1/mailbox/extend', 'post', '409')).toMatchObject({ required: ['error'] });
    const list = json('/api/v1/messages', 'get', '200') as {
      properties: { messages: { type: string; items: { required: string[] } } };
    };
    expect(list.properties.messages.type).toBe('array');
    expect(list.properties.messages.items.required).toEqual(
      expect.arrayContaining(['id', 'from', 'subject', 'preview', 'receivedAt', 'size']),
    );
    expect(json('/api/v1/messages/{id}', 'get', '200')).toMatchObject({
      required: expect.arrayContaining(['id', 'to', 'text', 'html', 'attachments']),
    });
    expect(Object.keys(ok('/api/v1/messages/{id}/raw', 'get', '200').content!)).toEqual([
      'message/rfc822',
    ]);
    expect(
      Object.keys(ok('/api/v1/messages/{id}/attachment/{attachmentId}', 'get', '200').content!),
    ).toEqual(['application/octet-stream']);
    expect(Object.keys(ok('/api/v1/events', 'get', '200').content!)).toEqual(['text/event-stream']);
    for (const [path, method] of [
      ['/api/v1/mailbox', 'delete'],
      ['/api/v1/messages', 'delete'],
      ['/api/v1/messages/{id}', 'delete'],
    ] as const) {
      expect(ok(path, method, '204').content, `${method} ${path}`).toBeUndefined();
    }
    // Errors share one shape.
    expect(json('/api/v1/mailbox', 'get', '401')).toMatchObject({
      required: ['error'],
      properties: { error: { required: ['code', 'message'] } },
    });
  });

  it('documents the cursor: since and wait on the list, Last-Event-ID on the stream', async () => {
    const doc = await fetchDocument();
    const list = doc.paths['/api/v1/messages']!.get!;
    const param = (operation: Operation, name: string) =>
      operation.parameters?.find((p) => p.name === name) as
        { in: string; required?: boolean; schema: Record<string, unknown> } | undefined;
    expect(param(list, 'since')).toMatchObject({
      in: 'query',
      schema: { type: 'string', pattern: expect.any(String) },
    });
    expect(param(list, 'since')?.required).not.toBe(true);
    expect(param(list, 'wait')).toMatchObject({
      in: 'query',
      schema: { type: 'integer', minimum: 0, maximum: LONG_POLL_MAX_SECONDS },
    });
    const answer = list.responses['200']!.content!['application/json']!.schema as {
      required: string[];
      properties: Record<string, unknown>;
    };
    expect(answer.required).toEqual(['messages']);
    expect(answer.properties.cursor).toMatchObject({ type: 'string' });
    expect(param(doc.paths['/api/v1/events']!.get!, 'last-event-id')).toMatchObject({
      in: 'header',
      schema: { type: 'string' },
    });
  });

  it('the documented routes still answer as documented (a 404 outside the API stays JSON)', async () => {
    h = await startHarness();
    const missing = await h.app.inject({ url: '/api/v1/openapi.yaml' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    const created = await h.app.inject({ method: 'POST', url: '/api/v1/mailboxes' });
    expect(created.statusCode).toBe(201);
  });
});
