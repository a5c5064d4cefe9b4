import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startBaseline } from '../lib/baseline';
import { report } from '../lib/report';
import { startServer } from '../lib/server';
import { gzipBytes, JS_BUDGET_KB, pageJs } from '../../web/scripts/page-js';

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

/** Every prerendered page but the home page: path and file under web/dist. */
function contentPages(): { path: string; file: string }[] {
  const pages: { path: string; file: string }[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(join(DIST, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory() && entry.name !== 'assets') visit(rel);
      else if (entry.name === 'index.html' && dir) pages.push({ path: `/${dir}`, file: rel });
    }
  };
  visit('');
  pages.sort((a, b) => a.path.localeCompare(b.path));
  return [...pages, { path: '(404)', file: '404.html' }];
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

/** Tries per audit: on a busy machine Lighthouse now and then fails to record a trace. */
const AUDIT_TRIES = 3;

/** {@link auditOnce}, tried again when Lighthouse itself failed (not when the page did). */
async function audit(port: number, url: string): Promise<Audit> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(port, url);
    } catch (error) {
      if (attempt >= AUDIT_TRIES || !(error instanceof LighthouseRuntimeError)) throw error;
      process.stdout.write(`  (lighthouse failed on ${url}, again: ${error.message})\n`);
    }
  }
}

class LighthouseRuntimeError extends Error {}

/** Lighthouse with its default (mobile: emulated phone, simulated slow 4G and CPU) settings. */
async function auditOnce(port: number, url: string): Promise<Audit> {
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
  if (result.lhr.runtimeError) {
    throw new LighthouseRuntimeError(`lighthouse: ${result.lhr.runtimeError.message}`);
  }
  const metrics = Object.entries(METRICS)
    .map(([name, id]) => `${name} ${result.lhr.audits[id]?.displayValue ?? '?'}`)
    .join(', ');
  return { scores, metrics };
}

/**
 * Each category's median over the runs; the metrics of the run whose performance score is the
 * median (the lower middle one for an even count).
 */
function median(runs: Audit[]): Audit & { spread: string } {
  const scores = {} as Scores;
  for (const c of CATEGORIES) {
    const sorted = runs.map((r) => r.scores[c]).sort((a, b) => a - b);
    scores[c] = sorted[Math.floor((sorted.length - 1) / 2)]!;
  }
  const byPerformance = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  const middle = byPerformance[Math.floor((byPerformance.length - 1) / 2)]!;
  const spread = byPerformance.map((r) => r.scores.performance).join('/');
  return { scores, metrics: middle.metrics, spread };
}

/** Runs per page; the figures are their medians. */
const RUNS = 5;

/**
 * The pages Lighthouse audits: the home page (the React app) and one content page of each kind
 * (FAQ, blog list, article, API page with code samples, legal page); a guide is built like an
 * article. Every content page's JavaScript is counted above.
 */
const AUDITED = [
  ['home', '/'],
  ['faq', '/faq'],
  ['blog', '/blog'],
  ['article', '/blog/come-evitare-spam'],
  ['api', '/api'],
  ['privacy', '/privacy'],
] as const;

/** Performance goals: the React app, and the static content pages. */
const PERFORMANCE_GOAL = { home: 95, content: 98 };

/** `npm run build`: the web app into `web/dist`, from the sources as they are. */
export function buildWeb(): void {
  const env = { ...process.env };
  delete env.NODE_ENV;
  const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit', env });
  if (r.status !== 0) throw new Error('npm run build failed');
}

export async function runWeb(ctx: { quick: boolean }): Promise<void> {
  if (!existsSync(join(DIST, 'index.html'))) {
    process.stdout.write('  (web/dist missing: npm run build)\n');
    buildWeb();
  }
  const floorScript = await reactFloor();
  const floorJs = gzipBytes(floorScript) / KB;
  const js = pageJs(DIST, 'index.html');
  report({
    id: 'web.home.initialJs',
    label: 'web home initial JS (gzip)',
    unit: 'KB',
    ours: js.bytes / KB,
    baseline: { name: 'React hello-world', value: floorJs },
    goal: { on: 'value', op: '<=', limit: JS_BUDGET_KB.home },
    note: js.files.join(' '),
  });
  // Static HTML with the small page script: React's floor alone is the baseline they avoid.
  for (const page of contentPages()) {
    const pageScripts = pageJs(DIST, page.file);
    report({
      id: `web.js.${page.path}`,
      label: `web JS (gzip) ${page.path}`,
      unit: 'KB',
      ours: pageScripts.bytes / KB,
      baseline: { name: 'React hello-world', value: floorJs },
      goal: { on: 'value', op: '<=', limit: JS_BUDGET_KB.content },
    });
  }

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
    // other categories beside a bare page (what any page can score). Every round audits them
    // all in turn, so that a busy spell of the machine weighs on each alike.
    const pages = ctx.quick ? [AUDITED[0], AUDITED[3]] : AUDITED;
    const runs = ctx.quick ? 1 : RUNS;
    const targets = [
      ['bare', `${baseline.httpUrl}/page`],
      ['react', floorPage.url],
      ...pages.map(([name, path]) => [name, `${server.httpUrl}${path}`] as const),
    ] as const;
    const results = new Map<string, Audit[]>(targets.map(([name]) => [name, []]));
    for (let round = 1; round <= runs; round++) {
      process.stdout.write(
        `  lighthouse round ${round}/${runs} (load ${loadavg()[0]!.toFixed(1)})\n`,
      );
      for (const [name, url] of targets) results.get(name)!.push(await audit(chrome.port, url));
    }
    const bare = median(results.get('bare')!);
    const react = median(results.get('react')!);
    for (const [name, path] of pages) {
      const ours = median(results.get(name)!);
      for (const c of CATEGORIES) {
        const performance = c === 'performance';
        const limit = !performance
          ? 100
          : name === 'home'
            ? PERFORMANCE_GOAL.home
            : PERFORMANCE_GOAL.content;
        report({
          id: `web.lighthouse.${name}.${c}`,
          label: `lighthouse mobile ${SHORT[c]} ${path}`,
          unit: '',
          ours: ours.scores[c],
          baseline: performance
            ? { name: 'React hello-world page', value: react.scores[c] }
            : { name: 'bare HTML page', value: bare.scores[c] },
          goal: { on: 'value', op: '>=', limit },
          note: performance
            ? `median of ${runs}, runs ${ours.spread}; ours ${ours.metrics}; ` +
              `React floor ${react.spread} (${react.metrics}); bare page ${bare.spread}`
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
