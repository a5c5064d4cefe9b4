/**
 * Expiry end to end, against a server whose mailboxes live only 10 s (MAILBOX_TTL_SECONDS, its
 * lowest accepted value): the countdown runs out, the page says so, and the address is gone on
 * the server too.
 */
import { describe, expect, it } from 'vitest';
import { home, openHome, pageToken } from './support/home-page';
import { ARTIFACTS, useSite } from './support/site';

const site = useSite({ env: { MAILBOX_TTL_SECONDS: '10' } });

describe('a mailbox that runs out of time', () => {
  it('shows the expiry notice at 00:00, forgets the address, and offers a new one', async () => {
    const context = await site.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const { page, address } = await openHome(context, site.server.httpUrl);
      const ui = home(page);
      const token = await pageToken(page);
      expect(await ui.countdown.textContent()).toMatch(/^00:(10|09)$/);

      await ui.toast('Tempo scaduto!').waitFor({ timeout: 15_000 });
      expect(await ui.toast('Tempo scaduto!').textContent()).toContain('Nuovo indirizzo');
      expect(await ui.countdown.textContent()).toBe('00:00');
      expect(await ui.addressMissing.textContent()).toBe('Indirizzo scaduto');
      expect(await page.getByText(address).count()).toBe(0);
      expect(await ui.button('Estendi').isDisabled()).toBe(true);
      expect(await ui.button('Copia').isDisabled()).toBe(true);
      expect(
        await page.evaluate(() => [
          sessionStorage.getItem('emailAddress'),
          sessionStorage.getItem('authToken'),
          sessionStorage.getItem('emails'),
        ]),
      ).toEqual([null, null, null]);
      // Exactly one notice, even though the countdown and the server's event both report it.
      await page.waitForTimeout(1_500);
      expect(await ui.toast('Tempo scaduto!').count()).toBe(1);
      await page.screenshot({ path: `${ARTIFACTS}desktop-1280-expired.png` });

      await expect
        .poll(
          async () =>
            (
              await fetch(`${site.server.httpUrl}/api/v1/mailbox`, {
                headers: { Authorization: `Bearer ${token}` },
              })
            ).status,
          { timeout: 5_000 },
        )
        .toBe(401);

      await ui.button('Nuovo indirizzo').click();
      const fresh = (await ui.address.textContent({ timeout: 5_000 }))?.trim();
      expect(fresh).toMatch(/^[a-z0-9]{10,}@localhost$/);
      expect(fresh).not.toBe(address);
      expect(await ui.countdown.textContent()).toMatch(/^00:(10|09)$/);
    } finally {
      await context.close();
    }
  });
});
