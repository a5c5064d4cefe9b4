/**
 * Why mail did not arrive, end to end: a message too big for the server, or one of two From
 * addresses, sent over real SMTP to the address the page shows, is refused (552, 550); the page
 * says so under the inbox in Italian, at once (pushed on the event stream) and after a reload
 * (read from the API).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axe } from './support/axe';
import { home } from './support/home-page';
import { sendMail } from './support/smtp';
import { ARTIFACTS, MANY_VISITORS, useSite } from './support/site';

const MB = 1024 * 1024;

const site = useSite({ env: { ...MANY_VISITORS, MAX_MESSAGE_BYTES: String(MB) } });

const LINE =
  'Un messaggio da noreply@sito.it è stato rifiutato: troppo grande (1,5\u00a0MB, limite 1\u00a0MB)';

const refusalLines = (page: Page) => page.locator('[data-slot="refusal-line"]');

/** A message of 1.5 MB as sent: lines of 78 bytes under a short header. */
function bigMessage(to: string) {
  const head = `From: noreply@sito.it\r\nTo: ${to}\r\nSubject: Il tuo archivio\r\n\r\n`;
  const line = `${'x'.repeat(76)}\r\n`;
  return head + line.repeat(Math.floor((1.5 * MB - head.length) / line.length));
}

describe('refused mail on the home page', () => {
  it('shows a too-big message refused for this address, live and after a reload', async () => {
    for (const [width, colorScheme] of [
      [1280, 'light'],
      [390, 'dark'],
    ] as const) {
      const context = await site.newContext({
        viewport: { width, height: 900 },
        colorScheme,
        // Only so that axe's script can be injected.
        bypassCSP: true,
      });
      const { page, address } = await site.openLive(context);
      const ui = home(page);
      await expect(
        sendMail(site.server.smtpPort, {
          envelope: { from: 'noreply@sito.it', to: [address] },
          raw: bigMessage(address),
        }),
      ).rejects.toMatchObject({ responseCode: 552 });

      const notice = page.getByRole('region', { name: 'Posta non consegnata' });
      await notice.waitFor();
      expect(await refusalLines(page).allInnerTexts()).toEqual([
        expect.stringMatching(new RegExp(`^${LINE.replace(/[().]/g, '\\$&')}\\s+Adesso$`)),
      ]);
      // Nothing arrived, and the page still says so.
      await ui.empty.getByText('Nessuna email ricevuta').waitFor();
      await notice.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${ARTIFACTS}refusal-notice-${width}-${colorScheme}.png` });
      expect(await axe(page, `refusal notice, ${colorScheme}, ${width} px`)).toEqual([]);

      await page.reload();
      await page.getByRole('region', { name: 'Posta non consegnata' }).waitFor();
      expect(await refusalLines(page).count()).toBe(1);
      expect(await refusalLines(page).first().innerText()).toContain(LINE);
      await context.close();
    }
  });

  it('shows a message of two From addresses refused, in words a visitor understands', async () => {
    const context = await site.newContext({ viewport: { width: 390, height: 900 } });
    const { page, address } = await site.openLive(context);
    await expect(
      sendMail(site.server.smtpPort, {
        envelope: { from: 'avvisi@banca.example', to: [address] },
        raw:
          `From: Banca <avvisi@banca.example>, Assistenza <aiuto@altro.example>\r\n` +
          `To: ${address}\r\nSubject: Verifica il conto\r\n\r\nAccedi qui.\r\n`,
      }),
    ).rejects.toMatchObject({ responseCode: 550 });
    const notice = page.getByRole('region', { name: 'Posta non consegnata' });
    await notice.waitFor();
    expect(await refusalLines(page).allInnerTexts()).toEqual([
      expect.stringContaining(
        'Un messaggio da avvisi@banca.example è stato rifiutato: non rispetta le regole della posta (per esempio, indica più di un mittente)',
      ),
    ]);
    await notice.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${ARTIFACTS}refusal-multiple-from-390.png` });
    await context.close();
  });

  it('shows nothing for a visitor whose mail all arrived', async () => {
    const context = await site.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, address } = await site.openLive(context);
    await site.deliver(page, {
      envelope: { from: 'noreply@sito.it', to: [address] },
      raw: `From: noreply@sito.it\r\nTo: ${address}\r\nSubject: Piccolo\r\n\r\nCiao\r\n`,
    });
    await home(page).rows.first().waitFor();
    expect(await page.locator('[data-slot="refusal-notice"]').count()).toBe(0);
  });
});
