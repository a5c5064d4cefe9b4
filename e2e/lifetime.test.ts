/**
 * A mailbox's longest life end to end, against a server whose mailboxes live 10 s and at most
 * 14 s in all (MAILBOX_TTL_SECONDS and MAILBOX_MAX_LIFETIME_SECONDS): the last 'Estendi' takes
 * the address to its end and says so, and from then on the button says it can do no more.
 */
import type { MailboxInfo } from '@et/common';
import { describe, expect, it } from 'vitest';
import { home, openHome, pageToken } from './support/home-page';
import { ARTIFACTS, useSite } from './support/site';

const site = useSite({ env: { MAILBOX_TTL_SECONDS: '10', MAILBOX_MAX_LIFETIME_SECONDS: '14' } });

describe('a mailbox at the end of its longest life', () => {
  it("'Estendi' extends to the end, says it was the last time, then says it can do no more", async () => {
    const context = await site.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const { page } = await openHome(context, site.server.httpUrl);
      const ui = home(page);
      const token = await pageToken(page);
      // Past a third of its life a full TTL from now would carry it beyond its end.
      await expect
        .poll(() => ui.countdown.textContent(), { timeout: 8_000, interval: 100 })
        .toMatch(/^00:0[0-5]$/);
      await ui.button('Estendi').click();
      // The site states the product's longest life (60 minutes), whatever this test server's.
      await ui
        .toast('Tempo esteso!')
        .filter({ hasText: 'Ultima estensione: un indirizzo vive al massimo 60 minuti.' })
        .waitFor({ timeout: 5_000 });
      const limit = ui.button('Durata massima raggiunta');
      await limit.waitFor({ timeout: 3_000 });
      expect(await limit.isDisabled()).toBe(true);
      expect(await ui.button('Estendi').count()).toBe(0);

      // The server agrees: the expiry is the mailbox's end, and one more extension is refused.
      const info = (await (
        await fetch(`${site.server.httpUrl}/api/v1/mailbox`, {
          headers: { Authorization: `Bearer ${token}` },
        })
      ).json()) as MailboxInfo;
      expect(info.expiresAt).toBe(info.maxExpiresAt);
      const again = await fetch(`${site.server.httpUrl}/api/v1/mailbox/extend`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(again.status).toBe(409);

      await page.screenshot({ path: `${ARTIFACTS}desktop-1280-longest-life.png` });
      await page.setViewportSize({ width: 390, height: 844 });
      // The toast would cover the card on a phone.
      await page.getByRole('button', { name: 'Chiudi la notifica' }).first().click();
      await page
        .locator('[data-slot="countdown-card"]')
        .screenshot({ path: `${ARTIFACTS}mobile-390-longest-life.png` });

      // And at its end it expires as any mailbox does.
      await ui.toast('Tempo scaduto!').waitFor({ timeout: 15_000 });
    } finally {
      await context.close();
    }
  });
});
