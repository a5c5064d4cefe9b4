/**
 * Accessibility in the real browser: axe-core (WCAG 2.0/2.1 A and AA, plus best practices) on
 * every route (the generator empty, with mail and with the reader open; every content page, the
 * blog and its articles, /api, the not-found page) in light and dark, at phone and desktop
 * widths, with zero violations allowed; and the whole generator flow with the keyboard alone,
 * the focus visible at every stop.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axe } from './support/axe';
import { CONTENT_ROUTES } from './support/content-routes';
import { home, openHome, waitLive } from './support/home-page';
import { sendMail } from './support/smtp';
import { MANY_VISITORS, useSite } from './support/site';

/** The content pages, and a path that answers the not-found page. */
const ROUTES = [...CONTENT_ROUTES, '/pagina-che-non-esiste'];

const site = useSite({ env: MANY_VISITORS });

async function newContext(scheme: 'light' | 'dark', width: number, extra = {}) {
  const phone = width < 600;
  return site.newContext({
    viewport: { width, height: phone ? 844 : 900 },
    isMobile: phone,
    hasTouch: phone,
    colorScheme: scheme,
    reducedMotion: 'reduce',
    // Only so that axe's script can be injected: the page's own CSP allows our files alone.
    bypassCSP: true,
    ...extra,
  });
}

/** Waits for the toasts to go (they fade; half-transparent text is not what people read). */
async function noToasts(page: Page) {
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 });
}

describe('axe-core finds no violation', () => {
  for (const scheme of ['light', 'dark'] as const) {
    for (const width of [390, 1280]) {
      it(`on every route, ${scheme}, ${width} px`, async () => {
        const ctx = await newContext(scheme, width);
        const problems: string[] = [];

        // The generator: empty, then with mail, then with the reader open (text and HTML).
        const { page, address } = await openHome(ctx, site.server.httpUrl);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
          scheme === 'dark',
        );
        await waitLive(page);
        await noToasts(page).catch(() => {});
        problems.push(...(await axe(page, `/ (empty) ${scheme} ${width}`)));

        await sendMail(site.server.smtpPort, {
          from: 'Servizio Clienti <assistenza@negozio.example>',
          to: address,
          subject: 'Conferma la tua iscrizione',
          text: 'Il tuo codice di verifica è 482913.\nConferma qui: https://negozio.example/conferma?c=8831',
          html: '<h1>Benvenuto</h1><p>Il tuo codice di verifica è <b>482913</b>.</p><p><img src="https://negozio.example/logo.png" alt="Negozio"></p><p><a href="https://negozio.example/conferma?c=8831">Conferma</a></p>',
          attachments: [{ filename: 'condizioni.pdf', content: Buffer.from('%PDF-1.4 prova') }],
        });
        await sendMail(site.server.smtpPort, {
          from: 'newsletter@viaggi.example',
          to: address,
          subject: 'Le mete più belle per la primavera',
          text: 'Scopri le nostre offerte.',
        });
        const ui = home(page);
        await expect.poll(() => ui.rows.count()).toBe(2);
        await page
          .locator('[data-sonner-toast]')
          .first()
          .waitFor()
          .catch(() => {});
        await noToasts(page).catch(() => {});
        problems.push(...(await axe(page, `/ (with mail) ${scheme} ${width}`)));

        await ui.rows
          .filter({ hasText: 'Conferma la tua iscrizione' })
          .locator('button')
          .first()
          .click();
        await ui.dialog.locator('[data-slot="message-text"]').waitFor();
        await ui.dialog.locator('[data-slot="attachment"]').first().waitFor();
        problems.push(...(await axe(page, `/ (reader, text) ${scheme} ${width}`)));
        await ui.dialog.getByRole('tab', { name: 'HTML' }).click();
        await ui.dialog.locator('iframe[data-slot="message-html"]').waitFor();
        problems.push(...(await axe(page, `/ (reader, HTML) ${scheme} ${width}`)));
        await page.keyboard.press('Escape');
        await ui.dialog.waitFor({ state: 'detached' });

        for (const path of ROUTES) {
          const response = await page.goto(`${site.server.httpUrl}${path}`);
          expect(response?.status(), path).toBe(path === '/pagina-che-non-esiste' ? 404 : 200);
          await page.locator('h1').waitFor({ timeout: 10_000 });
          problems.push(...(await axe(page, `${path} ${scheme} ${width}`)));
        }
        if (problems.length > 0) console.error(problems.join('\n'));
        expect(problems).toEqual([]);
      }, 300_000);
    }
  }
});

