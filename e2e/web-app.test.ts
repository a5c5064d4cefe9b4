/**
 * The installable app end to end: the manifest as Chromium parses it, the home page's service
 * worker (active, notifications through its registration, a cache that holds the app shell and
 * never an API answer). Real server process, real SMTP, Debian's Chromium.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { launchPersistentChromium } from './support/browser';
import { home, openHome, waitLive } from './support/home-page';
import { sendMail } from './support/smtp';
import { MANY_VISITORS, useSite } from './support/site';

const site = useSite({ env: MANY_VISITORS });

/**
 * Lets the test say whether the tab is hidden: headless Chromium keeps every tab visible, and
 * new-mail notifications are for hidden tabs only.
 */
const HIDEABLE_TAB = () => {
  const w = window as unknown as { __hidden: boolean };
  w.__hidden = false;
  Object.defineProperty(Document.prototype, 'visibilityState', {
    configurable: true,
    get: () => (w.__hidden ? 'hidden' : 'visible'),
  });
  Object.defineProperty(Document.prototype, 'hidden', {
    configurable: true,
    get: () => w.__hidden,
  });
};

const setHidden = (page: Page, hidden: boolean) =>
  page.evaluate((h) => {
    (window as unknown as { __hidden: boolean }).__hidden = h;
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);

/** The page's worker once it is active: its state, script and scope. Fails after 10 s. */
const activeWorker = (page: Page) =>
  page.evaluate(async () => {
    const registration = await Promise.race([
      navigator.serviceWorker.ready,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('no service worker became active')), 10_000),
      ),
    ]);
    const worker = registration.active!;
    if (worker.state !== 'activated') {
      await new Promise((resolve) => worker.addEventListener('statechange', resolve));
    }
    return { state: worker.state, script: worker.scriptURL, scope: registration.scope };
  });

/** Title and body of every notification the page's registration shows now. */
const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const shown = (await registration?.getNotifications()) ?? [];
    return shown.map((n) => ({ title: n.title, body: n.body }));
  });

/** The paths of every entry in every cache of the origin, by cache name. */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const entries: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      entries[name] = (await cache.keys()).map((r) => {
        const url = new URL(r.url);
        return url.pathname + url.search;
      });
    }
    return entries;
  });

