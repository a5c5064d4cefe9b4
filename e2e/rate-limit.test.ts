/**
 * The per-IP creation limit as a visitor meets it: a server that allows one mailbox per window,
 * a second visitor from the same machine gets the 'Errore' toast with the Italian explanation.
 */
import { describe, expect, it } from 'vitest';
import { home, openHome } from './support/home-page';
import { useSite } from './support/site';

const site = useSite({ env: { RATE_LIMIT_CREATE_MAX: '1' } });

describe('too many new mailboxes from one client', () => {
  it("answers with 'Errore' and says how long to wait", async () => {
    const first = await site.newContext();
    const second = await site.newContext();
    try {
      await openHome(first, site.server.httpUrl);
      const page = await second.newPage();
      await page.goto(site.server.httpUrl);
      const ui = home(page);
      const toast = ui.toast('Hai creato troppi indirizzi in poco tempo');
      await toast.waitFor();
      expect(await toast.textContent()).toContain('Errore');
      // The window is 600 s: Retry-After counts down from there, shown in whole minutes.
      expect(await toast.textContent()).toContain('Riprova tra 10 minuti.');
      expect(await toast.getAttribute('data-type')).toBe('error');
      expect(await ui.addressMissing.textContent()).toBe('Nessun indirizzo disponibile');
      expect(await ui.address.count()).toBe(0);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
