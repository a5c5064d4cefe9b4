/**
 * The built site as a search engine fetches it: every prerendered page in `web/dist`, read as
 * raw HTML (no script runs here). Builds first when `dist` is missing or older than the sources.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { articles } from '@/content/articles';
import { blockTexts, inlineToPlain } from '@/content/blocks';
import { CONTENT_YEARS } from '@/content/content-years';
import { apiExamples, developerApiBlocks } from '@/content/developer-api';
import { faq } from '@/content/faq';
import { guide as casiUso } from '@/content/guides/casi-uso';
import { guide as guidaPrivacy } from '@/content/guides/guida-privacy';
import { guide as sicurezzaOnline } from '@/content/guides/sicurezza-online';
import * as privacy from '@/content/legal/privacy';
import * as terms from '@/content/legal/terms';
import { articlePath, formatDateIt, notFoundPage, STATIC_ROUTES } from '@/content/site';
import { DIST_DIR, ensureWebBuild } from '../../scripts/ensure-build';
import { JS_BUDGET_KB, pageJs } from '../../scripts/page-js';

/** Every route of the site and the file the build must have written for it. */
const ROUTES = [...STATIC_ROUTES, ...articles.map((a) => articlePath(a.slug))];
const fileOf = (path: string) => join(DIST_DIR, ...path.split('/').filter(Boolean), 'index.html');

const FOOTER_LINKS = [
  ['Pagina iniziale', '/'],
  ['Blog', '/blog'],
  ['FAQ', '/faq'],
  ['API', '/api'],
  ['Privacy', '/privacy'],
  ['Termini di servizio', '/terms'],
];

/** Body texts each page must carry in its HTML, in full. */
const BODIES: Record<string, string[]> = {
  '/guida-privacy': blockTexts(guidaPrivacy.blocks),
  '/sicurezza-online': blockTexts(sicurezzaOnline.blocks),
  '/casi-uso': blockTexts(casiUso.blocks),
  '/api': blockTexts(developerApiBlocks),
  '/privacy': privacy.sections.flatMap((s) => [s.title, ...blockTexts(s.blocks)]),
  '/terms': terms.sections.flatMap((s) => [s.title, ...blockTexts(s.blocks)]),
  '/faq': faq.flatMap((e) => [e.question, e.answer]),
  ...Object.fromEntries(articles.map((a) => [articlePath(a.slug), blockTexts(a.blocks)])),
};

const parser = new DOMParser();
const docs = new Map<string, Document>();
/** The parsed page at `path` (`404` for the not-found page). */
const doc = (path: string) => {
  const found = docs.get(path);
  if (!found) throw new Error(`no built page for ${path}`);
  return found;
};
const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
const metaContent = (d: Document, selector: string) =>
  d.head.querySelector(selector)?.getAttribute('content') ?? null;
const jsonLd = (d: Document) =>
  [...d.querySelectorAll('script[type="application/ld+json"]')].map(
    (s) => JSON.parse(s.textContent ?? '') as Record<string, unknown>,
  );

beforeAll(() => {
  ensureWebBuild();
  for (const path of ROUTES) {
    const file = fileOf(path);
    if (existsSync(file))
      docs.set(path, parser.parseFromString(readFileSync(file, 'utf8'), 'text/html'));
  }
  const notFound = join(DIST_DIR, '404.html');
  if (existsSync(notFound)) {
    docs.set('404', parser.parseFromString(readFileSync(notFound, 'utf8'), 'text/html'));
  }
}, 180_000);

