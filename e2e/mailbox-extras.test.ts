/**
 * The extras of the home page end to end: 'Apri sul telefono' (QR code of a link that
 * carries the token in the fragment), 'Elimina tutto ora', opt-in browser notifications and the
 * dark mode toggle. Real server process, real SMTP, Debian's Chromium; a fresh browser context
 * per visitor (a second context is "the other device").
 */
import type { Browser, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { home, openHome, pageToken, serverMessages, waitLive } from './support/home-page';
import { sendMail } from './support/smtp';
import { ARTIFACTS, MANY_VISITORS, useSite } from './support/site';

const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
} as const;

/** Every URL any page requested, to prove the token never travels in one. */
let requested: string[] = [];

const site = useSite({ env: MANY_VISITORS });

afterEach(async () => {
  requested = [];
});

async function newContext(options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await site.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  context.on('request', (request) => requested.push(request.url()));
  return context;
}

/** What the API says about a token: 200 with the mailbox, or 401 once it is gone. */
async function mailboxStatus(token: string): Promise<number> {
  const response = await fetch(`${site.server.httpUrl}/api/v1/mailbox`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return response.status;
}

function actions(page: Page) {
  return {
    openOnPhone: page.getByRole('button', { name: 'Apri sul telefono', exact: true }),
    deleteNow: page.getByRole('button', { name: 'Elimina tutto ora', exact: true }),
    notifications: page.locator('[data-slot="notification-toggle"]'),
    qrDialog: page.locator('[data-slot="open-on-phone-dialog"]'),
    deleteDialog: page.locator('[data-slot="delete-now-dialog"]'),
    theme: (name: 'automatico' | 'chiaro' | 'scuro') =>
      page
        .locator('[data-slot="theme-toggle"]')
        .getByRole('button', { name: new RegExp(`^Tema ${name}`) }),
  };
}

const isDark = (page: Page) =>
  page.evaluate(() => document.documentElement.classList.contains('dark'));

describe("'Apri sul telefono'", () => {
  it('shows a QR code of a link that opens the same inbox on another device', async () => {
    const desktop = await newContext();
    const { page, address } = await site.openLive(desktop);
    await site.deliver(page, {
      from: 'Banca Esempio <avvisi@banca.example>',
      to: address,
      subject: 'Il tuo codice di accesso',
      text: 'Codice: 771204',
    });
    const token = await pageToken(page);

    const ui = actions(page);
    await ui.openOnPhone.click();
    await ui.qrDialog.waitFor();
    expect(await ui.qrDialog.getByRole('heading').textContent()).toBe('Apri sul telefono');
    const qr = ui.qrDialog.getByRole('img', { name: 'Codice QR con il link a questa casella' });
    const path = await qr.locator('path').getAttribute('d');
    expect(path?.length).toBeGreaterThan(500);
    const box = await qr.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(180);
    expect(await ui.qrDialog.textContent()).toContain(
      'Chi inquadra il codice può leggere la tua posta',
    );
    const link = await qr.getAttribute('data-url');
    expect(link).toBe(`${site.server.httpUrl}/#apri=${token}`);
    await page.screenshot({ path: `${ARTIFACTS}extras-desktop-1280-light-qr.png` });

    // Closing gives the focus back to the button.
    await page.keyboard.press('Escape');
    await ui.qrDialog.waitFor({ state: 'detached' });
    expect(await ui.openOnPhone.evaluate((el) => el === document.activeElement)).toBe(true);

    // "The phone": a different browser, nothing in its storage. It asks first, naming the
    // address the desktop shows beside the code; one tap opens it.
    const phone = await newContext(PHONE);
    const phonePage = await phone.newPage();
    await phonePage.goto(link!);
    const question = phonePage.getByRole('alertdialog', { name: 'Aprire una casella condivisa?' });
    await question.waitFor();
    expect(await question.locator('[data-slot="shared-address"]').textContent()).toBe(address);
    expect(await question.textContent()).not.toContain('prenderà il posto');
    await phonePage.screenshot({ path: `${ARTIFACTS}extras-phone-390-shared-question.png` });
    await question.getByRole('button', { name: 'Apri questa casella' }).tap();
    const opened = {
      page: phonePage,
      address: (await home(phonePage).address.textContent())?.trim(),
    };
    expect(opened.address).toBe(address);
    const other = home(opened.page);
    await other.rows.first().waitFor();
    expect(await other.rows.count()).toBe(1);
    expect(await other.rows.first().textContent()).toContain('Il tuo codice di accesso');
    await other.toast('Casella aperta su questo dispositivo').waitFor();
    expect(await other.toast('Email Temporanea creata!').count()).toBe(0);
    // The token left the address bar (and the history entry) at once.
    expect(await opened.page.evaluate(() => window.location.href)).toBe(`${site.server.httpUrl}/`);
    expect(await pageToken(opened.page)).toBe(token);
    // Both devices hold the same mailbox, and no request ever carried the token in its URL.
    expect((await serverMessages(site.server.httpUrl, token)).messages).toHaveLength(1);
    expect(requested.filter((url) => url.includes(token))).toEqual([]);

    // New mail shows on the second device live, like on the first.
    await waitLive(opened.page);
    await sendMail(site.server.smtpPort, {
      from: 'avvisi@banca.example',
      to: address,
      subject: 'Secondo messaggio',
      text: 'x',
    });
    await expect.poll(() => other.rows.count()).toBe(2);
  });

  it('asks before a link replaces the mailbox a tab holds, and keeps it when told so', async () => {
    const context = await newContext();
    const { page: sharer } = await site.openLive(context);
    const shared = {
      address: (await home(sharer).address.textContent())?.trim(),
      token: await pageToken(sharer),
    };
    const { page, address } = await openHome(await newContext(), site.server.httpUrl);
    const own = await pageToken(page);

    // Pasted into the same tab, the link changes only the fragment: the page asks all the same.
    const ask = async () => {
      await page.evaluate((token) => (window.location.hash = `apri=${token}`), shared.token);
      const question = page.getByRole('alertdialog', { name: 'Aprire una casella condivisa?' });
      await question.waitFor();
      expect(await question.locator('[data-slot="shared-address"]').textContent()).toBe(
        shared.address,
      );
      expect(await question.textContent()).toContain(
        `In questa scheda prenderà il posto della tua casella ${address}`,
      );
      return question;
    };
    await (await ask()).getByRole('button', { name: 'No, tieni la mia casella' }).click();
    await expect.poll(async () => (await home(page).address.textContent())?.trim()).toBe(address);
    expect(await pageToken(page)).toBe(own);
    expect(await page.evaluate(() => window.location.hash)).toBe('');

    await (await ask()).getByRole('button', { name: 'Apri questa casella' }).click();
    await expect
      .poll(async () => (await home(page).address.textContent())?.trim())
      .toBe(shared.address);
    expect(await pageToken(page)).toBe(shared.token);
    // A link to the mailbox the tab holds already asks nothing.
    await page.evaluate((token) => (window.location.hash = `apri=${token}`), shared.token);
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('');
    await waitLive(page);
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect(await pageToken(page)).toBe(shared.token);
  });

  it('opens a new mailbox with a notice when the link is expired or malformed', async () => {
    const context = await newContext();
    const stale = `${site.server.httpUrl}/#apri=${'A'.repeat(43)}`;
    const { page, address } = await openHome(context, stale);
    const ui = home(page);
    await ui.toast('Link non più valido').waitFor();
    expect(await ui.toast('Link non più valido').textContent()).toContain(
      'La casella di quel link è scaduta o è stata eliminata',
    );
    await ui.toast('Email Temporanea creata!').waitFor();
    expect(await page.evaluate(() => window.location.href)).toBe(`${site.server.httpUrl}/`);
    expect(await mailboxStatus(await pageToken(page))).toBe(200);

    // Not even shaped like a token: same notice, and nothing is sent to the server with it.
    const malformed = await context.newPage();
    await malformed.goto(`${site.server.httpUrl}/#apri=%3Cscript%3E`);
    await home(malformed).toast('Link non più valido').waitFor();
    await home(malformed).address.waitFor();
    expect(await malformed.evaluate(() => window.location.hash)).toBe('');
    expect(await home(malformed).address.textContent()).not.toBe(address);
  });
});

describe("'Elimina tutto ora'", () => {
  it('deletes the mailbox and its mail after a confirmation, then offers a new address', async () => {
    const context = await newContext();
    const { page, address } = await site.openLive(context);
    const ui = home(page);
    await site.deliver(page, {
      from: 'Negozio <ordini@negozio.example>',
      to: address,
      subject: 'Conferma ordine',
      text: 'Grazie',
    });
    const token = await pageToken(page);
    const extras = actions(page);

    // 'Annulla' changes nothing.
    await extras.deleteNow.click();
    const dialog = page.getByRole('alertdialog', { name: 'Eliminare tutto adesso?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(address);
    await dialog.getByRole('button', { name: 'Annulla' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await mailboxStatus(token)).toBe(200);
    expect(await ui.rows.count()).toBe(1);

    await extras.deleteNow.click();
    await dialog.getByRole('button', { name: 'Elimina tutto' }).click();
    await ui.toast('Tutto eliminato').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await mailboxStatus(token)).toBe(401);
    await expect.poll(async () => (await ui.address.textContent())?.trim()).not.toBe(address);
    expect((await ui.address.textContent())?.trim()).toMatch(/@localhost$/);
    await ui.empty.waitFor();
    expect(await ui.countdown.textContent()).toMatch(/^(10:00|09:59)$/);
    const newToken = await pageToken(page);
    expect(newToken).not.toBe(token);
    expect(await mailboxStatus(newToken)).toBe(200);
    // Our own deletion is not announced as an expiry.
    await page.waitForTimeout(300);
    expect(await ui.toast('Tempo scaduto!').count()).toBe(0);
  });
});

describe('notifications', () => {
  /**
   * Records every notification the page shows, through the service worker's registration or
   * with `new Notification(...)` before the worker is active (the real calls still run), and
   * lets the test say whether the tab is hidden: headless Chromium keeps every tab visible.
   */
  const RECORD_NOTIFICATIONS = () => {
    const w = window as unknown as {
      __hidden: boolean;
      __notifications: { title: string; body: string }[];
    };
    w.__hidden = false;
    w.__notifications = [];
    Object.defineProperty(Document.prototype, 'visibilityState', {
      configurable: true,
      get: () => (w.__hidden ? 'hidden' : 'visible'),
    });
    Object.defineProperty(Document.prototype, 'hidden', {
      configurable: true,
      get: () => w.__hidden,
    });
    window.Notification = new Proxy(window.Notification, {
      construct(target, args: [string, NotificationOptions?]) {
        w.__notifications.push({ title: args[0], body: args[1]?.body ?? '' });
        return Reflect.construct(target, args) as object;
      },
    });
    const showNotification = ServiceWorkerRegistration.prototype.showNotification;
    ServiceWorkerRegistration.prototype.showNotification = function (title, options) {
      w.__notifications.push({ title, body: options?.body ?? '' });
      return showNotification.call(this, title, options);
    };
  };
  const notifications = (page: Page) =>
    page.evaluate(() => (window as unknown as { __notifications: unknown[] }).__notifications);
  const setHidden = (page: Page, hidden: boolean) =>
    page.evaluate((h) => {
      (window as unknown as { __hidden: boolean }).__hidden = h;
      document.dispatchEvent(new Event('visibilitychange'));
    }, hidden);

  it("notifies of new mail in a hidden tab, only after 'Attiva notifiche'", async () => {
    const context = await newContext();
    await context.grantPermissions(['notifications'], { origin: site.server.httpUrl });
    await context.addInitScript(RECORD_NOTIFICATIONS);
    const { page, address } = await openHome(context, site.server.httpUrl);
    const ui = home(page);
    const toggle = actions(page).notifications;
    await waitLive(page);
    expect(await toggle.textContent()).toBe('Attiva notifiche');
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');

    // Permission granted by the browser, but the visitor has not opted in: nothing.
    await setHidden(page, true);
    await site.deliver(page, {
      from: 'Primo <primo@esempio.example>',
      to: address,
      subject: 'Prima del consenso',
      text: 'x',
    });
    await page.waitForTimeout(300);
    expect(await notifications(page)).toEqual([]);

    await setHidden(page, false);
    await toggle.click();
    await ui.toast('Notifiche attivate').waitFor();
    expect(await toggle.textContent()).toBe('Notifiche attive');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');

    await setHidden(page, true);
    await sendMail(site.server.smtpPort, {
      from: 'Negozio Rossi <ordini@rossi.example>',
      to: address,
      subject: 'Il tuo ordine è partito',
      text: 'x',
    });
    await expect
      .poll(() => notifications(page))
      .toEqual([
        { title: 'Nuova email da \u2068Negozio Rossi\u2069', body: 'Il tuo ordine è partito' },
      ]);

    // A visible tab has its toast; no system notification on top.
    await setHidden(page, false);
    await sendMail(site.server.smtpPort, {
      from: 'terzo@esempio.example',
      to: address,
      subject: 'Con la scheda in vista',
      text: 'x',
    });
    await expect.poll(() => ui.rows.count()).toBe(3);
    await page.waitForTimeout(300);
    expect(await notifications(page)).toHaveLength(1);

    // The choice is remembered on this device; turning it off stops the notifications.
    await page.reload();
    await waitLive(page);
    expect(await actions(page).notifications.textContent()).toBe('Notifiche attive');
    await actions(page).notifications.click();
    expect(await actions(page).notifications.textContent()).toBe('Attiva notifiche');
    await setHidden(page, true);
    await sendMail(site.server.smtpPort, {
      from: 'quarto@esempio.example',
      to: address,
      subject: 'Dopo la disattivazione',
      text: 'x',
    });
    await expect.poll(() => home(page).rows.count()).toBe(4);
    await page.waitForTimeout(300);
    expect(await notifications(page)).toEqual([]);
  });

  it('follows a permission the visitor withdraws while the tab stays in view', async () => {
    const context = await newContext();
    await context.grantPermissions(['notifications'], { origin: site.server.httpUrl });
    const { page } = await openHome(context, site.server.httpUrl);
    const toggle = actions(page).notifications;
    await waitLive(page);
    await toggle.click();
    await expect.poll(() => toggle.textContent()).toBe('Notifiche attive');

    // As from the site's settings in the address bar: no visibility change, no click of ours.
    await context.clearPermissions();
    await expect.poll(() => toggle.textContent()).toBe('Attiva notifiche');
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
  });

  it('says when the browser blocks them, and hides the control without the API', async () => {
    // A visitor who once answered 'Blocca' to this site: the browser reports 'denied'.
    const context = await newContext();
    await context.addInitScript(() => {
      Object.defineProperty(Notification, 'permission', {
        configurable: true,
        get: () => 'denied',
      });
    });
    const { page } = await openHome(context, site.server.httpUrl);
    const toggle = actions(page).notifications;
    await toggle.waitFor();
    expect(await toggle.getAttribute('data-state')).toBe('blocked');
    expect(await toggle.textContent()).toBe('Notifiche bloccate dal browser');
    expect(await toggle.getAttribute('aria-disabled')).toBe('true');
    expect(await toggle.getAttribute('title')).toContain('impostazioni del sito');
    // aria-disabled, so Playwright would wait for it to be enabled: dispatch the click instead.
    await toggle.dispatchEvent('click');
    await page.waitForTimeout(200);
    expect(await home(page).toast('Notifiche attivate').count()).toBe(0);
    expect(await toggle.getAttribute('data-state')).toBe('blocked');
    await page.screenshot({ path: `${ARTIFACTS}extras-desktop-1280-light-blocked.png` });

    const bare = await newContext();
    await bare.addInitScript(() => {
      delete (window as { Notification?: unknown }).Notification;
    });
    const other = await openHome(bare, site.server.httpUrl);
    await waitLive(other.page);
    expect(await actions(other.page).notifications.count()).toBe(0);
    expect(await actions(other.page).openOnPhone.isVisible()).toBe(true);
  });
});

describe('dark mode', () => {
  it('follows the system until a theme is picked, and remembers the pick', async () => {
    const context = await newContext({ colorScheme: 'light' });
    const { page } = await openHome(context, site.server.httpUrl);
    const ui = actions(page);
    expect(await isDark(page)).toBe(false);
    expect(await ui.theme('automatico').getAttribute('aria-pressed')).toBe('true');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => isDark(page)).toBe(true);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => isDark(page)).toBe(false);

    await ui.theme('scuro').click();
    expect(await isDark(page)).toBe(true);
    expect(await ui.theme('scuro').getAttribute('aria-pressed')).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('colorScheme'))).toBe('dark');
    // An explicit pick stays, whatever the system says.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForTimeout(100);
    expect(await isDark(page)).toBe(true);

    await page.reload();
    await home(page).address.waitFor();
    expect(await isDark(page)).toBe(true);
    expect(await actions(page).theme('scuro').getAttribute('aria-pressed')).toBe('true');

    await actions(page).theme('chiaro').click();
    expect(await isDark(page)).toBe(false);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForTimeout(100);
    expect(await isDark(page)).toBe(false);

    // Back to following the system: the stored choice is forgotten.
    await actions(page).theme('automatico').click();
    expect(await isDark(page)).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('colorScheme'))).toBeNull();
  });

  it('applies a stored dark choice before any module script runs (no white flash)', async () => {
    const context = await newContext({ colorScheme: 'light' });
    const violations: string[] = [];
    await context.addInitScript(() => localStorage.setItem('colorScheme', 'dark'));
    // Only the HTML and its inline script: the app's JavaScript never arrives.
    await context.route('**/assets/*.js', (route) => route.abort());
    for (const path of ['/', '/faq']) {
      const page = await context.newPage();
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await page.goto(`${site.server.httpUrl}${path}`);
      expect(await isDark(page)).toBe(true);
      expect(
        await page.evaluate(() => getComputedStyle(document.body).colorScheme || 'unset'),
      ).not.toBe('light');
    }
    expect(violations).toEqual([]);
  });
});

