/**
 * axe-core run in the page, for the browser tests that check accessibility. Its script is
 * injected, so the context must be opened with `bypassCSP: true`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
/** WCAG 2.0 and 2.1, A and AA, and axe's best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

interface AxeNode {
  target: string[];
  html: string;
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

/**
 * Runs axe on the page as it is now; returns the violations as readable lines. The mail's own
 * HTML (the sandboxed iframe) is the sender's, not ours: axe does not descend into frames.
 */
export async function axe(page: Page, where: string): Promise<string[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async (tags) => {
    const result = await (
      window as unknown as {
        axe: { run: (ctx: unknown, options: unknown) => Promise<{ violations: unknown[] }> };
      }
    ).axe.run(document, { runOnly: { type: 'tag', values: tags }, iframes: false });
    return result.violations;
  }, AXE_TAGS);
  return (violations as AxeViolation[]).flatMap((v) => [
    `${where}: [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})`,
    ...v.nodes.map(
      (n) =>
        `    ${n.target.join(' ')}\n      ${n.html.slice(0, 200)}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
    ),
  ]);
}
