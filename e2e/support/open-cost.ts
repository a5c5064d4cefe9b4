/**
 * What opening a message costs the tab, as the visitor feels it: the time the page's main
 * thread spent running tasks (Chromium's own tally, `TaskDuration` of the DevTools protocol's
 * `Performance.getMetrics`) from the click on the row until the body is drawn. Waiting for the
 * network costs the main thread nothing and is not counted. Shared by
 * e2e/hostile-browser.test.ts and the browser lines of `npm run bench -- hostile`.
 */
import type { CDPSession, Page } from 'playwright-core';
import { home } from './home-page';

/** Which view of the message is drawn: its text, or its HTML in the sandboxed frame. */
export type MessageView = 'text' | 'html';

/** Reads the main thread's running total, in milliseconds. */
export type MainThreadMeter = () => Promise<number>;

/** A meter of the main thread of `page`'s renderer. */
export async function mainThreadMeter(page: Page): Promise<MainThreadMeter> {
  const session: CDPSession = await page.context().newCDPSession(page);
  await session.send('Performance.enable');
  return async () => {
    const { metrics } = await session.send('Performance.getMetrics');
    const seconds = metrics.find((metric) => metric.name === 'TaskDuration')?.value;
    if (seconds === undefined) throw new Error('Chromium reported no TaskDuration');
    return seconds * 1000;
  };
}

/**
 * Resolves after the page drew two more frames: what the click changed is on screen. (The page's
 * code is a string: the server project type-checks bench/, which imports this file, without the
 * DOM's types.)
 */
async function drawn(page: Page): Promise<void> {
  await page.evaluate(
    'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
  );
}

/**
 * Opens the message whose row shows `subject`, in `view`, and closes it again; returns the
 * main-thread milliseconds the opening took.
 */
export async function openMessageCost(
  page: Page,
  meter: MainThreadMeter,
  subject: string,
  view: MessageView,
): Promise<number> {
  const ui = home(page);
  const before = await meter();
  await ui.rows.filter({ hasText: subject }).locator('button').first().click();
  await ui.dialog.waitFor();
  if (view === 'html') {
    await ui.dialog.locator('iframe[data-slot="message-html"], [role="tab"]').first().waitFor();
    const tab = ui.dialog.getByRole('tab', { name: 'HTML' });
    if ((await tab.count()) > 0) await tab.click();
    await page
      .frameLocator('iframe[data-slot="message-html"]')
      .locator('body')
      .waitFor({ state: 'attached' });
  } else {
    await ui.dialog.locator('[data-slot="message-text"]').waitFor();
  }
  await drawn(page);
  const spent = (await meter()) - before;
  await page.keyboard.press('Escape');
  await ui.dialog.waitFor({ state: 'detached' });
  return spent;
}

/** The median of `values`. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * The median over `rounds` of what opening `subject` costs over what opening `ordinary` does,
 * the two in turns so that a busy machine weighs on both alike, after one unmeasured opening of
 * each; with the medians of both.
 */
export async function openCostRatio(
  page: Page,
  meter: MainThreadMeter,
  subject: string,
  ordinary: string,
  view: MessageView,
  rounds: number,
): Promise<{ ratio: number; ms: number; ordinaryMs: number }> {
  await openMessageCost(page, meter, subject, view);
  await openMessageCost(page, meter, ordinary, view);
  const ours: number[] = [];
  const base: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    ours.push(await openMessageCost(page, meter, subject, view));
    base.push(await openMessageCost(page, meter, ordinary, view));
    ratios.push(ours.at(-1)! / base.at(-1)!);
  }
  return { ratio: median(ratios), ms: median(ours), ordinaryMs: median(base) };
}