describe('the installable app', () => {
  it('has a manifest Chromium parses without errors, with its icons', async () => {
    const context = await site.newContext();
    const page = await context.newPage();
    await page.goto(`${site.server.httpUrl}/faq`);
    const cdp = await context.newCDPSession(page);
    const { url, errors, manifest, data } = await cdp.send('Page.getAppManifest', {});
    expect(url).toBe(`${site.server.httpUrl}/manifest.webmanifest`);
    expect(errors).toEqual([]);
    expect(manifest).toMatchObject({
      id: `${site.server.httpUrl}/`,
      startUrl: `${site.server.httpUrl}/`,
      scope: `${site.server.httpUrl}/`,
      // Chromium's own name of the display mode.
      display: 'kStandalone',
      name: 'Email Temporanea',
    });
    const icons = (manifest.icons ?? []).map((icon) => ({
      url: icon.url.replace(site.server.httpUrl, ''),
      sizes: icon.sizes,
      type: icon.type,
    }));
    expect(icons).toEqual([
      { url: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { url: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { url: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png' },
    ]);
    // The parsed form leaves the purposes out: they are read from the text Chromium fetched.
    expect((JSON.parse(data ?? '{}') as { icons: { purpose: string }[] }).icons).toEqual(
      ['any', 'any', 'maskable'].map((purpose) => expect.objectContaining({ purpose })),
    );
    for (const icon of icons) {
      const response = await fetch(`${site.server.httpUrl}${icon.url}`);
      expect(response.headers.get('content-type'), icon.url).toBe('image/png');
    }
    const served = await fetch(url);
    expect(served.headers.get('content-type')).toContain('application/manifest+json');
  });

  it('is linked from the head of every page, with a theme colour per colour scheme', async () => {
    const sitemap = await (await fetch(`${site.server.httpUrl}/sitemap.xml`)).text();
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      ([, loc]) => new URL(loc!).pathname,
    );
    expect(paths.length).toBeGreaterThan(10);
    for (const path of [...paths, '/pagina-che-non-esiste']) {
      const html = await (await fetch(`${site.server.httpUrl}${path}`)).text();
      expect(html, path).toContain('<link rel="manifest" href="/manifest.webmanifest"');
      expect(
        html.match(/<meta name="theme-color" [^>]*media="\(prefers-color-scheme: (light|dark)\)"/g),
        path,
      ).toHaveLength(2);
    }
  });

  it('is installable from the home page, in a browser profile of its own', async () => {
    const profile = mkdtempSync(join(tmpdir(), 'et-e2e-profile-'));
    const context = await launchPersistentChromium(profile);
    try {
      const page = await context.newPage();
      await page.goto(site.server.httpUrl);
      await home(page).address.waitFor();
      await activeWorker(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('runs a worker on the home page only, served at the root and revalidated', async () => {
    const context = await site.newContext();
    const page = await context.newPage();
    await page.goto(`${site.server.httpUrl}/faq`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('load');
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration())).toBeUndefined();

    const { page: homePage } = await openHome(context, site.server.httpUrl);
    expect(await activeWorker(homePage)).toEqual({
      state: 'activated',
      script: `${site.server.httpUrl}/sw.js`,
      scope: `${site.server.httpUrl}/`,
    });
    const served = await fetch(`${site.server.httpUrl}/sw.js`);
    expect(served.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(served.headers.get('cache-control')).toBe('no-cache');
  });

  it('notifies of mail in a hidden tab through the worker, and caches no API answer', async () => {
    const context = await site.newContext();
    await context.grantPermissions(['notifications'], { origin: site.server.httpUrl });
    await context.addInitScript(HIDEABLE_TAB);
    const { page, address } = await openHome(context, site.server.httpUrl);
    await waitLive(page);
    await activeWorker(page);
    await page.locator('[data-slot="notification-toggle"]').click();
    await home(page).toast('Notifiche attivate').waitFor();

    await setHidden(page, true);
    await sendMail(site.server.smtpPort, {
      from: 'Negozio Rossi <ordini@rossi.example>',
      to: address,
      subject: 'Il tuo ordine è partito',
      text: 'Codice di verifica 418203',
    });
    await expect
      .poll(() => shownNotifications(page))
      .toEqual([
        { title: 'Nuova email da \u2068Negozio Rossi\u2069', body: 'Il tuo ordine è partito' },
      ]);

    // The page read the mailbox, the list and the message's push event: none of it is kept. A
    // reload (now controlled by the worker) goes through its fetch handler too.
    await setHidden(page, false);
    await home(page).rows.first().click();
    await home(page).dialog.waitFor();
    await page.reload();
    await waitLive(page);
    expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    await home(page).rows.first().waitFor();

    const cached = await cachedPaths(page);
    const paths = Object.values(cached).flat();
    expect(Object.keys(cached)).toEqual(['shell-v1']);
    expect(paths).toContain('/');
    expect(paths.filter((p) => p.startsWith('/assets/')).length).toBeGreaterThan(0);
    expect(paths.filter((p) => p !== '/' && !p.startsWith('/assets/'))).toEqual([]);
    expect(paths.filter((p) => p.includes('/api/'))).toEqual([]);
  });

  it('opens the home page from its cache when the network is gone, lazy parts too', async () => {
    const context = await site.newContext();
    const { page } = await openHome(context, site.server.httpUrl);
    await activeWorker(page);
    // Controlled from now on: the lazy chunks the home page loads go through the worker.
    await page.reload();
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    await home(page).address.waitFor();
    await page.waitForFunction(faqHydrated);
    // Every build file the page loaded is in the worker's cache (it stores them as they pass).
    await expect
      .poll(async () => {
        const loaded = await page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .map((entry) => new URL(entry.name).pathname)
            .filter((path) => path.startsWith('/assets/')),
        );
        const cached = Object.values(await cachedPaths(page)).flat();
        return loaded.filter((path) => !cached.includes(path));
      })
      .toEqual([]);

    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // Without the HTTP cache, which would serve the (immutable) build files offline by itself.
    await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
    await context.setOffline(true);
    await page.reload();
    expect(await page.title()).toBe('Email Temporanea – indirizzo email usa e getta gratuito');
    // Hydrated down to the FAQ, a lazily loaded chunk of its own.
    await page.waitForFunction(faqHydrated);
    expect(errors).toEqual([]);
    await context.setOffline(false);
  });
});

/** In the page: the home page's FAQ, a lazily loaded chunk of its own, is live React. */
function faqHydrated(): boolean {
  const item = document.querySelector('#faq [data-slot="disclosure"]');
  return !!item && Object.keys(item).some((key) => key.startsWith('__reactFiber'));
}
