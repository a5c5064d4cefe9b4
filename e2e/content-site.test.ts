/**
 * The content site end to end: the real server process serving the prerendered build, Debian's
 * Chromium driven by playwright-core. Every route loads without a console error, hydrates
 * without touching the server's HTML, and reads fine with JavaScript off; links, the FAQ and the
 * not-found page behave; screenshots of the blog, an article, the FAQ and the 404 page are saved.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CONTENT_ROUTES } from './support/content-routes';
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
  // Before any script of the page: count what happens to the server's HTML in #root. Hydration
  // that matches adopts the nodes as they are; a mismatch makes React replace them.
  await context.addInitScript(() => {
    const w = window as unknown as { __rootMutations: number };
    w.__rootMutations = 0;
    new MutationObserver((records) => {
      const root = document.getElementById('root');
      for (const record of records) {
        if (root?.contains(record.target)) w.__rootMutations += record.removedNodes.length;
      }
    }).observe(document, { childList: true, subtree: true });
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

const url = (path: string) => `${site.server.httpUrl}${path}`;
const consoleProblems = (log: PageLog) =>
  log.console.filter((line) => /^(error|warning):/.test(line));

describe('content routes', () => {
  it('every route loads with status 200, hydrates onto the server HTML, logs nothing', async () => {
    const { page, log } = await newPage();
    for (const path of CONTENT_ROUTES) {
      const response = await page.goto(url(path));
      expect(response?.status(), path).toBe(200);
      await hydrated(page);
      // Give effects and late hydration errors a moment to surface.
      await page.waitForTimeout(150);
      expect(await page.evaluate(() => (window as never)['__rootMutations']), path).toBe(0);
      expect(await page.locator('h1').count(), path).toBe(1);
      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
      expect(new URL(canonical!).pathname, path).toBe(path);
    }
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

  it('navigates by header, footer and back links, in the page, with real hrefs', async () => {
    const { page, log } = await newPage();
    await page.goto(url('/blog'));
    await hydrated(page);
    // A marker on window survives client-side navigation only: a full reload would drop it.
    await page.evaluate(() => ((window as never as { marker: number }).marker = 1));

    const card = page.locator('[data-slot="article-card"]').filter({ hasText: ARTICLE.title });
    expect(await card.getByRole('link').getAttribute('href')).toBe(`/blog/${ARTICLE.slug}`);
    await card.click();
    await page.waitForURL(url(`/blog/${ARTICLE.slug}`));
    await page.getByRole('heading', { level: 1, name: ARTICLE.title }).waitFor();
    await expect.poll(() => page.title()).toBe(`${ARTICLE.title}`);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(
      new RegExp(`/blog/${ARTICLE.slug}$`),
    );

    const backToBlog = page.getByRole('link', { name: 'Torna al Blog' });
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
      await footer.getByRole('link', { name, exact: true }).click();
      await page.waitForURL(url(path));
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await page.evaluate(() => window.scrollY), path).toBe(0);
    }
    await page.goto(url('/terms'));
    await hydrated(page);
    await page.evaluate(() => ((window as never as { marker: number }).marker = 2));
    await page.getByRole('link', { name: 'Torna alla Home' }).click();
    await page.waitForURL(url('/'));
    await page.locator('[data-slot="email-address"]').waitFor();
    await footer.getByRole('link', { name: 'FAQ', exact: true }).click();
    await page.waitForURL(url('/faq'));
    await page.locator('header').getByRole('link').first().click();
    await page.waitForURL(url('/'));
    expect(await page.evaluate(() => (window as never as { marker: number }).marker)).toBe(2);

    // A link inside an article's text leads to its page.
    await page.goto(url(`/blog/${ARTICLE.slug}`));
    await hydrated(page);
    await page
      .locator('[data-slot="article"]')
      .getByRole('link', { name: 'come evitare lo spam', exact: true })
      .click();
    await page.waitForURL(url('/blog/come-evitare-spam'));
    await page.getByRole('heading', { level: 1 }).filter({ hasText: 'spam' }).waitFor();

    expect(consoleProblems(log)).toEqual([]);
    expect(log.errors).toEqual([]);
  });

  it('leaves a reader who scrolled while the page was starting where they are', async () => {
    const { page, log } = await newPage();
    // The router's chunk is held back, so the page is read and scrolled before the app starts,
    // as on a slow phone.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/router-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(url(`/blog/${ARTICLE.slug}`), { waitUntil: 'domcontentloaded' });
    await page.evaluate(() => window.scrollTo(0, 1200));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1200);

    release();
    // Hydrated down to the footer's last link, and the commit's effects run (a frame later).
    await page.waitForFunction(() => {
      const link = document.querySelector('footer a:last-of-type');
      return !!link && Object.keys(link).some((key) => key.startsWith('__reactFiber'));
    });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(await page.evaluate(() => window.scrollY)).toBe(1200);

    // The app is live: a link still changes page in place and starts it at the top.
    await page.locator('footer').getByRole('link', { name: 'FAQ', exact: true }).click();
    await page.waitForURL(url('/faq'));
    await page.getByRole('heading', { level: 1, name: 'Domande frequenti' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(consoleProblems(log)).toEqual([]);
    expect(log.errors).toEqual([]);
  });

  it('FAQ: the first answer is open at load; questions open and close by click and keyboard', async () => {
    const { page, log } = await newPage();
    await page.goto(url('/faq'));
    await hydrated(page);
    const items = page.locator('[data-slot="faq-list"] details');
    expect(await items.count()).toBe(20);
    const answer = (index: number) => items.nth(index).locator('[data-slot="disclosure-content"]');
    const isOpen = (index: number) =>
      items.nth(index).evaluate((d) => (d as HTMLDetailsElement).open);

    expect(await answer(0).isVisible()).toBe(true);
    expect(await answer(1).isVisible()).toBe(false);
    expect(await answer(0).textContent()).toContain('dieci minuti');

    await items.nth(1).locator('summary').click();
    await expect.poll(() => answer(1).isVisible()).toBe(true);
    expect(await answer(1).textContent()).toContain('Dieci minuti esatti');
    expect(await isOpen(0)).toBe(true);

    await items.nth(0).locator('summary').click();
    await expect.poll(() => answer(0).isVisible()).toBe(false);

    await items.nth(15).locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => isOpen(15)).toBe(true);
    expect(await answer(15).textContent()).toContain('Chrome 90');
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
    await hydrated(page);
    await page.getByText('404', { exact: true }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Oops! Pagina non trovata' }).waitFor();
    expect(await page.title()).toBe('Pagina non trovata | Email Temporanea');
    await expect
      .poll(() => log.console.filter((line) => line.includes('/pagina-che-non-esiste')))
      .toEqual(['warning: 404: no page at /pagina-che-non-esiste']);
    await page.screenshot({ path: `${ARTIFACTS}content-404-1280.png`, fullPage: true });

    const article = await page.goto(url('/blog/articolo-che-non-esiste'));
    expect(article?.status()).toBe(404);
    await hydrated(page);
    await page.getByRole('heading', { level: 1, name: 'Oops! Pagina non trovata' }).waitFor();
    expect(await page.evaluate(() => (window as never)['__rootMutations'])).toBe(0);

    const home = page.getByRole('link', { name: 'Torna alla Home' });
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

  it('reads with JavaScript off: article text, FAQ answers, working links', async () => {
    const { page } = await newPage({ javaScriptEnabled: false });
    await page.goto(url(`/blog/${ARTICLE.slug}`));
    await page.getByRole('heading', { level: 1, name: ARTICLE.title }).waitFor();
    const text = await page.locator('[data-slot="article"]').innerText();
    expect(text).toContain('Email temporanea e alias nascono dallo stesso bisogno');
    expect(text).toContain('La strategia a tre livelli');
    expect(await page.locator('table').first().innerText()).toContain('Disattivazione manuale');
    await page.getByRole('link', { name: 'Torna al Blog' }).click();
    await page.waitForURL(url('/blog'));
    expect(await page.locator('[data-slot="article-card"]').count()).toBe(8);

    await page.goto(url('/faq'));
    const items = page.locator('[data-slot="faq-list"] details');
    expect(await items.nth(0).locator('[data-slot="disclosure-content"]').isVisible()).toBe(true);
    await items.nth(2).locator('summary').click();
    expect(await items.nth(2).locator('[data-slot="disclosure-content"]').isVisible()).toBe(true);
  });
});

describe('screenshots', () => {
  for (const width of [390, 1280]) {
    it(`blog list and an article at ${width} px`, async () => {
      const { page, log } = await newPage({ viewport: { width, height: 900 } });
      await page.goto(url('/blog'));
      await hydrated(page);
      // Nothing may stick out sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      await page.screenshot({ path: `${ARTIFACTS}content-blog-${width}.png`, fullPage: true });
      await page.goto(url(`/blog/${ARTICLE.slug}`));
      await hydrated(page);
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
