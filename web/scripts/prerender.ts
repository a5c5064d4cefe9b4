/**
 * Prerenders every page of the site into `web/dist`, after `vite build --manifest` built the
 * client. Run by `npm run build` (web workspace).
 *
 * 1. Vite builds `src/app/entry-server.tsx` for Node (same config, same env as the client).
 * 2. Each page is rendered (`renderPage`) and written into the client's `index.html`, the one
 *    template of every page (so a tag added to its `<head>` is on every page): `#root` gets the
 *    markup, `<head>` the page's title, description, canonical URL and Open Graph tags. The home
 *    page keeps the React entry, which hydrates it (`src/app/client.tsx`). A content page loses
 *    the entry and its `modulepreload`s and gets the static-page script instead
 *    (`src/static-main.ts`, a few KB): it is plain HTML, read as it is. `/faq` →
 *    `dist/faq/index.html`, `/blog/x` → `dist/blog/x/index.html`, the not-found page →
 *    `dist/404.html`.
 * 3. `sitemap.xml` and `robots.txt` are written beside them.
 */
/// <reference types="node" />
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import type * as ServerEntryModule from '../src/app/entry-server';
import { pageDocument, ROOT_PLACEHOLDER } from './page-document';

type ServerEntry = typeof ServerEntryModule;

/** One chunk of Vite's build manifest (`dist/.vite/manifest.json`). */
interface ManifestChunk {
  file: string;
  imports?: string[];
}

const WEB_DIR = fileURLToPath(new URL('..', import.meta.url));
const DIST_DIR = join(WEB_DIR, 'dist');
/** The server bundle lives inside the package so that Node resolves its dependencies. */
const SERVER_OUT_DIR = join(WEB_DIR, 'node_modules', '.cache', 'prerender');
const MANIFEST_PATH = join(DIST_DIR, '.vite', 'manifest.json');

async function buildServerEntry(): Promise<ServerEntry> {
  await build({
    root: WEB_DIR,
    configFile: join(WEB_DIR, 'vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: 'src/app/entry-server.tsx',
      outDir: SERVER_OUT_DIR,
      emptyOutDir: true,
      copyPublicDir: false,
      minify: false,
      sourcemap: false,
    },
  });
  const file = (await readdir(SERVER_OUT_DIR)).find((name) => /^entry-server\.m?js$/.test(name));
  if (!file) throw new Error(`no entry-server bundle in ${SERVER_OUT_DIR}`);
  return (await import(pathToFileURL(join(SERVER_OUT_DIR, file)).href)) as ServerEntry;
}

/** The source of the content pages' script, as Vite's manifest names it. */
const STATIC_ENTRY = 'src/static-main.ts';

/** Keys of `keys` and of every chunk they import statically, transitively. */
function staticClosure(manifest: Record<string, ManifestChunk>, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

/**
 * The tags that load the content pages' script: the entry and a `modulepreload` for each chunk
 * it imports, so that they download side by side.
 */
function staticScriptTags(manifest: Record<string, ManifestChunk>): string[] {
  const entry = manifest[STATIC_ENTRY];
  if (!entry) throw new Error(`the build manifest has no ${STATIC_ENTRY}`);
  const chunks = [...staticClosure(manifest, [STATIC_ENTRY])].filter((k) => k !== STATIC_ENTRY);
  return [
    `<script type="module" crossorigin src="/${entry.file}"></script>`,
    ...chunks.map(
      (key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}" />`,
    ),
  ];
}

/** Output file of a path: `/` → `index.html`, `/faq` → `faq/index.html`. */
function outputFile(path: string): string {
  return join(DIST_DIR, ...path.split('/').filter(Boolean), 'index.html');
}

function sitemapXml(entry: ServerEntry): string {
  const urls = entry.sitemapEntries().map(({ path, lastModified }) => {
    const lastmod = lastModified ? `<lastmod>${lastModified}</lastmod>` : '';
    return `  <url><loc>${entry.escapeHtml(entry.absoluteUrl(path))}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

function robotsTxt(entry: ServerEntry): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    '',
    `Sitemap: ${entry.absoluteUrl('/sitemap.xml')}`,
    '',
  ].join('\n');
}

async function main() {
  const started = performance.now();
  const template = await readFile(join(DIST_DIR, 'index.html'), 'utf8');
  if (template.split(ROOT_PLACEHOLDER).length !== 2 || !/<title>/.test(template)) {
    throw new Error('dist/index.html is not the fresh client build: run `vite build` first');
  }
  if (!existsSync(MANIFEST_PATH)) throw new Error('no build manifest: run `vite build --manifest`');
  const manifest = JSON.parse(await readFile(MANIFEST_PATH, 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const staticScripts = staticScriptTags(manifest);

  const entry = await buildServerEntry();
  const pages = [
    ...entry.sitemapEntries().map(({ path }) => ({ path, file: outputFile(path) })),
    { path: entry.NOT_FOUND_PROBE_PATH, file: join(DIST_DIR, '404.html') },
  ];

  const titles = new Map<string, string>();
  for (const { path, file } of pages) {
    const page = await entry.renderPage(path);
    if (!page.html.includes('<h1')) throw new Error(`${path}: the page has no <h1>`);
    const previous = titles.get(page.meta.title);
    if (previous) throw new Error(`${path}: same <title> as ${previous}`);
    titles.set(page.meta.title, path);

    const scripts = page.kind === 'static' ? staticScripts : null;
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, pageDocument(template, entry.renderHead(page.meta), page.html, scripts));
  }

  await writeFile(join(DIST_DIR, 'sitemap.xml'), sitemapXml(entry));
  await writeFile(join(DIST_DIR, 'robots.txt'), robotsTxt(entry));
  // The manifest and the server bundle were only needed here; keep dist to what is served.
  await rm(join(DIST_DIR, '.vite'), { recursive: true, force: true });
  await rm(SERVER_OUT_DIR, { recursive: true, force: true });

  const ms = Math.round(performance.now() - started);
  console.log(`prerendered ${pages.length} pages, sitemap.xml and robots.txt in ${ms} ms:`);
  for (const { path, file } of pages)
    console.log(`  ${path.padEnd(44)} ${relative(WEB_DIR, file)}`);
}

await main();
