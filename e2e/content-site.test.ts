/**
 * The content site end to end: the real server process serving the prerendered build, Debian's
 * Chromium driven by playwright-core. Every content route is static HTML that runs no React and
 * loads without a console error; links are ordinary page loads, and coming back to the home page
 * keeps its mailbox; the FAQ, the theme and links work with JavaScript off; the not-found page
 * behaves; screenshots of the blog, an article, the FAQ and the 404 page are saved.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CONTENT_ROUTES } from './support/content-routes';
import { home } from './support/home-page';
import { ARTIFACTS, useSite } from './support/site';

const ARTICLE = {
  slug: 'email-temporanea-vs-alias',
  title: 'Email temporanea o alias: quale scegliere e quando',
};

const site = useSite();

/** What a page said and did while a test used it. */
interface PageLog {
  /** Console messages as `type: text`, minus the browser's note on a page answered with 404. */
  console: string[];
  /** Uncaught exceptions. */
  errors: string[];
  /** Requests to anything but our server. */
  foreign: string[];
}

async function newPage(
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<{ page: Page; log: PageLog }> {
  const context = await site.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const log: PageLog = { console: [], errors: [], foreign: [] };
  context.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(site.server.httpUrl) && !url.startsWith('data:')) log.foreign.push(url);
  });
  const page = await context.newPage();
  page.on('console', (message) => {
    const text = `${message.type()}: ${message.text()}`;
    // Chromium reports the not-found page's own status as a failed load: that 404 is intended.
    const ownStatus = /status of 404/.test(text) && message.location().url === page.url();
    if (!ownStatus) log.console.push(text);
  });
  page.on('pageerror', (error) => log.errors.push(error.message));
  return { page, log };
}

/** True once React has hydrated `#root` (React keeps its own key on the container). */
function hydrated(page: Page) {
  return page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !!root && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
}

/** Whether React runs on the page: a key of its own on `#root` or on any element. */
function reactOnPage(page: Page) {
  return page.evaluate(() =>
    [document.getElementById('root'), ...Array.from(document.querySelectorAll('#root *'))].some(
      (node) => !!node && Object.keys(node).some((key) => key.startsWith('__react')),
    ),
  );
}

/** A mark on `window`: it survives only as long as the document does (no page load between). */
const setMark = (page: Page) =>
  page.evaluate(() => ((window as never as { mark: number }).mark = 1));
const hasMark = (page: Page) =>
  page.evaluate(() => (window as never as { mark?: number }).mark === 1);

/** The scheme the page's colours follow: the tokens set `color-scheme` with them. */
const pageScheme = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).colorScheme);

const url = (path: string) => `${site.server.httpUrl}${path}`;
const consoleProblems = (log: PageLog) =>
  log.console.filter((line) => /^(error|warning):/.test(line));

