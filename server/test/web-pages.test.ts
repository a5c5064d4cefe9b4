import type { FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers/harness';

/** A small prerendered build, shaped like `web/dist`: one file per page plus 404.html. */
const DIST: Record<string, string> = {
  'index.html': '<h1>home</h1>',
  'faq/index.html': '<h1>faq</h1>',
  'api/index.html': '<h1>API per sviluppatori</h1>',
  'blog/index.html': '<h1>blog</h1>',
  'blog/come-evitare-spam/index.html': '<h1>article</h1>',
  '404.html': '<h1>Oops! Pagina non trovata</h1>',
  'assets/index-abc123.js': 'console.log(1)',
  'robots.txt': 'User-agent: *',
  'sitemap.xml': '<urlset></urlset>',
};

/** Files of `DIST` that the build also wrote as `.br` and `.gz`. */
const COMPRESSED = ['faq/index.html', '404.html', 'assets/index-abc123.js'];

describe('web app serving (prerendered pages, 404)', () => {
  let dir: string;
  let app: FastifyInstance;
  let h: Harness;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'et-web-'));
    const distDir = join(dir, 'dist');
    for (const [file, body] of Object.entries(DIST)) {
      mkdirSync(dirname(join(distDir, file)), { recursive: true });
      writeFileSync(join(distDir, file), body);
    }
    // As web/scripts/compress.ts writes them after the build.
    for (const file of COMPRESSED) {
      writeFileSync(join(distDir, `${file}.br`), brotliCompressSync(DIST[file]!));
      writeFileSync(join(distDir, `${file}.gz`), gzipSync(DIST[file]!));
    }
    h = await startHarness({ webDistDir: distDir });
    app = h.app;
  });
  afterAll(async () => {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, method: 'GET' | 'HEAD' | 'POST' = 'GET') => app.inject({ method, url });

  it('serves each prerendered page from its folder at its canonical URL, never cached', async () => {
    for (const [url, h1] of [
      ['/', 'home'],
      ['/faq', 'faq'],
      ['/blog', 'blog'],
      ['/blog/come-evitare-spam', 'article'],
      ['/faq?utm=x', 'faq'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(`<h1>${h1}</h1>`);
    }
    const head = await get('/faq', 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('redirects the trailing-slash form to the canonical URL with 301, keeping the query', async () => {
    const res = await get('/faq/?a=1');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/faq?a=1');
    const nested = await get('/blog/come-evitare-spam/');
    expect(nested.statusCode).toBe(301);
    expect(nested.headers.location).toBe('/blog/come-evitare-spam');
  });

  it('answers any other path with 404 and the not-found page', async () => {
    for (const url of [
      '/pagina-che-non-esiste',
      '/blog/articolo-inesistente',
      '/blog/articolo-inesistente/',
      '/faq/index.html',
      '/index.html',
      '/404.html',
      '/assets/missing.js',
      '/../server/package.json',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/faq%2F..%2F..%2Fetc',
      '//faq',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toBe('<h1>Oops! Pagina non trovata</h1>');
    }
    const post = await get('/faq', 'POST');
    expect(post.statusCode).toBe(404);
  });

  it('serves files as they are, hashed assets cached for a year', async () => {
    const asset = await get('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['cache-control']).toBe('no-cache');
    expect(robots.body).toBe('User-agent: *');
    expect((await get('/sitemap.xml')).statusCode).toBe(200);
  });

  it('sends the compressed copy the browser accepts, pages and assets alike, varying by encoding', async () => {
    const fetchAs = (url: string, encoding: string) =>
      app.inject({ url, headers: { 'accept-encoding': encoding } });
    for (const [url, file, status] of [
      ['/faq', 'faq/index.html', 200],
      ['/assets/index-abc123.js', 'assets/index-abc123.js', 200],
      ['/pagina-che-non-esiste', '404.html', 404],
    ] as const) {
      const br = await fetchAs(url, 'gzip, deflate, br');
      expect(br.statusCode, url).toBe(status);
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers.vary, url).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString(), url).toBe(DIST[file]);

      const gz = await fetchAs(url, 'gzip');
      expect(gz.statusCode, url).toBe(status);
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString(), url).toBe(DIST[file]);

      const plain = await fetchAs(url, 'identity');
      expect(plain.statusCode, url).toBe(status);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.body, url).toBe(DIST[file]);
    }
    // A file without compressed copies goes out as it is.
    const robots = await fetchAs('/robots.txt', 'br');
    expect(robots.headers['content-encoding']).toBeUndefined();
    expect(robots.body).toBe('User-agent: *');
    // The copies have no URL of their own.
    for (const url of ['/assets/index-abc123.js.br', '/faq/index.html.gz', '/404.html.br']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it('leaves /api/ to the API: JSON 404s, never the HTML page; /api is the developer page', async () => {
    for (const url of ['/api/v1/nope', '/api/nope', '/api/']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
    const created = await app.inject({ method: 'POST', url: '/api/v1/mailboxes' });
    expect(created.statusCode).toBe(201);
    const page = await get('/api');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('API per sviluppatori');
  });
});
