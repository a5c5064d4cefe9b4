/**
 * Draws the app icons of the web app manifest (`public/manifest.webmanifest`) from the site's
 * mark, the envelope of `public/favicon.svg`, with Debian's Chromium: PNGs, since launchers and
 * Android's splash screen do not take SVG. Run by hand after the mark changes
 * (`npx tsx web/scripts/make-icons.ts`); the PNGs are committed.
 *
 * - `icon-192.png`, `icon-512.png` (`purpose: any`): the favicon as it is, rounded corners on a
 *   transparent ground.
 * - `icon-maskable-512.png` (`purpose: maskable`): the ground fills the square, for the launcher
 *   to cut to its own shape, and the envelope stays inside the safe zone, the centred circle of
 *   40% radius that every mask keeps (https://www.w3.org/TR/appmanifest/#icon-masks).
 */
/// <reference types="node" />
import { execFileSync } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const PUBLIC_DIR = fileURLToPath(new URL('../public', import.meta.url));
const ICONS_DIR = join(PUBLIC_DIR, 'icons');

function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim();
}

/** The favicon's envelope strokes, scaled about the centre of its 32-unit square. */
function maskableSvg(favicon: string): string {
  const ground = /<rect width="32" height="32"[^>]*fill="([^"]+)"/.exec(favicon)?.[1];
  const envelope = /<g[\s\S]*<\/g>/.exec(favicon)?.[0];
  if (!ground || !envelope) throw new Error('favicon.svg no longer has the expected shape');
  // The envelope's half-diagonal is 38% of the side; scaled by 0.8 it is 30%, well inside 40%.
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">',
    `<rect width="32" height="32" fill="${ground}"/>`,
    `<g transform="translate(16 16) scale(0.8) translate(-16 -16)">${envelope}</g>`,
    '</svg>',
  ].join('');
}

async function main() {
  const favicon = await readFile(join(PUBLIC_DIR, 'favicon.svg'), 'utf8');
  const icons = [
    { file: 'icon-192.png', size: 192, svg: favicon },
    { file: 'icon-512.png', size: 512, svg: favicon },
    { file: 'icon-maskable-512.png', size: 512, svg: maskableSvg(favicon) },
  ];
  await mkdir(ICONS_DIR, { recursive: true });
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    for (const { file, size, svg } of icons) {
      await page.setViewportSize({ width: size, height: size });
      const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
      await page.setContent(
        `<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`,
      );
      await page.screenshot({ path: join(ICONS_DIR, file), omitBackground: true });
      console.log(`wrote icons/${file} (${size}×${size})`);
    }
  } finally {
    await browser.close();
  }
}

await main();
