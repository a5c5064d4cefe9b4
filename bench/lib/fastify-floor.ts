/**
 * The framework floor of the inbox read, run as its own process (`tsx bench/lib/fastify-floor.ts
 * body.json headers.json`): the fastify version we use, with no plugin, hook, store or token,
 * answering `GET /json` with the exact body and response headers our inbox read answered.
 * What it costs beyond the bare node:http baseline is what no work of ours can win back.
 *
 * Prints `{"http": port}` on stdout once it listens.
 */
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';

const body = readFileSync(process.argv[2]!);
const headers = JSON.parse(readFileSync(process.argv[3]!, 'utf8')) as Record<string, string>;

const app = Fastify({ logger: false, keepAliveTimeout: 10_000 });
app.get('/json', (_request, reply) => reply.headers(headers).send(body));
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(
  `${JSON.stringify({ http: (app.server.address() as { port: number }).port })}\n`,
);
