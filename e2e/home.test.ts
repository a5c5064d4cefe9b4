/**
 * The home page end to end: the real server process (free ports, its own data dir), mail sent
 * over real SMTP, Debian's Chromium driven by playwright-core. Each test opens a fresh browser
 * context, so each gets a fresh mailbox, exactly like a new visitor.
 */
import { createServer, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { home, openHome, pageToken, serverMessages, waitLive } from './support/home-page';
import { sendMail } from './support/smtp';
import { ARTIFACTS, MANY_VISITORS, useSite } from './support/site';

let context: BrowserContext;
/** Requests that left the browser for anything but our own server. Must stay empty. */
let foreignRequests: string[];

const site = useSite({ env: MANY_VISITORS });

async function newContext(options: Parameters<Browser['newContext']>[0] = {}) {
  context = await site.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  foreignRequests = [];
  const isForeign = (url: string) =>
    !url.startsWith(site.server.httpUrl) && !url.startsWith('data:') && !url.startsWith('blob:');
  // Only what left the browser: a load that a Content-Security-Policy refused (the mail view's,
  // before 'Mostra immagini') is still reported by Chromium as a request, failed with 'csp', and
  // only sometimes. The sandboxed mail frame's real loads are not reported here at all: the
  // loopback pixel server's count is what proves those.
  context.on('requestfinished', (request) => {
    if (isForeign(request.url())) foreignRequests.push(request.url());
  });
  context.on('requestfailed', (request) => {
    if (isForeign(request.url()) && request.failure()?.errorText !== 'csp') {
      foreignRequests.push(request.url());
    }
  });
  return context;
}

describe('home page', () => {
  it('gives a new visitor an address at once, with a running 10 minute countdown', async () => {
    await newContext();
    const { page, address } = await openHome(context, site.server.httpUrl);
    const ui = home(page);

    expect(address).toMatch(/^[a-z0-9]{10,}@localhost$/);
    await ui.toast('Email Temporanea creata!').waitFor();
    await expect.poll(() => ui.toast(address).count()).toBe(1);
    expect(await ui.countdown.textContent()).toMatch(/^(10:00|09:5\d)$/);
    await ui.empty.getByText('Nessuna email ricevuta').waitFor();
    expect(await page.title()).toBe('Email Temporanea – indirizzo email usa e getta gratuito');
    await page.getByRole('heading', { name: 'Domande frequenti' }).waitFor();
    expect(await page.locator('#faq [data-slot="disclosure"]').count()).toBe(6);
    expect(await page.locator('[data-slot="ad-slot"]').first().textContent()).toBe(
      'Spazio pubblicitarioSegnaposto vuoto: nessun codice o contenuto di terze parti',
    );
    const footer = page.locator('footer');
    const links = await footer
      .getByRole('link')
      .evaluateAll((anchors) => anchors.map((a) => [a.textContent, a.getAttribute('href')]));
    expect(links).toEqual([
      ['Pagina iniziale', '/'],
      ['Blog', '/blog'],
      ['FAQ', '/faq'],
      ['API', '/api'],
      ['Privacy', '/privacy'],
      ['Termini di servizio', '/terms'],
    ]);
    expect(await footer.textContent()).toMatch(/© 2025–\d{4} Email Temporanea/);
    expect(foreignRequests).toEqual([]);
  });

  it("says 'Errore' when no mailbox can be made, and 'Nuovo indirizzo' tries again", async () => {
    await newContext();
    // The network drops the creation request (the server never sees it).
    await context.route('**/api/v1/mailboxes', (route) => route.abort('connectionrefused'));
    const page = await context.newPage();
    await page.goto(site.server.httpUrl);
    const ui = home(page);
    const toast = ui.toast('Impossibile creare l’Email Temporanea');
    await toast.waitFor();
    expect(await toast.textContent()).toContain('Errore');
    expect(await toast.getAttribute('data-type')).toBe('error');
    expect(await ui.addressMissing.textContent()).toBe('Nessun indirizzo disponibile');

    await context.unroute('**/api/v1/mailboxes');
    await ui.button('Nuovo indirizzo').click();
    expect((await ui.address.textContent({ timeout: 5_000 }))?.trim()).toMatch(/@localhost$/);
  });

  it('shows SMTP mail within 1 s without a reload, counts it as unread in the title', async () => {
    await newContext();
    const { page, address } = await openHome(context, site.server.httpUrl);
    const ui = home(page);
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });
    await waitLive(page);

    await sendMail(site.server.smtpPort, {
      from: 'Negozio Rossi <ordini@rossi.example>',
      to: address,
      subject: 'Il tuo codice di conferma',
      text: 'Il codice è 482913.',
    });
    const sentAt = Date.now();
    await ui.rows.first().waitFor({ timeout: 1_000 });
    const shownAfterMs = Date.now() - sentAt;
    expect(shownAfterMs).toBeLessThanOrEqual(1_000);
    expect(navigations).toBe(0);

    const row = ui.rows.first();
    expect(await row.getAttribute('data-unread')).toBe('true');
    expect(await row.locator('[data-slot="message-sender"]').textContent()).toBe('Negozio Rossi');
    expect(await row.locator('[data-slot="message-subject"]').textContent()).toContain(
      'Il tuo codice di conferma',
    );
    expect(await row.getByText('Adesso').count()).toBe(1);
    expect(await ui.count.textContent()).toBe('1');
    await ui.toast('Nuova email ricevuta!').filter({ hasText: 'Negozio Rossi' }).waitFor();
    await expect.poll(() => page.title()).toMatch(/^\(1\) Email Temporanea/);

    // Opening it reads it: bar and title count go.
    await row.locator('button').first().click();
    await ui.dialog.waitFor();
    await page.keyboard.press('Escape');
    await ui.dialog.waitFor({ state: 'detached' });
    expect(await ui.rows.first().getAttribute('data-unread')).toBeNull();
    await expect
      .poll(() => page.title())
      .toBe('Email Temporanea – indirizzo email usa e getta gratuito');
    expect(foreignRequests).toEqual([]);
  });

  it('falls back to the 10 s poll when the push stream is unavailable', async () => {
    await newContext();
    await context.route('**/api/v1/events', (route) => route.abort());
    const { page, address } = await openHome(context, site.server.httpUrl);
    const ui = home(page);
    await page.locator('[data-slot="live-status"][data-live="false"]').waitFor();
    expect(await ui.live.textContent()).toContain('Controllo ogni 10 secondi');

    await sendMail(site.server.smtpPort, {
      from: 'poll@esempio.example',
      to: address,
      subject: 'Arrivo col controllo periodico',
      text: 'ciao',
    });
    await ui.rows.first().waitFor({ timeout: 12_000 });
    expect(await ui.rows.count()).toBe(1);
  });

  it('reads a message as text with live links and as sandboxed HTML, images on request', async () => {
    const pixel = await startPixelServer();
    try {
      await newContext();
      const { page, address } = await site.openLive(context);
      const ui = home(page);
      await sendMail(site.server.smtpPort, {
        from: 'Newsletter <news@esempio.example>',
        to: address,
        subject: 'Offerte della settimana',
        text: 'Ciao,\nle offerte sono qui: https://esempio.example/offerte\nA presto',
        html:
          '<h1 id="titolo">Offerte della settimana</h1>' +
          `<img id="pixel" src="${pixel.url}/pixel.png" width="10" height="10">` +
          `<img src="data:," onerror="document.body.setAttribute('data-ran','yes')">` +
          '<script>document.body.setAttribute("data-script","yes")</script>',
      });
      await ui.rows.first().locator('button').first().click();
      const dialog = ui.dialog;
      await dialog.waitFor();

      // Header: subject, sender, Italian timestamp.
      expect(await dialog.getByRole('heading').first().textContent()).toBe(
        'Offerte della settimana',
      );
      expect(await dialog.textContent()).toContain('Newsletter <news@esempio.example>');
      expect(await dialog.locator('time').textContent()).toMatch(
        /^(lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica) \d{1,2} \S+ \d{4}/,
      );

      // Text view: line breaks kept, the link opens in a new tab without referrer.
      const text = dialog.locator('[data-slot="message-text"]');
      expect(await text.innerText()).toBe(
        'Ciao,\nle offerte sono qui: https://esempio.example/offerte\nA presto',
      );
      const link = text.getByRole('link');
      expect(await link.getAttribute('href')).toBe('https://esempio.example/offerte');
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');

      // HTML view: sandboxed (links may open a tab, nothing else), no script ran, the remote
      // image was not fetched.
      await dialog.getByRole('tab', { name: 'HTML' }).click();
      const iframe = dialog.locator('iframe[data-slot="message-html"]');
      expect(await iframe.getAttribute('sandbox')).toBe(
        'allow-popups allow-popups-to-escape-sandbox',
      );
      const frame = page.frameLocator('iframe[data-slot="message-html"]');
      await frame.locator('#titolo').waitFor();
      expect(await frame.locator('#titolo').textContent()).toBe('Offerte della settimana');
      await page.waitForTimeout(500);
      expect(pixel.hits).toBe(0);
      expect(await frame.locator('body').getAttribute('data-ran')).toBeNull();
      expect(await frame.locator('body').getAttribute('data-script')).toBeNull();
      expect(foreignRequests).toEqual([]);

      await page.screenshot({ path: `${ARTIFACTS}desktop-1280-dialog-html.png` });

      // 'Mostra immagini': now, and only now, the image is fetched.
      await dialog.getByRole('button', { name: 'Mostra immagini' }).click();
      await expect.poll(() => pixel.hits, { timeout: 5_000 }).toBeGreaterThan(0);
      expect(await frame.locator('body').getAttribute('data-ran')).toBeNull();
    } finally {
      await pixel.close();
    }
  });

  it('downloads every attachment byte-identical, and the original .eml', async () => {
    await newContext({ acceptDownloads: true });
    const { page, address } = await site.openLive(context);
    const ui = home(page);
    const files = [
      {
        filename: 'dati-casuali.bin',
        content: randomBytes(300_000),
        contentType: 'application/octet-stream',
      },
      {
        filename: 'Resoconto finale è pronto.pdf',
        content: randomBytes(4_096),
        contentType: 'application/pdf',
      },
      {
        filename: 'nota.txt',
        content: Buffer.from('Città: Forlì\r\nPerché sì.\n', 'utf8'),
        contentType: 'text/plain; charset=utf-8',
      },
      { filename: 'immagine.png', content: randomBytes(1_500), contentType: 'image/png' },
    ];
    await sendMail(site.server.smtpPort, {
      from: 'Ufficio <ufficio@esempio.example>',
      to: address,
      subject: 'Documenti richiesti',
      text: 'In allegato i documenti.',
      attachments: files,
    });
    const row = ui.rows.first();
    await row.getByText('Allegato', { exact: true }).waitFor();
    await row.locator('button').first().click();
    const items = ui.dialog.locator('[data-slot="attachment"]');
    await expect.poll(() => items.count()).toBe(files.length);
    expect(await ui.dialog.getByRole('region', { name: /Allegati/ }).textContent()).toContain(
      `Allegati${files.length}`,
    );

    for (const file of files) {
      const item = items.filter({ hasText: file.filename });
      expect(await item.count()).toBe(1);
      expect(await item.textContent()).toContain(expectedSize(file.content.length));
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        item.getByRole('button', { name: /^Scarica/ }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(file.filename);
      const saved = readFileSync(await download.path());
      expect(saved.equals(file.content)).toBe(true);
    }
    await ui.toast('Allegato scaricato').first().waitFor();

    const [eml] = await Promise.all([
      page.waitForEvent('download'),
      ui.dialog.getByRole('button', { name: 'Scarica .eml' }).click(),
    ]);
    expect(eml.suggestedFilename()).toMatch(/^messaggio-[A-Za-z0-9_-]+\.eml$/);
    const raw = readFileSync(await eml.path(), 'latin1');
    expect(raw).toMatch(/^Subject: Documenti richiesti\r?$/m);
    expect(raw).toContain('dati-casuali.bin');
  });

  it('deletes one message, then clears the inbox, on the server too', async () => {
    await newContext();
    const { page, address } = await site.openLive(context);
    const ui = home(page);
    for (const n of [1, 2, 3]) {
      await sendMail(site.server.smtpPort, {
        from: `mittente${n}@esempio.example`,
        to: address,
        subject: `Messaggio numero ${n}`,
        text: `Testo ${n}`,
      });
    }
    await expect.poll(() => ui.rows.count()).toBe(3);
    // Newest first.
    expect(await ui.rows.first().textContent()).toContain('Messaggio numero 3');
    const token = await pageToken(page);

    const target = ui.rows.filter({ hasText: 'Messaggio numero 2' });
    await target.hover();
    await target.getByRole('button', { name: 'Elimina il messaggio «Messaggio numero 2»' }).click();
    await ui.toast('Email eliminata').waitFor();
    await expect.poll(() => ui.rows.count()).toBe(2);
    expect(await ui.count.textContent()).toBe('2');
    const afterDelete = await serverMessages(site.server.httpUrl, token);
    expect(afterDelete.messages.map((m) => m.subject).sort()).toEqual([
      'Messaggio numero 1',
      'Messaggio numero 3',
    ]);

    await ui.button('Svuota inbox').click();
    await ui.toast('Inbox svuotata').waitFor();
    await ui.empty.getByText('Nessuna email ricevuta').waitFor();
    expect(await ui.count.count()).toBe(0);
    expect((await serverMessages(site.server.httpUrl, token)).messages).toEqual([]);

    // Cleared for good: a reload (and its refetch) brings nothing back.
    await page.reload();
    await home(page).address.waitFor();
    await page.waitForTimeout(500);
    expect(await home(page).rows.count()).toBe(0);
  });

  it('copies the address to the clipboard', async () => {
    await newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const { page, address } = await openHome(context, site.server.httpUrl);
    const ui = home(page);
    await ui.button('Copia').click();
    await ui.button('Copiato').waitFor();
    await ui.toast('Email copiata!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    await ui.button('Copia').waitFor({ timeout: 3_000 });
  });

  it('extends: the countdown goes back to 10:00 and the server agrees', async () => {
    await newContext();
    const { page } = await openHome(context, site.server.httpUrl);
    const ui = home(page);
    await expect.poll(() => ui.countdown.textContent(), { timeout: 5_000 }).toBe('09:58');
    await ui.button('Estendi').click();
    await ui.toast('Tempo esteso!').filter({ hasText: 'Hai altri 10 minuti' }).waitFor();
    expect(await ui.countdown.textContent()).toBe('10:00');
    const info = await fetch(`${site.server.httpUrl}/api/v1/mailbox`, {
      headers: { Authorization: `Bearer ${await pageToken(page)}` },
    }).then((r) => r.json() as Promise<{ expiresAt: string }>);
    const left = Date.parse(info.expiresAt) - Date.now();
    expect(left).toBeGreaterThan(597_000);
    expect(left).toBeLessThanOrEqual(600_000);
  });

  it('makes a new address on request: inbox emptied, countdown reset, old one gone', async () => {
    await newContext();
    const { page, address } = await site.openLive(context);
    const ui = home(page);
    const oldToken = await pageToken(page);
    await site.deliver(page, {
      from: 'a@esempio.example',
      to: address,
      subject: 'Vecchio',
      text: 'x',
    });
    await expect.poll(() => ui.countdown.textContent(), { timeout: 5_000 }).toBe('09:58');

    await ui.button('Nuovo indirizzo').click();
    await expect.poll(() => ui.address.textContent()).not.toBe(address);
    await ui.empty.waitFor();
    expect(await ui.countdown.textContent()).toMatch(/^(10:00|09:59)$/);
    const oldAnswer = await fetch(`${site.server.httpUrl}/api/v1/mailbox`, {
      headers: { Authorization: `Bearer ${oldToken}` },
    });
    expect(oldAnswer.status).toBe(401);
  });

  it('keeps the mailbox and its mail across a reload', async () => {
    await newContext();
    const { page, address } = await site.openLive(context);
    await site.deliver(page, {
      from: 'Promemoria <promemoria@esempio.example>',
      to: address,
      subject: 'Da leggere dopo',
      text: 'Resto qui anche dopo il ricaricamento.',
    });
    expect(await page.evaluate(() => sessionStorage.getItem('emailAddress'))).toBe(address);
    expect(
      JSON.parse((await page.evaluate(() => sessionStorage.getItem('emails'))) ?? '[]'),
    ).toHaveLength(1);

    await page.reload();
    const after = home(page);
    expect((await after.address.textContent({ timeout: 10_000 }))?.trim()).toBe(address);
    await after.rows.first().waitFor();
    expect(await after.rows.count()).toBe(1);
    // Still unread after the reload, and no second 'creata' toast: the same mailbox came back.
    expect(await after.rows.first().getAttribute('data-unread')).toBe('true');
    await page.waitForTimeout(300);
    expect(await after.toast('Email Temporanea creata!').count()).toBe(0);
  });

  it('saves screenshots of the desktop and phone layouts', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      await newContext({ colorScheme: scheme });
      const { page, address } = await site.openLive(context);
      await fillInbox(page, address);
      await page.mouse.move(0, 0);
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${ARTIFACTS}desktop-1280-${scheme}.png` });
      await page.screenshot({
        path: `${ARTIFACTS}desktop-1280-${scheme}-full.png`,
        fullPage: true,
      });
      if (scheme === 'light') {
        await home(page).rows.first().locator('button').first().click();
        // The reader is a lazy chunk: wait for the dialog itself, then for its content.
        await home(page).dialog.waitFor();
        await home(page).dialog.getByText('Caricamento…').waitFor({ state: 'detached' });
        await page.screenshot({ path: `${ARTIFACTS}desktop-1280-dialog.png` });
      }
      await context.close();

      await newContext({
        colorScheme: scheme,
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      });
      const phone = await openHome(context, site.server.httpUrl);
      await waitLive(phone.page);
      await fillInbox(phone.page, phone.address);
      await phone.page.waitForTimeout(300);
      await phone.page.screenshot({ path: `${ARTIFACTS}phone-390-${scheme}.png` });
      await home(phone.page).rows.first().scrollIntoViewIfNeeded();
      await phone.page.screenshot({ path: `${ARTIFACTS}phone-390-${scheme}-inbox.png` });
      // Touch screens have no hover: the delete buttons must be visible anyway, and inside the
      // screen (long subjects are cut with an ellipsis, they do not push the row wider).
      const firstRow = home(phone.page).rows.first();
      const del = firstRow.getByRole('button', { name: /^Elimina/ });
      expect(await del.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
      const box = await del.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(390);
      const time = await firstRow.locator('time').boundingBox();
      expect(time && time.x + time.width).toBeLessThanOrEqual(390);
      if (scheme === 'light') {
        await home(phone.page).rows.first().locator('button').first().click();
        // The reader is a lazy chunk: wait for the dialog itself, then for its content.
        await home(phone.page).dialog.waitFor();
        await home(phone.page).dialog.getByText('Caricamento…').waitFor({ state: 'detached' });
        await phone.page.screenshot({ path: `${ARTIFACTS}phone-390-dialog.png` });
        await phone.page.keyboard.press('Escape');
        await phone.page.screenshot({ path: `${ARTIFACTS}phone-390-full.png`, fullPage: true });
        // The long page again in screen-sized slices, readable at a glance.
        const height = await phone.page.evaluate(() => document.documentElement.scrollHeight);
        for (let y = 0, part = 1; y < height; y += 844, part += 1) {
          await phone.page.screenshot({
            path: `${ARTIFACTS}phone-390-full-part${part}.png`,
            fullPage: true,
            clip: { x: 0, y, width: 390, height: Math.min(844, height - y) },
          });
        }
      }
      const overflow = await phone.page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBe(0);
      await context.close();
    }

    // The narrowest phones we support: nothing sticks out sideways at 360 px either.
    await newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const narrow = await openHome(context, site.server.httpUrl);
    await waitLive(narrow.page);
    await fillInbox(narrow.page, narrow.address);
    await narrow.page.screenshot({ path: `${ARTIFACTS}phone-360-light.png`, fullPage: true });
    expect(
      await narrow.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBe(0);
    const button = await home(narrow.page)
      .rows.first()
      .getByRole('button', { name: /^Elimina/ })
      .boundingBox();
    expect(button && button.x + button.width).toBeLessThanOrEqual(360);
  });
});

/** Three realistic messages, one with attachments, so the screenshots show a busy inbox. */
async function fillInbox(page: Page, address: string) {
  await sendMail(site.server.smtpPort, {
    from: 'Servizio Clienti <assistenza@negozio.example>',
    to: address,
    subject: 'Conferma la tua iscrizione',
    text: 'Grazie per esserti iscritto.\nConferma qui: https://negozio.example/conferma?c=8831\n\nIl team',
  });
  await sendMail(site.server.smtpPort, {
    from: 'Ufficio Fatture <fatture@fornitore.example>',
    to: address,
    subject: 'La tua fattura di gennaio',
    text: 'In allegato la fattura e il riepilogo del mese.',
    attachments: [
      { filename: 'fattura-gennaio.pdf', content: randomBytes(48_000) },
      { filename: 'riepilogo.csv', content: Buffer.from('voce;importo\nabbonamento;9,90\n') },
    ],
  });
  await sendMail(site.server.smtpPort, {
    from: 'Newsletter Viaggi <offerte@viaggi.example>',
    to: address,
    subject: 'Le mete più belle per la primavera, con sconti fino al 40% solo per questa settimana',
    text: 'Scopri le nostre offerte: dalle città d’arte alle isole, tutto a prezzi speciali.',
    html: '<h1>Offerte di primavera</h1><p>Scopri le nostre mete.</p>',
  });
  await expect.poll(() => home(page).rows.count()).toBe(3);
}

/** The size the page shows for a byte count (same rules as `formatSize`). */
function expectedSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.floor(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2).replace('.', ',')} MB`;
}

/** A stand-in for a tracking server: counts the requests for its pixel. */
async function startPixelServer(): Promise<{ url: string; hits: number; close(): Promise<void> }> {
  const state = { hits: 0 };
  const http: Server = createServer((request, response) => {
    if (request.url?.startsWith('/pixel.png')) state.hits += 1;
    response.writeHead(200, { 'content-type': 'image/gif' });
    response.end(Buffer.from('R0lGODlhAQABAAAAACw=', 'base64'));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get hits() {
      return state.hits;
    },
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  };
}