describe('the prerendered site', () => {
  it('has one HTML file per route, plus 404.html', () => {
    const missing = [...ROUTES, '404'].filter((path) => !docs.has(path));
    expect(missing).toEqual([]);
    expect(ROUTES).toHaveLength(17);
  });

  it.each(ROUTES)('%s has its own head: title, description, canonical URL, Open Graph', (path) => {
    const d = doc(path);
    const title = d.title;
    expect(title.length).toBeGreaterThan(10);
    expect(title.length).toBeLessThanOrEqual(70);
    const description = metaContent(d, 'meta[name="description"]') ?? '';
    expect(description.length).toBeGreaterThanOrEqual(50);
    expect(description.length).toBeLessThanOrEqual(170);
    expect(d.head.querySelectorAll('title, meta[name="description"]')).toHaveLength(2);
    const canonical = d.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? '';
    expect(canonical).toMatch(/^https?:\/\/[a-z0-9.:-]+\//);
    expect(new URL(canonical).pathname).toBe(path);
    expect(metaContent(d, 'meta[property="og:url"]')).toBe(canonical);
    expect(metaContent(d, 'meta[property="og:title"]')).toBe(title);
    expect(metaContent(d, 'meta[property="og:description"]')).toBe(description);
    expect(metaContent(d, 'meta[property="og:type"]')).toBe(
      path.startsWith('/blog/') ? 'article' : 'website',
    );
    expect(metaContent(d, 'meta[property="og:locale"]')).toBe('it_IT');
    expect(metaContent(d, 'meta[name="robots"]')).toBeNull();
    expect(d.documentElement.lang).toBe('it');
  });

  it.each(ROUTES)('%s has one <h1>, the shared header and footer, and a back link', (path) => {
    const d = doc(path);
    const root = d.getElementById('root');
    expect(root?.children.length).toBeGreaterThan(0);
    const h1s = d.querySelectorAll('h1');
    expect(h1s).toHaveLength(1);
    expect(squash(h1s[0]?.textContent).length).toBeGreaterThan(3);
    expect(d.querySelector('header[data-slot="site-header"] a[href="/"]')).not.toBeNull();
    const footer = d.querySelector('footer[data-slot="site-footer"]');
    const footerLinks = [...(footer?.querySelectorAll('nav a') ?? [])].map((a) => [
      squash(a.textContent),
      a.getAttribute('href'),
    ]);
    expect(footerLinks).toEqual(FOOTER_LINKS);
    expect(footer?.textContent).toContain(
      `© ${CONTENT_YEARS.first}–${CONTENT_YEARS.last} Email Temporanea`,
    );
    if (path === '/') return;
    const back = d.querySelector('[data-slot="back-link"]');
    expect(squash(back?.textContent)).toBe(
      path.startsWith('/blog/') ? 'Torna al blog' : 'Torna alla pagina iniziale',
    );
    expect(back?.getAttribute('href')).toBe(path.startsWith('/blog/') ? '/blog' : '/');
  });

  it(`loads at most ${JS_BUDGET_KB.home} KB gzip of JavaScript on the home page before any interaction`, () => {
    const { bytes, files } = pageJs(DIST_DIR, 'index.html');
    const entry = doc('/').querySelector('script[type="module"][src]')?.getAttribute('src');
    expect(files).toContain(entry);
    expect(bytes).toBeLessThanOrEqual(JS_BUDGET_KB.home * 1024);
  });

  it.each([...ROUTES.filter((path) => path !== '/'), '404'])(
    `%s is static HTML: no React, at most ${JS_BUDGET_KB.content} KB gzip of JavaScript in all`,
    (path) => {
      const d = doc(path);
      const appEntry = doc('/').querySelector('script[type="module"][src]')?.getAttribute('src');
      expect(appEntry).toBeTruthy();
      const file = path === '404' ? '404.html' : relative(DIST_DIR, fileOf(path));
      const { bytes, files } = pageJs(DIST_DIR, file);
      expect(files).not.toContain(appEntry);
      expect(files.length).toBeGreaterThan(0);
      expect(bytes).toBeLessThanOrEqual(JS_BUDGET_KB.content * 1024);
      // React's hydration leaves text separators in the markup it rendered; none here.
      expect(d.getElementById('root')?.innerHTML).not.toContain('<!-- -->');
    },
  );

  it('gives no two pages the same title or description', () => {
    const all = [...docs.values()];
    expect(new Set(all.map((d) => d.title)).size).toBe(all.length);
    const descriptions = all.map((d) => metaContent(d, 'meta[name="description"]'));
    expect(new Set(descriptions).size).toBe(all.length);
  });

  it.each(Object.keys(BODIES))('%s carries its whole text in the HTML', (path) => {
    const text = squash(doc(path).getElementById('root')?.textContent);
    const missing = BODIES[path]!.map((t) => squash(inlineToPlain(t))).filter(
      (t) => !text.includes(t),
    );
    expect(missing).toEqual([]);
  });

  it('lists the 8 articles on /blog as cards with category, date, reading time, title and description', () => {
    const cards = [...doc('/blog').querySelectorAll('[data-slot="article-card"]')];
    expect(cards).toHaveLength(8);
    cards.forEach((card, index) => {
      const article = articles[index]!;
      const link = card.querySelector('h2 a');
      expect(link?.getAttribute('href')).toBe(articlePath(article.slug));
      expect(squash(link?.textContent)).toBe(article.title);
      expect(card.querySelector('[data-slot="badge"]')?.textContent).toBe(article.category);
      expect(card.querySelector('time')?.getAttribute('datetime')).toBe(article.date);
      expect(card.querySelector('time')?.textContent).toBe(formatDateIt(article.date));
      expect(card.textContent).toContain(`${article.readTimeMinutes} min di lettura`);
      expect(card.textContent).toContain(article.description);
    });
  });

  it.each(articles.map((a) => a.slug))(
    '/blog/%s carries Article and BreadcrumbList data',
    (slug) => {
      const article = articles.find((a) => a.slug === slug)!;
      const d = doc(articlePath(slug));
      const canonical = d.head.querySelector('link[rel="canonical"]')?.getAttribute('href');
      const origin = new URL(canonical!).origin;
      const data = jsonLd(d);
      const articleData = data.find((x) => x['@type'] === 'Article');
      expect(articleData).toMatchObject({
        '@context': 'https://schema.org',
        headline: article.title,
        description: article.description,
        datePublished: article.date,
        dateModified: article.dateModified,
        author: { '@type': 'Organization', name: 'Email Temporanea' },
        publisher: { '@type': 'Organization', name: 'Email Temporanea' },
        mainEntityOfPage: { '@id': canonical },
      });
      // The dates of the text (revisions.test.ts), never later than the build.
      expect(articleData?.datePublished).toMatch(/^2025-01-\d\d$/);
      expect(String(articleData?.dateModified) <= new Date().toISOString()).toBe(true);
      expect(squash(d.querySelector('h1')?.textContent)).toBe(article.title);

      const crumbs = data.find((x) => x['@type'] === 'BreadcrumbList');
      expect(crumbs?.itemListElement).toEqual([
        { '@type': 'ListItem', position: 1, name: 'Pagina iniziale', item: `${origin}/` },
        { '@type': 'ListItem', position: 2, name: 'Blog', item: `${origin}/blog` },
        { '@type': 'ListItem', position: 3, name: article.title, item: canonical },
      ]);
    },
  );

  it('/faq has 20 questions, the first open, and the same 20 as FAQPage data', () => {
    const d = doc('/faq');
    const items = [...d.querySelectorAll('[data-slot="faq-list"] details')];
    expect(items).toHaveLength(20);
    expect(items.map((item) => item.hasAttribute('open'))).toEqual(
      items.map((_, index) => index === 0),
    );
    const questions = items.map((item) => squash(item.querySelector('summary')?.textContent));
    expect(questions).toEqual(faq.map((e) => e.question));
    const data = jsonLd(d).find((x) => x['@type'] === 'FAQPage') as {
      mainEntity: { '@type': string; name: string; acceptedAnswer: { text: string } }[];
    };
    expect(data.mainEntity.map((q) => q.name)).toEqual(questions);
    data.mainEntity.forEach((q, index) => {
      expect(q['@type']).toBe('Question');
      expect(squash(items[index]?.textContent)).toContain(q.acceptedAnswer.text);
    });
  });

  it('/privacy and /terms show the date of their last change', () => {
    for (const [path, date] of [
      ['/privacy', privacy.lastUpdated],
      ['/terms', terms.lastUpdated],
    ] as const) {
      const time = doc(path).querySelector('[data-slot="page-header"] time');
      expect(time?.getAttribute('datetime')).toBe(date);
      expect(squash(time?.parentElement?.textContent)).toBe(
        `Ultimo aggiornamento: ${formatDateIt(date)}`,
      );
    }
  });

  it('404.html is the not-found page, kept out of the index', () => {
    const d = doc('404');
    const root = d.getElementById('root');
    expect(root?.textContent).toContain('404');
    expect(squash(d.querySelector('h1')?.textContent)).toBe(notFoundPage.heading);
    const home = [...(root?.querySelectorAll('main a') ?? [])].find(
      (a) => squash(a.textContent) === notFoundPage.homeLink,
    );
    expect(home?.getAttribute('href')).toBe('/');
    expect(metaContent(d, 'meta[name="robots"]')).toBe('noindex');
    expect(d.head.querySelector('link[rel="canonical"]')).toBeNull();
  });

  it('has no broken internal link, no missing fragment and no third-party request', () => {
    const problems: string[] = [];
    const pathOfFile = (href: string) => join(DIST_DIR, ...href.split('/').filter(Boolean));
    for (const [page, d] of docs) {
      for (const a of d.querySelectorAll('a[href]')) {
        const href = a.getAttribute('href')!;
        if (href.startsWith('mailto:')) continue;
        const url = new URL(href, `http://site.invalid${page === '404' ? '/x' : page}`);
        if (url.origin !== 'http://site.invalid') {
          problems.push(`${page}: external link ${href}`);
          continue;
        }
        const target = url.pathname;
        // The API's own files (the OpenAPI document) are answered by the server, not the build.
        if (target.startsWith('/api/v1/')) continue;
        const targetDoc = docs.get(target);
        if (!targetDoc) {
          problems.push(`${page}: link to ${href}, which is no page`);
          continue;
        }
        const id = decodeURIComponent(url.hash.slice(1));
        if (id && !targetDoc.getElementById(id)) problems.push(`${page}: no #${id} on ${target}`);
      }
      for (const el of d.querySelectorAll('script[src], link[href], img[src]')) {
        const ref = el.getAttribute('src') ?? el.getAttribute('href')!;
        if (el.getAttribute('rel') === 'canonical') continue;
        if (!ref.startsWith('/') || ref.startsWith('//')) {
          problems.push(`${page}: third-party resource ${ref}`);
        } else if (!existsSync(pathOfFile(ref))) {
          problems.push(`${page}: missing file ${ref}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('/api shows every example exactly as written, each in its own scrollable block', () => {
    const blocks = [...doc('/api').querySelectorAll('[data-slot="code-block"]')];
    expect(blocks.map((b) => b.querySelector('pre code')?.textContent)).toEqual(
      developerApiBlocks.flatMap((b) => (b.type === 'code' ? [b.code] : [])),
    );
    for (const example of Object.values(apiExamples)) {
      expect(blocks.some((b) => b.querySelector('code')?.textContent === example.code)).toBe(true);
    }
    for (const block of blocks) {
      const pre = block.querySelector('pre')!;
      expect(pre.getAttribute('tabindex')).toBe('0');
      expect(pre.getAttribute('aria-label')).toBe(
        squash(block.querySelector('figcaption span')?.textContent),
      );
      expect(pre.className).toContain('overflow-x-auto');
    }
    const openApi = doc('/api').querySelector('a[href="/api/v1/openapi.json"]');
    expect(openApi?.textContent).toBe('/api/v1/openapi.json');
  });

  it('keeps a brotli and a gzip copy of every page, script and stylesheet, byte-identical', () => {
    const files = readdirSync(DIST_DIR, { recursive: true, encoding: 'utf8' }).filter((file) =>
      /\.(html|js|css)$/.test(file),
    );
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const original = readFileSync(join(DIST_DIR, file));
      if (original.length < 1024) continue; // below one packet, not worth an encoding
      const br = readFileSync(join(DIST_DIR, `${file}.br`));
      const gz = readFileSync(join(DIST_DIR, `${file}.gz`));
      expect(brotliDecompressSync(br).equals(original), file).toBe(true);
      expect(gunzipSync(gz).equals(original), file).toBe(true);
      expect(br.length, file).toBeLessThan(original.length);
    }
  });

  it('writes sitemap.xml with every route and robots.txt pointing to it', () => {
    const sitemap = parser.parseFromString(
      readFileSync(join(DIST_DIR, 'sitemap.xml'), 'utf8'),
      'application/xml',
    );
    const locs = [...sitemap.getElementsByTagName('loc')].map((l) => l.textContent ?? '');
    const canonicals = ROUTES.map((path) =>
      doc(path).head.querySelector('link[rel="canonical"]')?.getAttribute('href'),
    );
    expect(locs).toEqual(canonicals);
    const robots = readFileSync(join(DIST_DIR, 'robots.txt'), 'utf8');
    expect(robots).toContain('User-agent: *');
    expect(robots).toContain(`Sitemap: ${new URL(locs[0]!).origin}/sitemap.xml`);
  });
});