describe('screenshots', () => {
  it('saves the home page and the new dialogs, desktop and phone, light and dark', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      for (const [device, options] of [
        ['desktop-1280', {}],
        ['phone-390', PHONE],
      ] as const) {
        const context = await newContext({ colorScheme: scheme, ...options });
        await context.grantPermissions(['notifications'], { origin: site.server.httpUrl });
        const { page, address } = await site.openLive(context);
        await site.deliver(page, {
          from: 'Servizio Clienti <assistenza@negozio.example>',
          to: address,
          subject: 'Conferma la tua iscrizione',
          text: 'Grazie per esserti iscritto.',
        });
        await actions(page).notifications.waitFor();
        await page.mouse.move(0, 0);
        await page.waitForTimeout(300);
        const name = `${ARTIFACTS}extras-${device}-${scheme}`;
        await page.screenshot({ path: `${name}-home.png` });
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        ).toBe(0);

        await actions(page).openOnPhone.click();
        await actions(page).qrDialog.getByRole('img').waitFor();
        await page.waitForTimeout(250);
        await page.screenshot({ path: `${name}-qr.png` });
        await page.keyboard.press('Escape');
        await actions(page).qrDialog.waitFor({ state: 'detached' });

        await actions(page).deleteNow.click();
        await actions(page).deleteDialog.waitFor();
        await page.waitForTimeout(250);
        await page.screenshot({ path: `${name}-delete.png` });
        await page.keyboard.press('Escape');
        await actions(page).deleteDialog.waitFor({ state: 'detached' });

        await actions(page).notifications.click();
        await home(page).toast('Notifiche attivate').waitFor();
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${name}-notifications-on.png` });
        await context.close();
      }
    }

    // The narrowest phones: the row of actions wraps, nothing sticks out sideways.
    const narrow = await newContext({ viewport: { width: 360, height: 740 }, isMobile: true });
    const { page } = await openHome(narrow, site.server.httpUrl);
    await actions(page).notifications.waitFor();
    await page.screenshot({ path: `${ARTIFACTS}extras-phone-360-light-home.png` });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBe(0);
    for (const button of [
      actions(page).openOnPhone,
      actions(page).deleteNow,
      actions(page).notifications,
    ]) {
      const box = await button.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(360);
    }
  });
});
