import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startBaseline } from '../lib/baseline';
import { report } from '../lib/report';
import { startServer } from '../lib/server';

export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIST = join(ROOT, 'web/dist');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const SHORT = {
  performance: 'perf',
  accessibility: 'a11y',
  'best-practices': 'best pr.',
  seo: 'SEO',
};
const KB = 1024;

const gzipBytes = (data: Buffer | string) => gzipSync(data, { level: 9 }).length;

/**
 * The JavaScript the home page loads before any interaction: inline scripts, the entry module
 * and its modulepreloads, as listed in web/dist/index.html; gzip level 9.
 */
function homeInitialJs(): { bytes: number; files: string[] } {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const files = [
    ...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g),
    ...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>/g),
  ].map((m) => m[1]!);
  const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1]!)
    .filter((js) => js.trim());
  let bytes = inline.reduce((sum, js) => sum + gzipBytes(js), 0);
  for (const file of files) bytes += gzipBytes(readFileSync(join(DIST, file)));
  return { bytes, files: [...files, ...inline.map((_, i) => `inline#${i + 1}`)] };
}

/**
 * The floor of any React page: a prerendered heading that React hydrates, bundled and minified.
 * Its gzip size is the JS floor; served beside our stylesheet (`reactFloorPage`), it is the
 * Lighthouse performance floor of a React page on this machine.
 */
async function reactFloor(): Promise<Buffer> {
  const out = await build({
    stdin: {
      contents:
        "import { createElement } from 'react'; import { hydrateRoot } from 'react-dom/client';" +
        "hydrateRoot(document.getElementById('root'), createElement('h1', null, 'Ciao'));",
      resolveDir: join(ROOT, 'web'),
      loader: 'js',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  return Buffer.from(out.outputFiles[0]!.contents);
}

/**
 * Serves the React floor as a page shaped like ours: the same stylesheet (linked, as ours is),
 * the hello-world module, a heading and a paragraph, gzip like our server. On a free port.
 */
async function reactFloorPage(script: Buffer): Promise<{ url: string; stop: () => Promise<void> }> {
  const cssFile = /href="\/(assets\/[^"]+\.css)"/.exec(
    readFileSync(join(DIST, 'index.html'), 'utf8'),
  );
  if (!cssFile) throw new Error('web/dist/index.html links no stylesheet');
  const files: Record<string, [string, Buffer]> = {
    '/style.css': ['text/css', readFileSync(join(DIST, cssFile[1]!))],
    '/app.js': ['text/javascript', script],
    '/': [
      'text/html; charset=utf-8',
      Buffer.from(`<!doctype html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Ciao</title>
<meta name="description" content="Una pagina React minima: il riferimento di Lighthouse per le nostre.">
<link rel="stylesheet" href="/style.css">
<script type="module" src="/app.js"></script>
</head>
<body><div id="root"><h1>Ciao</h1></div><main><p>Una pagina React minima.</p></main></body>
</html>
`),
    ],
  };
  const server = createServer((req, res) => {
    const file = files[req.url ?? ''];
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': file[0], 'content-encoding': 'gzip' });
    res.end(gzipSync(file[1]));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

type Scores = Record<(typeof CATEGORIES)[number], number>;

interface Audit {
  scores: Scores;
  /** The performance metrics that weigh most, as Lighthouse displays them. */
  metrics: string;
}

const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
} as const;

/** Lighthouse with its default (mobile: emulated phone, simulated slow 4G and CPU) settings. */
async function audit(port: number, url: string): Promise<Audit> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    formFactor: 'mobile',
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const scores = {} as Scores;
  for (const c of CATEGORIES) scores[c] = Math.round((result.lhr.categories[c]?.score ?? 0) * 100);
  if (result.lhr.runtimeError) throw new Error(`lighthouse: ${result.lhr.runtimeError.message}`);
  const metrics = Object.entries(METRICS)
    .map(([name, id]) => `${name} ${result.lhr.audits[id]?.displayValue ?? '?'}`)
    .join(', ');
  return { scores, metrics };
}

export async function runWeb(ctx: { quick: boolean }): Promise<void> {
  if (!existsSync(join(DIST, 'index.html'))) {
    process.stdout.write('  (web/dist missing: npm run build)\n');
    const env = { ...process.env };
    delete env.NODE_ENV;
    const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit', env });
    if (r.status !== 0) throw new Error('npm run build failed');
  }
  const js = homeInitialJs();
  const floorScript = await reactFloor();
  report({
    id: 'web.home.initialJs',
    label: 'web home initial JS (gzip)',
    unit: 'KB',
    ours: js.bytes / KB,
    baseline: { name: 'React hello-world', value: gzipBytes(floorScript) / KB },
    goal: { on: 'value', op: '<=', limit: 100 },
    note: js.files.join(' '),
  });

  const server = await startServer();
  const baseline = await startBaseline();
  const floorPage = await reactFloorPage(floorScript);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    // Performance is set beside the React floor (what React itself costs a page here), the
    // other categories beside a bare page (what any page can score).
    const bare = await audit(chrome.port, `${baseline.httpUrl}/page`);
    const react = await audit(chrome.port, floorPage.url);
    const pages = [
      ['home', '/'],
      ['article', '/blog/come-evitare-spam'],
    ] as const;
    for (const [name, path] of ctx.quick ? pages.slice(0, 1) : pages) {
      const ours = await audit(chrome.port, `${server.httpUrl}${path}`);
      for (const c of CATEGORIES) {
        const performance = c === 'performance';
        report({
          id: `web.lighthouse.${name}.${c}`,
          label: `lighthouse mobile ${SHORT[c]} ${path}`,
          unit: '',
          ours: ours.scores[c],
          baseline: performance
            ? { name: 'React hello-world page', value: react.scores[c] }
            : { name: 'bare HTML page', value: bare.scores[c] },
          goal: { on: 'value', op: '>=', limit: performance ? 95 : 100 },
          note: performance
            ? `ours ${ours.metrics}; React floor ${react.metrics}; bare page ${bare.scores[c]}`
            : undefined,
        });
      }
    }
  } finally {
    chrome.kill();
    await floorPage.stop();
    await baseline.stop();
    await server.stop();
  }
}
