import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Serves the built web app. Hashed assets are cached for a year; HTML never is, so a deploy is
 * seen at the next load. Paths that are not files get the app's index.html (client routing).
 */
export async function registerWeb(app: FastifyInstance, distDir: string) {
  if (!existsSync(join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'web app not built; serving the API only');
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: ['index.html'],
    setHeaders(res, path) {
      res.setHeader(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.get('/*', (_request, reply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html'),
  );
}
