/**
 * The per-IP creation limit as a visitor meets it: a server that allows one mailbox per window,
 * a second visitor from the same machine gets the 'Errore' toast with the Italian explanation.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../server/test/helpers/server-process';
import { launchChromium } from './support/browser';
import { home, openHome } from './support/home-page';

let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServerProcess({ env: { RATE_LIMIT_CREATE_MAX: '1' } }),
    launchChromium(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('too many new mailboxes from one client', () => {
  it("answers with 'Errore' and says how long to wait", async () => {
    const first = await browser.newContext();
    const second = await browser.newContext();
    try {
      await openHome(first, server.httpUrl);
      const page = await second.newPage();
      await page.goto(server.httpUrl);
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
