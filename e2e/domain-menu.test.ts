/**
 * 'Cambia dominio' end to end, on a server with two mail domains: the menu opens from the address
 * card with the pointer and with the keyboard, lists both domains with the one in use checked,
 * and choosing the other replaces the mailbox with one on that domain, which receives mail.
 * Screenshots of the open menu on a phone and on desktop go to `e2e/artifacts/`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { home, pageToken, serverMessages, waitLive } from './support/home-page';
import { ARTIFACTS, DOMAINS, TWO_DOMAINS, useSite } from './support/site';

const site = useSite({ env: TWO_DOMAINS });

const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
} as const;
const DESKTOP = { viewport: { width: 1280, height: 900 } } as const;

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

function menu(page: Page) {
  return {
    trigger: page.getByRole('button', { name: 'Cambia dominio', exact: true }),
    list: page.getByRole('menu', { name: 'Domini disponibili' }),
    item: (domain: string) => page.getByRole('menuitemradio', { name: `@${domain}` }),
    items: page.getByRole('menuitemradio'),
  };
}

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1);
const otherThan = (domain: string) => DOMAINS.find((d) => d !== domain)!;

/** The address the page shows once it differs from `before`. */
async function nextAddress(page: Page, before: string): Promise<string> {
  await page.waitForFunction(
    (old) => {
      const shown = document.querySelector('[data-slot="email-address"]')?.textContent?.trim();
      return shown && shown !== old;
    },
    before,
    { timeout: 10_000 },
  );
  return (await home(page).address.textContent())!.trim();
}

/** Waits for the toast of the new address to fade, so that the pictures show the menu alone. */
async function noToasts(page: Page) {
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 });
}

/** axe-core (WCAG 2.1 A and AA, best practices) on the page as it is now. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: unknown,
            options: unknown,
          ) => Promise<{ violations: { id: string; nodes: { html: string }[] }[] }>;
        };
      }
    ).axe;
    const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
    const result = await axe.run('[data-slot="address-card"]', {
      runOnly: { type: 'tag', values: tags },
    });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
  });
  return violations;
}

describe("'Cambia dominio' with two domains configured", () => {
  it('desktop, keyboard: the menu lists both domains; the other gives a new address there that receives mail', async () => {
    const context = await site.newContext({ ...DESKTOP, reducedMotion: 'reduce', bypassCSP: true });
    const { page, address } = await site.openLive(context);
    const first = domainOf(address);
    expect(DOMAINS).toContain(first);
    const oldToken = await pageToken(page);
    const m = menu(page);
    await noToasts(page);

    await m.trigger.focus();
    await page.keyboard.press('ArrowDown');
    await m.list.waitFor();
    expect(await m.trigger.getAttribute('aria-expanded')).toBe('true');
    expect(await m.items.allTextContents()).toEqual(DOMAINS.map((d) => `@${d}`));
    expect(await m.item(first).getAttribute('aria-checked')).toBe('true');
    expect(await m.item(otherThan(first)).getAttribute('aria-checked')).toBe('false');
    // ArrowDown opens on the first item; the focus is where the keyboard user is.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe(`@${DOMAINS[0]}`);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}domain-menu-desktop.png` });

    // To the other domain and Enter.
    if (first === DOMAINS[0]) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const next = await nextAddress(page, address);
    expect(domainOf(next)).toBe(otherThan(first));
    await m.list.waitFor({ state: 'detached' });
    // Focus is back on the trigger, ready for another change.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain(
      'Cambia dominio',
    );
    // The old mailbox went as with 'Nuovo indirizzo': deleted on the server.
    const oldStatus = await fetch(`${site.server.httpUrl}/api/v1/mailbox`, {
      headers: { Authorization: `Bearer ${oldToken}` },
    });
    expect(oldStatus.status).toBe(401);

    await waitLive(page);
    await site.deliver(page, {
      from: 'negozio@example.org',
      to: next,
      subject: 'Benvenuto sul secondo dominio',
      text: 'Ciao!',
    });
    await expect
      .poll(() => home(page).rows.first().textContent())
      .toContain('Benvenuto sul secondo dominio');
    const token = await pageToken(page);
    expect((await serverMessages(site.server.httpUrl, token)).messages).toHaveLength(1);

    // Reopened, the checked domain is the new one.
    await m.trigger.click();
    expect(await m.item(otherThan(first)).getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Escape');
    await m.list.waitFor({ state: 'detached' });
  });

  it('phone: the menu opens by touch, fits the screen, and a tap changes the domain', async () => {
    const context = await site.newContext({ ...PHONE, reducedMotion: 'reduce' });
    const { page, address } = await site.openLive(context);
    const m = menu(page);
    await m.trigger.tap();
    await m.list.waitFor();
    const box = (await m.list.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await noToasts(page);
    await page.screenshot({ path: `${ARTIFACTS}domain-menu-phone.png` });

    const target = otherThan(domainOf(address));
    await m.item(target).tap();
    const next = await nextAddress(page, address);
    expect(domainOf(next)).toBe(target);
    await waitLive(page);
    await site.deliver(page, {
      from: 'a@example.org',
      to: next,
      subject: 'Dal telefono',
      text: '.',
    });
    expect(await home(page).rows.first().textContent()).toContain('Dal telefono');
  });
});
