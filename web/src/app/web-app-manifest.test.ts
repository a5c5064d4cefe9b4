import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { strings } from '@/content/strings';

const WEB_DIR = join(import.meta.dirname, '..', '..');
const PUBLIC_DIR = join(WEB_DIR, 'public');

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

const manifest = JSON.parse(
  readFileSync(join(PUBLIC_DIR, 'manifest.webmanifest'), 'utf8'),
) as Record<string, unknown> & { icons: ManifestIcon[] };
const indexHtml = readFileSync(join(WEB_DIR, 'index.html'), 'utf8');

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(path: string): string {
  const bytes = readFileSync(path);
  expect(bytes.subarray(1, 4).toString('latin1'), path).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe('the web app manifest', () => {
  it('says in the content’s words what the installed app is', () => {
    expect(manifest).toMatchObject({
      name: strings.webApp.name,
      short_name: strings.webApp.shortName,
      description: strings.webApp.description,
      lang: 'it',
      id: '/',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    });
  });

  it('lists icons of 192 and 512 pixels and a maskable one, each the size it claims', () => {
    const declared = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
    expect(declared).toEqual(expect.arrayContaining(['192x192 any', '512x512 any']));
    expect(declared.some((d) => d.endsWith(' maskable'))).toBe(true);
    for (const icon of manifest.icons) {
      expect(icon.type).toBe('image/png');
      expect(pngSize(join(PUBLIC_DIR, icon.src)), icon.src).toBe(icon.sizes);
    }
  });

  it('is linked from the head every page is built on, with a theme colour per scheme', () => {
    expect(indexHtml).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    const themes = [
      ...indexHtml.matchAll(/<meta name="theme-color" content="([^"]+)" media="([^"]+)"/g),
    ];
    expect(themes.map(([, , media]) => media)).toEqual([
      '(prefers-color-scheme: light)',
      '(prefers-color-scheme: dark)',
    ]);
    expect(themes[0]?.[1]).toBe(manifest.theme_color);
    expect(manifest.background_color).toBe(manifest.theme_color);
  });
});