describe('content routes', () => {
  it('every route is static HTML: status 200, no React, only the small page script, logs nothing', async () => {
    const { page, log } = await newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    for (const path of CONTENT_ROUTES) {
      const response = await page.goto(url(path));
      expect(response?.status(), path).toBe(200);
      await page.waitForLoadState('load');
      expect(await reactOnPage(page), path).toBe(false);
      expect(await page.locator('h1').count(), path).toBe(1);
      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
      expect(new URL(canonical!).pathname, path).toBe(path);
    }
    // The static page script and the chunk it shares with the app; never the app's entry or React.
    // Chunk names end in an eight-character content hash.
    expect(new Set(scripts.map((path) => path.replace(/-[\w-]{8}\.js$/, '')))).toEqual(
      new Set(['/assets/static', '/assets/shared-with-content']),
    );
    expect(consoleProblems(log)).toEqual([]);
    expect(log.errors).toEqual([]);
    expect(log.foreign).toEqual([]);
  });

  it('the home page is prerendered as a shell and hydrates without errors', async () => {
    const { page, log } = await newPage();
    const response = await page.goto(url('/'));
    expect(response?.status()).toBe(200);
    const raw = await (await fetch(url('/'))).text();
    expect(raw).toMatch(/<div id="root"><div/);
    expect(raw).toContain('<h1');
    await hydrated(page);
    await page.locator('[data-slot="email-address"]').waitFor();
    expect(consoleProblems(log)).toEqual([]);
    expect(log.errors).toEqual([]);
  });

  it('links are ordinary page loads: header, footer, back and in-text links', async () => {
    const { page, log } = await newPage();
    await page.goto(url('/blog'));
    await setMark(page);

    const card = page.locator('[data-slot="article-card"]').filter({ hasText: ARTICLE.title });
    expect(await card.getByRole('link').getAttribute('href')).toBe(`/blog/${ARTICLE.slug}`);
    await card.click();
    await page.waitForURL(url(`/blog/${ARTICLE.slug}`));
    await page.getByRole('heading', { level: 1, name: ARTICLE.title }).waitFor();
    expect(await hasMark(page)).toBe(false);
    expect(await page.title()).toBe(ARTICLE.title);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(
      new RegExp(`/blog/${ARTICLE.slug}$`),
    );

    const backToBlog = page.getByRole('link', { name: 'Torna al blog' });
    expect(await backToBlog.getAttribute('href')).toBe('/blog');
    await backToBlog.click();
    await page.waitForURL(url('/blog'));
    await page.getByRole('heading', { level: 1, name: 'Blog' }).waitFor();

    const footer = page.locator('footer');
    for (const [name, path, heading] of [
      ['FAQ', '/faq', 'Domande frequenti'],
      ['Privacy', '/privacy', 'Informativa sulla privacy'],
      ['Termini di servizio', '/terms', 'Termini di servizio'],
      ['Blog', '/blog', 'Blog'],
    ] as const) {
      await setMark(page);
      await footer.getByRole('link', { name, exact: true }).click();
      await page.waitForURL(url(path));
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await hasMark(page), path).toBe(false);
      expect(await page.evaluate(() => window.scrollY), path).toBe(0);
    }

    // A link inside an article's text leads to its page.
    await page.goto(url(`/blog/${ARTICLE.slug}`));
    await page
      .locator('[data-slot="article"]')
      .getByRole('link', { name: 'come evitare lo spam', exact: true })
      .click();
    await page.waitForURL(url('/blog/come-evitare-spam'));
    await page.getByRole('heading', { level: 1 }).filter({ hasText: 'spam' }).waitFor();

    expect(consoleProblems(log)).toEqual([]);
    expect(log.errors).toEqual([]);
  });

  it('coming back to the home page from a content page keeps the mailbox', async () => {
    const { page, log } = await newPage();
    await page.goto(url('/'));
    const address = (await home(page).address.textContent({ timeout: 10_000 }))?.trim();
    expect(address).toMatch(/@/);

    await page.locator('footer').getByRole('link', { name: 'FAQ', exact: true }).click();
    await page.waitForURL(url('/faq'));
    await page.getByRole('link', { name: 'Torna alla pagina iniziale', exact: true }).click();
    await page.waitForURL(url('/'));
    await hydrated(page);
    await expect.poll(() => home(page).address.textContent()).toBe(address);

    await page.goto(url('/blog'));
    await page.locator('header').getByRole('link').first().click();
    await page.waitForURL(url('/'));
    await expect.poll(() => home(page).address.textContent()).toBe(address);
    // And with the browser's back button, from the back-forward cache or not.
    await page.goto(url('/terms'));
    await page.goBack();
    await page.waitForURL(url('/'));
    await expect.poll(() => home(page).address.textContent()).toBe(address);
    expect(consoleProblems(log)).toEqual([]);
    expect(log.errors).toEqual([]);
  });

  it('the theme toggle works without React, and the pick follows to the next page', async () => {
    const { page, log } = await newPage({ colorScheme: 'light' });
    await page.goto(url('/faq'));
    const toggle = page.locator('[data-slot="theme-toggle"]');
    const theme = (name: 'automatico' | 'chiaro' | 'scuro') =>
      toggle.getByRole('button', { name: new RegExp(`^Tema ${name}`) });
    expect(await theme('automatico').getAttribute('aria-pressed')).toBe('true');
    expect(await pageScheme(page)).toBe('light');

    await theme('scuro').click();
    await expect.poll(() => pageScheme(page)).toBe('dark');
    expect(await theme('scuro').getAttribute('aria-pressed')).toBe('true');
    expect(await theme('automatico').getAttribute('aria-pressed')).toBe('false');
    expect(await page.evaluate(() => localStorage.getItem('colorScheme'))).toBe('dark');

    await page.locator('footer').getByRole('link', { name: 'Blog', exact: true }).click();
    await page.waitForURL(url('/blog'));
    expect(await pageScheme(page)).toBe('dark');
    expect(await theme('scuro').getAttribute('aria-pressed')).toBe('true');

    // A light pick holds against a dark system; 'automatico' follows the system again.
    await page.emulateMedia({ colorScheme: 'dark' });
    await theme('chiaro').click();
    await expect.poll(() => pageScheme(page)).toBe('light');
    await theme('automatico').click();
    await expect.poll(() => pageScheme(page)).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('colorScheme'))).toBeNull();
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => pageScheme(page)).toBe('light');
    expect(consoleProblems(log)).toEqual([]);
    expect(log.errors).toEqual([]);
  });

  it('FAQ: the first answer is open at load; questions open and close by click and keyboard', async () => {
    const { page, log } = await newPage();
    await page.goto(url('/faq'));
    const items = page.locator('[data-slot="faq-list"] details');
    expect(await items.count()).toBe(20);
    const answer = (index: number) => items.nth(index).locator('[data-slot="disclosure-content"]');
    const isOpen = (index: number) =>
      items.nth(index).evaluate((d) => (d as HTMLDetailsElement).open);

    expect(await answer(0).isVisible()).toBe(true);
    expect(await answer(1).isVisible()).toBe(false);
    expect(await answer(0).textContent()).toContain('dopo 10 minuti');

    await items.nth(1).locator('summary').click();
    await expect.poll(() => answer(1).isVisible()).toBe(true);
    expect(await answer(1).textContent()).toContain('10 minuti esatti');
    expect(await isOpen(0)).toBe(true);

    await items.nth(0).locator('summary').click();
    await expect.poll(() => answer(0).isVisible()).toBe(false);

    await items.nth(15).locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => isOpen(15)).toBe(true);
    expect(await answer(15).textContent()).toContain('Chrome 111 o successivo');
    await page.keyboard.press('Space');
    await expect.poll(() => isOpen(15)).toBe(false);

    // The summary is announced as an expandable control with its state.
    const snapshot = await page.locator('[data-slot="faq-list"]').ariaSnapshot();
    expect(snapshot).toContain('Quanto dura l');

    await page.screenshot({ path: `${ARTIFACTS}content-faq-1280.png`, fullPage: true });
    expect(consoleProblems(log)).toEqual([]);
  });

  it('unknown paths get status 404 and the not-found page, and the path is logged', async () => {
    const { page, log } = await newPage();
    const response = await page.goto(url('/pagina-che-non-esiste'));
    expect(response?.status()).toBe(404);
    await page.getByText('404', { exact: true }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Pagina non trovata' }).waitFor();
    expect(await page.title()).toBe('Pagina non trovata | Email Temporanea');
    await expect
      .poll(() => log.console.filter((line) => line.includes('/pagina-che-non-esiste')))
      .toEqual(['warning: 404: no page at /pagina-che-non-esiste']);
    await page.screenshot({ path: `${ARTIFACTS}content-404-1280.png`, fullPage: true });

    const article = await page.goto(url('/blog/articolo-che-non-esiste'));
    expect(article?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Pagina non trovata' }).waitFor();
    expect(await reactOnPage(page)).toBe(false);

    const home = page.getByRole('link', { name: 'Torna alla pagina iniziale', exact: true });
    expect(await home.getAttribute('href')).toBe('/');
    await home.click();
    await page.waitForURL(url('/'));

    expect(
      consoleProblems(log).filter((line) => !line.startsWith('warning: 404: no page at')),
    ).toEqual([]);
    expect(log.errors).toEqual([]);
  });

  it('a trailing slash redirects to the canonical URL; robots.txt and sitemap.xml are served', async () => {
    const redirected = await fetch(url('/faq/'), { redirect: 'manual' });
    expect(redirected.status).toBe(301);
    expect(redirected.headers.get('location')).toBe('/faq');
    const robots = await fetch(url('/robots.txt'));
    expect(robots.status).toBe(200);
    expect(await robots.text()).toMatch(/Sitemap: https?:\/\/.+\/sitemap\.xml/);
    const sitemap = await fetch(url('/sitemap.xml'));
    expect(sitemap.status).toBe(200);
    expect(await sitemap.text()).toContain(`/blog/${ARTICLE.slug}</loc>`);
  });

  it('works with JavaScript off: article text, FAQ answers, the system theme, links', async () => {
    const { page } = await newPage({ javaScriptEnabled: false, colorScheme: 'dark' });
    await page.goto(url(`/blog/${ARTICLE.slug}`));
    await page.getByRole('heading', { level: 1, name: ARTICLE.title }).waitFor();
    // Scripts really are off: the inline theme script set no class.
    expect(await page.evaluate(() => document.documentElement.className)).toBe('');
    const text = await page.locator('[data-slot="article"]').innerText();
    expect(text).toContain('Email temporanea e alias nascono dallo stesso bisogno');
    expect(text).toContain('La strategia a tre livelli');
    expect(await page.locator('table').first().innerText()).toContain('Disattivazione manuale');
    // The system's dark scheme applies through the stylesheet alone.
    expect(await pageScheme(page)).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await pageScheme(page)).toBe('light');
    await page.getByRole('link', { name: 'Torna al blog' }).click();
    await page.waitForURL(url('/blog'));
    expect(await page.locator('[data-slot="article-card"]').count()).toBe(8);
    await page.locator('footer').getByRole('link', { name: 'FAQ', exact: true }).click();
    await page.waitForURL(url('/faq'));

    const items = page.locator('[data-slot="faq-list"] details');
    expect(await items.nth(0).locator('[data-slot="disclosure-content"]').isVisible()).toBe(true);
    expect(await items.nth(2).locator('[data-slot="disclosure-content"]').isVisible()).toBe(false);
    await items.nth(2).locator('summary').click();
    expect(await items.nth(2).locator('[data-slot="disclosure-content"]').isVisible()).toBe(true);

    // A copy button that could not copy is not shown; the code is there to select.
    await page.goto(url('/api'));
    expect(await page.locator('[data-slot="code-block"] pre').count()).toBeGreaterThan(3);
    expect(await page.locator('[data-slot="code-block"] button').first().isVisible()).toBe(false);
  });
});

describe('screenshots', () => {
  for (const width of [390, 1280]) {
    it(`blog list and an article at ${width} px`, async () => {
      const { page, log } = await newPage({ viewport: { width, height: 900 } });
      await page.goto(url('/blog'));
      // Nothing may stick out sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      await page.screenshot({ path: `${ARTIFACTS}content-blog-${width}.png`, fullPage: true });
      await page.goto(url(`/blog/${ARTICLE.slug}`));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      await page.screenshot({ path: `${ARTIFACTS}content-article-${width}.png`, fullPage: true });
      if (width === 390) {
        await page.goto(url('/faq'));
        await page.screenshot({ path: `${ARTIFACTS}content-faq-390.png`, fullPage: true });
        await page.goto(url('/nessuna-pagina'));
        await page.screenshot({ path: `${ARTIFACTS}content-404-390.png`, fullPage: true });
      }
      expect(consoleProblems(log).filter((line) => !line.includes('404: no page at'))).toEqual([]);
    });
  }
});
