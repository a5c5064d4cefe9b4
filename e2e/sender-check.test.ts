/**
 * Who really sent a message, end to end: mail signed by a real DKIM signer (nodemailer's) and
 * sent over real SMTP, checked by the real server process against a real DNS server (dnsmasq)
 * serving the senders' SPF, DKIM and DMARC records, shown in real Chromium: the calm mark of a
 * verified sender, the Italian warning of a forged one, on the row, its code chip and the dialog.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDns, type TestDns } from '../server/test/helpers/dns-server';
import { startServerProcess, type ServerProcess } from '../server/test/helpers/server-process';
import { launchChromium } from './support/browser';
import { home, openHome, pageToken, serverMessages, waitLive } from './support/home-page';
import { sendMail } from './support/smtp';

const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PRIVATE_PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const DKIM_RECORD = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;

const VERIFIED = 'Mittente verificato: github.com';
const SPOOFED = 'Attenzione: paypal.it non conferma di aver inviato questo messaggio';

let dns: TestDns;
let server: ServerProcess;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  // Our own answers for these two names, on a private server: github.com signs and sends from
  // our test client's address; paypal.it sends only from elsewhere and asks for reject.
  dns = await startDns(
    ['github.com', 'paypal.it'],
    [
      { type: 'TXT', name: 'github.com', text: 'v=spf1 ip4:127.0.0.1 -all' },
      { type: 'TXT', name: 'sel._domainkey.github.com', text: DKIM_RECORD },
      { type: 'TXT', name: '_dmarc.github.com', text: 'v=DMARC1; p=reject' },
      { type: 'TXT', name: 'paypal.it', text: 'v=spf1 ip4:192.0.2.1 -all' },
      { type: 'TXT', name: '_dmarc.paypal.it', text: 'v=DMARC1; p=reject' },
    ],
  );
  [server, browser] = await Promise.all([
    startServerProcess({ env: { RATE_LIMIT_CREATE_MAX: '1000', DNS_SERVERS: dns.server } }),
    launchChromium(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await dns?.stop();
});

afterEach(async () => {
  await context?.close();
});

async function sendBoth(address: string) {
  await sendMail(server.smtpPort, {
    from: 'GitHub <noreply@github.com>',
    to: address,
    subject: '[GitHub] Il tuo codice di accesso',
    text: 'Ciao, hai chiesto di accedere a GitHub da un nuovo dispositivo.',
    dkim: { domainName: 'github.com', keySelector: 'sel', privateKey: PRIVATE_PEM },
  });
  await sendMail(server.smtpPort, {
    from: 'PayPal <servizio@paypal.it>',
    to: address,
    subject: 'Il tuo conto è stato limitato',
    text: 'Per sbloccare il conto inserisci il codice 482913 entro 24 ore.',
  });
}

async function inbox(page: Page) {
  const ui = home(page);
  await expect.poll(() => ui.rows.count()).toBe(2);
  return ui;
}

describe('sender checks on the page', () => {
  it('marks the verified sender and warns about the forged one, at 1280 px', async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, address } = await openHome(context, server.httpUrl);
    await waitLive(page);
    await sendBoth(address);
    const ui = await inbox(page);

    const [spoof, verified] = (await serverMessages(server.httpUrl, await pageToken(page)))
      .messages;
    expect(verified!.authentication).toEqual({
      spf: 'pass',
      dkim: 'pass',
      dmarc: 'pass',
      domain: 'github.com',
    });
    expect(spoof!.authentication).toEqual({
      spf: 'fail',
      dkim: 'none',
      dmarc: 'fail',
      domain: null,
    });

    const spoofRow = ui.rows.first();
    await spoofRow.getByText(SPOOFED).waitFor();
    const chip = spoofRow.locator('[data-slot="code-chip"]');
    expect(await chip.getAttribute('aria-label')).toBe(`Copia il codice 482913. ${SPOOFED}`);
    expect(await ui.rows.nth(1).getByTitle(VERIFIED).count()).toBe(1);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: `${ARTIFACTS}sender-check-1280-rows.png` });

    await spoofRow.locator('button').first().click();
    await ui.dialog.waitFor();
    await ui.dialog.getByRole('alert').getByText(SPOOFED).waitFor();
    await page.screenshot({ path: `${ARTIFACTS}sender-check-1280-spoofed.png` });
    await page.keyboard.press('Escape');
    await ui.dialog.waitFor({ state: 'detached' });

    await ui.rows.nth(1).locator('button').first().click();
    await ui.dialog.getByText(VERIFIED).waitFor();
    await page.screenshot({ path: `${ARTIFACTS}sender-check-1280-verified.png` });
  });

  it('fits a phone: the warning and the mark inside their rows, at 390 px', async () => {
    context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const { page, address } = await openHome(context, server.httpUrl);
    await waitLive(page);
    await sendBoth(address);
    const ui = await inbox(page);
    const spoofRow = ui.rows.first();
    const warning = spoofRow.getByText(SPOOFED);
    await warning.waitFor();
    const rowBox = (await spoofRow.boundingBox())!;
    const warningBox = (await warning.boundingBox())!;
    expect(warningBox.x).toBeGreaterThanOrEqual(rowBox.x);
    expect(warningBox.x + warningBox.width).toBeLessThanOrEqual(rowBox.x + rowBox.width);
    await spoofRow.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${ARTIFACTS}sender-check-390-rows.png` });
    await spoofRow.locator('button').first().click();
    await ui.dialog.getByRole('alert').getByText(SPOOFED).waitFor();
    await page.screenshot({ path: `${ARTIFACTS}sender-check-390-spoofed.png` });
  });
});
