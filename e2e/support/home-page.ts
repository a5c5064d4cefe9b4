import type { MessageList } from '@et/common';
import type { BrowserContext, Locator, Page } from 'playwright-core';

/** Locators of the home page, by the `data-slot` names the components carry. */
export function home(page: Page) {
  return {
    address: page.locator('[data-slot="email-address"]'),
    addressMissing: page.locator('[data-slot="email-address-missing"]'),
    countdown: page.locator('[data-slot="countdown"]'),
    live: page.locator('[data-slot="live-status"]'),
    rows: page.locator('[data-slot="message-row"]'),
    empty: page.locator('[data-slot="inbox-empty"]'),
    count: page.locator('[data-slot="inbox-count"]'),
    dialog: page.locator('[data-slot="message-dialog"]'),
    toast: (text: string | RegExp): Locator =>
      page.locator('[data-sonner-toast]').filter({ hasText: text }),
    button: (name: string | RegExp): Locator => page.getByRole('button', { name, exact: true }),
  };
}

/** Opens the home page in a fresh tab and waits for its address; returns the address. */
export async function openHome(context: BrowserContext, url: string) {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  await page.goto(url);
  let address: string;
  try {
    address = (await home(page).address.textContent({ timeout: 10_000 }))?.trim() ?? '';
  } catch (error) {
    // Say what the page showed instead, so a failure here can be understood from the log.
    const shown = await page
      .locator('main')
      .innerText()
      .catch(() => '(no <main>)');
    throw new Error(`no address appeared\n${problems.join('\n')}\n${shown.slice(0, 500)}`, {
      cause: error,
    });
  }
  if (!/^[a-z0-9]{10,}@[a-z0-9.-]+$/.test(address)) throw new Error(`odd address: ${address}`);
  return { page, address };
}

/** Opens the message whose row shows `subject` and waits for its body; returns the dialog. */
export async function openMessage(page: Page, subject: string): Promise<Locator> {
  const ui = home(page);
  await ui.rows.filter({ hasText: subject }).locator('button').first().click();
  await ui.dialog.waitFor();
  await ui.dialog.locator('[data-slot="message-text"]').waitFor();
  return ui.dialog;
}

/** Waits until the push stream is connected, so new mail arrives without any poll. */
export async function waitLive(page: Page): Promise<void> {
  await page.locator('[data-slot="live-status"][data-live="true"]').waitFor({ timeout: 10_000 });
}

/**
 * The token the page keeps in sessionStorage (for checking the server's side of things). The
 * page's code is a string: the bench's browser phase imports this file, and the server project,
 * which type-checks bench/, has no DOM types.
 */
export async function pageToken(page: Page): Promise<string> {
  const token = await page.evaluate<string | null>("sessionStorage.getItem('authToken')");
  if (!token) throw new Error('no token in sessionStorage');
  return token;
}

/** Asks the real API what the server holds for the page's mailbox. */
export async function serverMessages(httpUrl: string, token: string): Promise<MessageList> {
  const response = await fetch(`${httpUrl}/api/v1/messages`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`GET /messages answered ${response.status}`);
  return (await response.json()) as MessageList;
}
