/**
 * The FAQ's browsers are the build's: the versions it names are the target `vite.config.ts`
 * gives the JavaScript and CSS transforms, and every script the built site sends parses at the
 * syntax level those versions read. Builds first when `dist` is missing or stale.
 */
import * as acorn from 'acorn';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfigFromFile, type UserConfig } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIST_DIR, ensureWebBuild } from '../../scripts/ensure-build';
import { BUILD_TARGETS, SUPPORTED_BROWSERS } from '@/content/browsers';
import { faq } from '@/content/faq';

/**
 * The newest ECMAScript edition whose syntax every supported version reads: ES2022's last
 * piece (class static blocks) came in Safari 16.4, ES2023 added only the hashbang line, and
 * ES2024's RegExp `v` flag needs Chrome 112 and Safari 17. acorn refuses anything newer.
 */
const ECMA_VERSION = 2023;

/**
 * Built-ins newer than the oldest supported versions, called the way code calls them: a parse
 * error would not catch these, the first visitor with an older browser would. Each with the
 * first Chrome, Firefox and Safari that have it.
 */
const NEWER_STATICS = [
  'Promise.withResolvers', // 119, 121, 17.4
  'Object.groupBy', // 117, 119, 17.4
  'Map.groupBy', // 117, 119, 17.4
  'Array.fromAsync', // 121, 115, 16.4
  'URL.canParse', // 120, 115, 17
  'URL.parse', // 126, 126, 18
  'AbortSignal.any', // 116, 124, 17.4
  'Iterator.from', // 122, 131, 18.4
  'RegExp.escape', // 136, 134, 18.2
  'Promise.try', // 128, 134, 18.2
  'Error.isError', // 134, 138, -
];

const assets = () => readdirSync(join(DIST_DIR, 'assets')).filter((f) => f.endsWith('.js'));

/** Every `Object.name` member expression of a program, e.g. `Promise.withResolvers`. */
function staticMembers(program: acorn.Node): Set<string> {
  const found = new Set<string>();
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const n = node as Record<string, unknown> & { type?: string };
    if (
      n.type === 'MemberExpression' &&
      (n.object as acorn.Node).type === 'Identifier' &&
      (n.property as acorn.Node).type === 'Identifier' &&
      !n.computed
    ) {
      const object = (n.object as unknown as { name: string }).name;
      const property = (n.property as unknown as { name: string }).name;
      found.add(`${object}.${property}`);
    }
    for (const value of Object.values(n)) {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object' && 'type' in value) visit(value);
    }
  };
  visit(program);
  return found;
}

/** The build's own configuration, as `vite build` loads it. */
let viteConfig: UserConfig;

beforeAll(async () => {
  ensureWebBuild();
  const loaded = await loadConfigFromFile(
    { command: 'build', mode: 'production' },
    join(DIST_DIR, '..', 'vite.config.ts'),
  );
  if (!loaded) throw new Error('web/vite.config.ts not found');
  viteConfig = loaded.config;
}, 180_000);

describe('the browsers the site supports', () => {
  it('are the target of the build, for JavaScript and CSS', () => {
    expect(viteConfig.build?.target).toEqual(BUILD_TARGETS);
    expect(viteConfig.build?.cssTarget).toEqual(BUILD_TARGETS);
    expect(BUILD_TARGETS).toEqual(SUPPORTED_BROWSERS.flatMap((b) => b.targets));
    for (const browser of SUPPORTED_BROWSERS)
      for (const target of browser.targets)
        expect(target.replace(/^ios/, 'safari')).toBe(
          `${browser.name.toLowerCase()}${browser.version}`,
        );
  });

  it('are the ones the FAQ names, each with its version', () => {
    const answer = faq.find((e) => e.question === 'Quali browser sono supportati?')?.answer;
    for (const browser of SUPPORTED_BROWSERS)
      expect(answer).toContain(`${browser.name} ${browser.version} o successivo`);
    expect(answer?.match(/\d+(\.\d+)? o successivo/g)).toHaveLength(SUPPORTED_BROWSERS.length);
  });

  it('get scripts they read: every built asset parses at their syntax level', () => {
    const files = assets();
    expect(files.length).toBeGreaterThan(5);
    const problems = files.flatMap((file) => {
      const code = readFileSync(join(DIST_DIR, 'assets', file), 'utf8');
      try {
        const program = acorn.parse(code, { ecmaVersion: ECMA_VERSION, sourceType: 'module' });
        const members = staticMembers(program);
        return NEWER_STATICS.filter((name) => members.has(name)).map((name) => `${file}: ${name}`);
      } catch (err) {
        return [`${file}: ${(err as Error).message}`];
      }
    });
    expect(problems).toEqual([]);
  });

  it('covers the service worker and every inline script of the built pages', () => {
    const worker = readFileSync(join(DIST_DIR, 'sw.js'), 'utf8');
    acorn.parse(worker, { ecmaVersion: ECMA_VERSION, sourceType: 'script' });
    const pages = readdirSync(DIST_DIR, { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.html'),
    );
    expect(pages.length).toBeGreaterThan(17);
    let inline = 0;
    for (const page of pages) {
      const html = readFileSync(join(DIST_DIR, page), 'utf8');
      for (const [, attributes, code] of html.matchAll(
        /<script\b(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g,
      )) {
        if (/json/.test(attributes ?? '') || !code?.trim()) continue;
        const sourceType = /type="module"/.test(attributes ?? '') ? 'module' : 'script';
        acorn.parse(code, { ecmaVersion: ECMA_VERSION, sourceType });
        inline += 1;
      }
    }
    expect(inline).toBeGreaterThanOrEqual(pages.length);
  });

  it('would refuse a bundle above their level', () => {
    // The check is not vacuous: what the oldest versions cannot read fails to parse.
    expect(() =>
      acorn.parse('const r = /[\\p{L}--[a-z]]/v;', { ecmaVersion: ECMA_VERSION }),
    ).toThrow();
    expect(() =>
      acorn.parse('const m = /(?<y>a)|(?<y>b)/;', { ecmaVersion: ECMA_VERSION }),
    ).toThrow();
    const program = acorn.parse('const { promise } = Promise.withResolvers();', {
      ecmaVersion: ECMA_VERSION,
    });
    expect(staticMembers(program).has('Promise.withResolvers')).toBe(true);
  });
});
