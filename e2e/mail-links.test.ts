/**
 * Links in received mail, in real Chromium: a click in the HTML view opens the link in a new
 * tab, as a webmail does, and leaves the page as it was; a link that is not http, https or
 * mailto, or is relative, does nothing; a link shows its real destination before the click; a
 * relative image never loads from our own origin, even after 'Mostra immagini'. And a link to
 * our own share fragment (`/#apri=…`) in a mail is an external link like any other: the tab it
 * opens asks before it shows anyone's mailbox. Real server process, real SMTP, a loopback
 * stand-in for the sites the links lead to.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { home, openMessage, pageToken } from './support/home-page';
import { ARTIFACTS, MANY_VISITORS, useSite } from './support/site';

const site = useSite({ env: MANY_VISITORS });

/** The sites the mail links to: every request it got, by path. */
let elsewhere: { server: Server; url: string; hits: string[] };

beforeAll(async () => {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    hits.push(request.url ?? '');
    if ((request.url ?? '').endsWith('.png')) {
      response.writeHead(200, { 'content-type': 'image/gif' });
      response.end(Buffer.from('R0lGODlhAQABAAAAACw=', 'base64'));
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>Registrazione confermata</title><h1>Grazie!</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  elsewhere = { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
});

afterAll(async () => {
  await new Promise<void>((resolve) => elsewhere?.server.close(() => resolve()));
});

/** A mailbox made over the API, as a sender who wants to share his own would make it. */
async function senderMailbox(): Promise<{ email: string; token: string }> {
  const response = await fetch(`${site.server.httpUrl}/api/v1/mailboxes`, { method: 'POST' });
  if (response.status !== 201) throw new Error(`POST /mailboxes answered ${response.status}`);
  return (await response.json()) as { email: string; token: string };
}

/** Every request `context` made to our own origin. */
function ownRequests(context: BrowserContext): string[] {
  const seen: string[] = [];
  context.on('request', (request) => {
    if (request.url().startsWith(site.server.httpUrl)) seen.push(new URL(request.url()).pathname);
  });
  return seen;
}

describe('links in the HTML view', () => {
  it.each([
    [1280, 900],
    [390, 844],
  ])(
    'open in a new tab at %i px, show where they lead, and leave the page as it was',
    async (width, height) => {
      const phone = width < 600;
      const context = await site.newContext({
        viewport: { width, height },
        ...(phone ? { deviceScaleFactor: 2, isMobile: true, hasTouch: true } : {}),
      });
      const own = ownRequests(context);
      const { page, address } = await site.openLive(context);
      const sender = await senderMailbox();
      const confirm = `${elsewhere.url}/conferma?t=${width}`;
      await site.deliver(page, {
        from: 'Negozio <iscrizioni@negozio.example>',
        to: address,
        subject: 'Conferma la tua iscrizione',
        text: 'Conferma la tua iscrizione dalla versione HTML.',
        html:
          `<h1 id="titolo">Benvenuto!</h1>` +
          `<p><a id="conferma" href="${confirm}" style="display:inline-block;padding:12px 20px;background:#0b57d0;color:#fff">Conferma</a></p>` +
          `<p><a id="finto" href="${elsewhere.url}/altrove">https://banca.example/accesso</a></p>` +
          `<p><a id="script" href="javascript:alert(1)">Script</a> <a id="dati" href="data:text/html,ciao">Dati</a>` +
          ` <a id="relativo" href="/#apri=${sender.token}">Relativo</a></p>` +
          `<img id="locale" src="/api/v1/immagine-relativa.png" alt="relativa">` +
          `<div style="background:url(/sfondo-relativo.png);height:10px"></div>` +
          `<img src="${elsewhere.url}/logo.png" alt="logo">`,
      });
      const dialog = await openMessage(page, 'Conferma la tua iscrizione');
      await dialog.getByRole('tab', { name: 'HTML' }).click();
      const frame = page.frameLocator('iframe[data-slot="message-html"]');
      await frame.locator('#titolo').waitFor();

      // Where each link leads, before any click: the browser's own tooltip, which the mail
      // cannot draw over, names the real destination even when the text names another site.
      expect(await frame.locator('#conferma').getAttribute('title')).toBe(confirm);
      expect(await frame.locator('#finto').getAttribute('title')).toBe(`${elsewhere.url}/altrove`);
      expect(await frame.locator('#finto').textContent()).toBe('https://banca.example/accesso');
      if (!phone) await frame.locator('#finto').hover();
      await page.screenshot({ path: `${ARTIFACTS}mail-links-${width}.png` });

      // Not http, https or mailto, or relative: no link at all, and a click opens nothing.
      for (const id of ['script', 'dati', 'relativo']) {
        expect(await frame.locator(`#${id}`).getAttribute('href'), id).toBeNull();
        await frame.locator(`#${id}`).click();
      }

      // The sign-up button opens its page in a new tab: no opener, no referrer.
      const [opened] = await Promise.all([
        context.waitForEvent('page'),
        frame.locator('#conferma').click(),
      ]);
      await opened.waitForLoadState();
      expect(opened.url()).toBe(confirm);
      expect(await opened.title()).toBe('Registrazione confermata');
      expect(await opened.evaluate(() => [window.opener, document.referrer])).toEqual([null, '']);
      // Only that one tab opened: the clicks before it did nothing.
      expect(context.pages()).toHaveLength(2);
      await opened.close();

      // Our page is where it was: same address, same mailbox, the message still open.
      expect(page.url()).toBe(`${site.server.httpUrl}/`);
      expect((await home(page).address.textContent())?.trim()).toBe(address);
      await expect.poll(() => dialog.isVisible()).toBe(true);

      // 'Mostra immagini': the remote image loads; the relative ones never reach our origin.
      await dialog.getByRole('button', { name: 'Mostra immagini' }).click();
      await expect.poll(() => elsewhere.hits.includes('/logo.png'), { timeout: 5_000 }).toBe(true);
      expect(await frame.locator('#locale').getAttribute('src')).toBeNull();
      expect(own.filter((path) => path.includes('relativ'))).toEqual([]);
    },
  );
});

describe('a share link of ours inside a mail', () => {
  it('opens a tab that asks before it shows the sender’s mailbox', async () => {
    const context = await site.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, address } = await site.openLive(context);
    const ownToken = await pageToken(page);
    const sender = await senderMailbox();
    const link = `${site.server.httpUrl}/#apri=${sender.token}`;
    await site.deliver(page, {
      from: 'Assistenza <assistenza@servizio.example>',
      to: address,
      subject: 'La tua nuova casella',
      text: `Ecco la tua casella personale, aprila da qui: ${link} e usala per iscriverti.`,
      html: `<p>Ecco la tua casella personale: <a id="apri" href="${link}">apri la casella</a></p>`,
    });

    // In the text view it is an external link like any other: a new tab, no opener.
    const dialog = await openMessage(page, 'La tua nuova casella');
    const anchor = dialog.locator('[data-slot="message-text"] a');
    expect(await anchor.getAttribute('href')).toBe(link);
    expect(await anchor.getAttribute('target')).toBe('_blank');
    expect(await anchor.getAttribute('rel')).toBe('noopener noreferrer');
    const [opened] = await Promise.all([context.waitForEvent('page'), anchor.click()]);

    // The new tab asks: whose mailbox, until when; it holds nothing and shows no inbox yet.
    const question = opened.getByRole('alertdialog', { name: 'Aprire una casella condivisa?' });
    await question.waitFor();
    expect(await question.textContent()).toContain('Stai aprendo una casella condivisa:');
    expect(await question.locator('[data-slot="shared-address"]').textContent()).toBe(sender.email);
    expect(await question.textContent()).toMatch(/Scade alle \d\d:\d\d/);
    expect(await opened.evaluate(() => window.location.hash)).toBe('');
    expect(await opened.evaluate(() => sessionStorage.getItem('authToken'))).toBeNull();
    expect(await home(opened).toast('Casella aperta su questo dispositivo').count()).toBe(0);
    await opened.screenshot({ path: `${ARTIFACTS}shared-question-1280.png` });

    // 'No': the new tab gets an address of its own; the sender's is never stored there.
    await question.getByRole('button', { name: 'No, voglio un indirizzo mio' }).click();
    await home(opened).address.waitFor();
    const mine = (await home(opened).address.textContent())?.trim();
    expect(mine).not.toBe(sender.email);
    expect(await pageToken(opened)).not.toBe(sender.token);

    // The visitor's own tab never changed.
    expect((await home(page).address.textContent())?.trim()).toBe(address);
    expect(await pageToken(page)).toBe(ownToken);
  });
});