/** Name of the focused element, for messages and for finding a control. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { name: '(body)', tag: 'body' };
    const name = (el.getAttribute('aria-label') ?? el.getAttribute('title') ?? el.textContent ?? '')
      .replace(/\s+/g, ' ')
      .trim();
    return { name, tag: el.localName };
  });
}

/**
 * The look of an element while focused, remembered in the page so that, once focus has moved
 * on, its look without focus can be compared: a visible focus indicator means they differ.
 */
async function rememberFocusedLook(page: Page) {
  await page.waitForTimeout(200); // past the 150 ms transitions
  await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const cs = getComputedStyle(el);
    (window as unknown as { __focus: unknown }).__focus = {
      el,
      look: `${cs.outlineStyle} ${cs.outlineWidth} ${cs.outlineColor} | ${cs.boxShadow} | ${cs.backgroundColor}`,
    };
  });
}

/** Tab stops whose look with and without focus were compared. */
let focusStopsChecked = 0;

/** The element remembered by rememberFocusedLook, if it looks the same without focus. */
async function focusWasInvisible(page: Page): Promise<string | null> {
  await page.waitForTimeout(200);
  return page.evaluate(() => {
    const remembered = (window as unknown as { __focus?: { el: HTMLElement; look: string } })
      .__focus;
    if (!remembered || !remembered.el.isConnected || remembered.el === document.activeElement)
      return null;
    const cs = getComputedStyle(remembered.el);
    const look = `${cs.outlineStyle} ${cs.outlineWidth} ${cs.outlineColor} | ${cs.boxShadow} | ${cs.backgroundColor}`;
    return look === remembered.look ? remembered.el.outerHTML.slice(0, 160) : null;
  });
}

/**
 * Presses Tab until the focused element's name matches; checks at every stop that the focus
 * is visible. Fails after `max` presses.
 */
async function tabTo(page: Page, name: RegExp, invisible: string[], max = 60) {
  const trail: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const problem = await focusWasInvisible(page);
    if (problem) invisible.push(problem);
    focusStopsChecked += 1;
    await rememberFocusedLook(page);
    const now = await focused(page);
    trail.push(`${now.tag}: ${now.name.slice(0, 60)}`);
    if (name.test(now.name)) return;
  }
  throw new Error(`no ${name} within ${max} presses of Tab:\n${trail.join('\n')}`);
}

describe('the generator with the keyboard alone', () => {
  it('copies, extends, opens and closes a message, deletes it, makes a new address', async () => {
    const ctx = await newContext('light', 1280, {
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const { page, address } = await site.openLive(ctx);
    const ui = home(page);
    const invisible: string[] = [];
    // Start from the top of the document, as after a load.
    await page.locator('body').evaluate((body) => {
      body.setAttribute('tabindex', '-1');
      body.focus();
      body.removeAttribute('tabindex');
    });

    await tabTo(page, /^Copia l’indirizzo negli appunti$/, invisible);
    await page.keyboard.press('Enter');
    await ui.toast('Email copiata!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);

    await tabTo(page, /^Riporta il tempo rimasto a 10 minuti$/, invisible);
    await page.keyboard.press('Enter');
    await ui.toast('Tempo esteso!').waitFor();

    await site.deliver(page, {
      from: 'Negozio Rossi <ordini@rossi.example>',
      to: address,
      subject: 'Il tuo ordine è confermato',
      text: 'Grazie per il tuo ordine.',
    });
    const row = /Negozio Rossi.*Il tuo ordine è confermato/;
    await tabTo(page, row, invisible);
    await page.keyboard.press('Enter');
    await ui.dialog.locator('[data-slot="message-text"]').waitFor();
    // Inside the reader the keyboard stays in the reader.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await ui.dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await ui.dialog.waitFor({ state: 'detached' });
    // Radix hands the focus back in a task after the dialog has left the DOM.
    await expect.poll(async () => (await focused(page)).name).toMatch(row);

    await tabTo(page, /^Elimina il messaggio «Il tuo ordine è confermato»$/, invisible);
    await page.keyboard.press('Enter');
    await ui.toast('Email eliminata').waitFor();
    await ui.empty.waitFor();
    // The focus does not fall off the page with the row it was in.
    expect((await focused(page)).tag).not.toBe('body');

    await page.locator('body').evaluate((body) => {
      body.setAttribute('tabindex', '-1');
      body.focus();
      body.removeAttribute('tabindex');
    });
    await tabTo(page, /^Crea un nuovo indirizzo e svuota l’inbox$/, invisible);
    await page.keyboard.press('Enter');
    await expect.poll(() => ui.address.textContent(), { timeout: 10_000 }).not.toBe(address);

    expect(invisible, 'focused elements without a visible focus indicator').toEqual([]);
    expect(focusStopsChecked).toBeGreaterThan(15);
  }, 120_000);
});
