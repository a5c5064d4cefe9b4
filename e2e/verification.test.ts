/**
 * Verification codes and links end to end: a sign-up mail sent over real SMTP shows a
 * 'Codice …' chip on its row that copies the code in one tap, and the reader offers 'Copia
 * codice' and 'Apri link di conferma'. Real server process, real Chromium.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { home, pageToken, serverMessages } from './support/home-page';
import { sendMail } from './support/smtp';
import { ARTIFACTS, MANY_VISITORS, useSite } from './support/site';

const CONFIRM_LINK =
  'https://www.mercatino.example/account/conferma-email?t=Q2xpY2tNZTEyMzQ1Njc4OQ&src=mail';

let context: BrowserContext;

const site = useSite({ env: MANY_VISITORS });

/** A sign-up mail as a shop sends it: text and HTML, the code split '482 913', a button. */
async function sendVerificationMail(address: string) {
  await sendMail(site.server.smtpPort, {
    from: 'Mercatino <account@mercatino.example>',
    to: address,
    subject: 'Conferma la tua email su Mercatino',
    text: [
      'Ciao Sara, grazie per esserti registrata su Mercatino.',
      '',
      'Il tuo codice di verifica è 482 913 (scade tra 10 minuti).',
      '',
      `Oppure conferma con un clic: ${CONFIRM_LINK}`,
      '',
      'Mercatino S.r.l., Piazza Duomo 1, 50122 Firenze – ordine minimo € 15,00',
    ].join('\n'),
    html: `<p>Ciao Sara, grazie per esserti registrata su Mercatino.</p>
<p>Il tuo codice di verifica è</p><p style="font-size:32px"><b>482 913</b></p>
<p><a href="${CONFIRM_LINK.replace(/&/g, '&amp;')}">Conferma email</a></p>
<p style="font-size:11px">Mercatino S.r.l., Piazza Duomo 1, 50122 Firenze ·
<a href="https://www.mercatino.example/email/disiscriviti?u=88213">Disiscriviti</a></p>`,
  });
}

/** A mail without a code, so the screenshots show a row with and a row without a chip. */
async function sendPlainMail(address: string) {
  await sendMail(site.server.smtpPort, {
    from: 'Newsletter Viaggi <offerte@viaggi.example>',
    to: address,
    subject: 'Le mete più belle per la primavera',
    text: 'Ordine n. 100234: dalle città d’arte alle isole, da € 199. Chiama il 02 4567 8901.',
  });
}

async function readerOpen(page: Page) {
  const ui = home(page);
  await ui.dialog.waitFor();
  await ui.dialog.getByText('Caricamento…').waitFor({ state: 'detached' });
}

describe('verification code and link', () => {
  it('copies the code from the row in one tap, and the reader offers code and link', async () => {
    context = await site.newContext({
      viewport: { width: 1280, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const { page, address } = await site.openLive(context);
    const ui = home(page);
    await sendPlainMail(address);
    await sendVerificationMail(address);
    await expect.poll(() => ui.rows.count()).toBe(2);

    // The server found them too.
    const [verification, plain] = (await serverMessages(site.server.httpUrl, await pageToken(page)))
      .messages;
    expect(verification).toMatchObject({ code: '482913', confirmLink: CONFIRM_LINK });
    expect(plain).toMatchObject({ code: null, confirmLink: null });

    const row = ui.rows.first();
    const chip = row.locator('[data-slot="code-chip"]');
    expect((await chip.textContent())?.replace(/\s+/g, ' ').trim()).toBe('Codice 482913');
    expect(await chip.getAttribute('aria-label')).toBe('Copia il codice 482913');
    expect(await ui.rows.nth(1).locator('[data-slot="code-chip"]').count()).toBe(0);

    await page.mouse.move(0, 0);
    await page.screenshot({ path: `${ARTIFACTS}verification-1280-row.png` });

    await chip.click();
    await ui.toast('Codice copiato!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('482913');
    // One tap copies: the message did not open, and it is still unread.
    expect(await ui.dialog.count()).toBe(0);
    expect(await row.getAttribute('data-unread')).toBe('true');

    await row.locator('button').first().click();
    await readerOpen(page);
    const actions = ui.dialog.locator('[data-slot="verification-actions"]');
    expect(await actions.locator('[data-slot="verification-code"]').textContent()).toBe('482913');
    const link = actions.getByRole('link', { name: 'Apri link di conferma' });
    expect(await link.getAttribute('href')).toBe(CONFIRM_LINK);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await actions.getByRole('button', { name: 'Copia codice' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('482913');
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${ARTIFACTS}verification-1280-dialog.png` });
  });

  it('fits a phone: the chip sits inside its row, clear of the text and the delete button', async () => {
    context = await site.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const { page, address } = await site.openLive(context);
    const ui = home(page);
    await sendPlainMail(address);
    await sendVerificationMail(address);
    await expect.poll(() => ui.rows.count()).toBe(2);

    const row = ui.rows.first();
    await row.scrollIntoViewIfNeeded();
    const chip = row.locator('[data-slot="code-chip"]');
    const [rowBox, chipBox, deleteBox, previewBox] = await Promise.all([
      row.boundingBox(),
      chip.boundingBox(),
      row.getByRole('button', { name: /^Elimina/ }).boundingBox(),
      row.getByText(/^Ciao Sara/).boundingBox(),
    ]);
    expect(rowBox && chipBox && deleteBox && previewBox).toBeTruthy();
    expect(chipBox!.y).toBeGreaterThanOrEqual(rowBox!.y);
    expect(chipBox!.y + chipBox!.height).toBeLessThanOrEqual(rowBox!.y + rowBox!.height);
    expect(chipBox!.y).toBeGreaterThanOrEqual(previewBox!.y + previewBox!.height);
    expect(chipBox!.x + chipBox!.width).toBeLessThan(deleteBox!.x);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBe(0);
    await page.screenshot({ path: `${ARTIFACTS}verification-390-row.png` });

    await chip.tap();
    await ui.toast('Codice copiato!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('482913');
    expect(await ui.dialog.count()).toBe(0);

    await row.locator('button').first().tap();
    await readerOpen(page);
    const actions = ui.dialog.locator('[data-slot="verification-actions"]');
    await actions.getByRole('button', { name: 'Copia codice' }).waitFor();
    expect(
      await actions.getByRole('link', { name: 'Apri link di conferma' }).getAttribute('href'),
    ).toBe(CONFIRM_LINK);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${ARTIFACTS}verification-390-dialog.png` });
  });
});
