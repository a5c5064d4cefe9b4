/**
 * A message the server could not read within READ_DEADLINE_MS, opened as a visitor opens it: the
 * real server process with a short deadline, a hostile message over real SMTP, Chromium. The
 * reader says, in Italian, that the message is too complex to show and offers its original,
 * which downloads whole; at a phone's width and a desktop's.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { home } from './support/home-page';
import { sendMail } from './support/smtp';
import { ARTIFACTS, MANY_VISITORS, useSite } from './support/site';

const site = useSite({ env: { ...MANY_VISITORS, READ_DEADLINE_MS: '500' } });

/** HTML whose text the reader's libraries render for seconds: past the deadline. */
const HOSTILE_HTML = '<b>'.repeat(100_000) + '</i>'.repeat(100_000);

describe('a message too complex to read', () => {
  it.each([390, 1280])('is shown with the notice and its original at %i px', async (width) => {
    const phone = width < 600;
    const context = await site.newContext({
      viewport: { width, height: phone ? 844 : 900 },
      deviceScaleFactor: phone ? 2 : 1,
      isMobile: phone,
      hasTouch: phone,
    });
    const { page, address } = await site.openLive(context);
    const ui = home(page);
    await sendMail(site.server.smtpPort, {
      from: 'Negozio <offerte@negozio.example>',
      to: address,
      subject: 'Offerte imperdibili',
      html: HOSTILE_HTML,
    });
    const row = ui.rows.filter({ hasText: 'Offerte imperdibili' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Negozio');
    await row.locator('button').first().click();
    const notice = ui.dialog.locator('[data-slot="too-complex-notice"]');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(
      'Questo messaggio è troppo complesso da mostrare: scarica l’originale (.eml).',
    );
    expect(await ui.dialog.locator('[data-slot="message-text"]').count()).toBe(0);
    await page.screenshot({ path: `${ARTIFACTS}too-complex-${width}.png` });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      notice.getByRole('button', { name: 'Scarica l’originale (.eml)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^messaggio-[A-Za-z0-9_-]+\.eml$/);
    const raw = readFileSync(await download.path(), 'latin1');
    expect(raw).toMatch(/^Subject: Offerte imperdibili\r?$/m);
    expect(raw).toContain('</i></i></i>');
    await ui.toast('Messaggio originale scaricato').first().waitFor();
  });
});
