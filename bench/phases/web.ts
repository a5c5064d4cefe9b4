import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
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

/** The floor of any React page: createRoot + render of one element, bundled and minified. */
async function reactFloor(): Promise<number> {
  const out = await build({
    stdin: {
      contents:
        "import { createElement } from 'react'; import { createRoot } from 'react-dom/client';" +
        "createRoot(document.getElementById('root')).render(createElement('h1', null, 'Ciao'));",
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
  return gzipBytes(Buffer.from(out.outputFiles[0]!.contents));
}

type Scores = Record<(typeof CATEGORIES)[number], number>;

/** Lighthouse with its default (mobile: emulated phone, simulated slow 4G and CPU) settings. */
async function audit(port: number, url: string): Promise<Scores> {
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
  return scores;
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
  report({
    id: 'web.home.initialJs',
    label: 'web home initial JS (gzip)',
    unit: 'KB',
    ours: js.bytes / KB,
    baseline: { name: 'React hello-world', value: (await reactFloor()) / KB },
    goal: { on: 'value', op: '<=', limit: 100 },
    note: js.files.join(' '),
  });

  const server = await startServer();
  const baseline = await startBaseline();
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
    const bare = await audit(chrome.port, `${baseline.httpUrl}/page`);
    const pages = [
      ['home', '/'],
      ['article', '/blog/come-evitare-spam'],
    ] as const;
    for (const [name, path] of ctx.quick ? pages.slice(0, 1) : pages) {
      const scores = await audit(chrome.port, `${server.httpUrl}${path}`);
      for (const c of CATEGORIES) {
        report({
          id: `web.lighthouse.${name}.${c}`,
          label: `lighthouse mobile ${SHORT[c]} ${path}`,
          unit: '',
          ours: scores[c],
          baseline: { name: 'bare HTML page', value: bare[c] },
          goal: { on: 'value', op: '>=', limit: c === 'performance' ? 95 : 100 },
        });
      }
    }
  } finally {
    chrome.kill();
    await baseline.stop();
    await server.stop();
  }
}
