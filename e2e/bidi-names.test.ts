/**
 * Names a mail chose cannot reorder our words: a From name, a subject and a file name carrying
 * U+202E (RIGHT-TO-LEFT OVERRIDE, what makes `fattura\u202Efdp.exe` read "fatturaexe.pdf"), and
 * an Arabic name before an address that starts with digits, shown in real Chromium. The page
 * isolates each of them, so the words and marks of ours around them keep their order on screen:
 * measured from where Chromium draws each character, not from the text.
 */
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { home } from './support/home-page';
import { ARTIFACTS, MANY_VISITORS, useSite } from './support/site';

const site = useSite({ env: MANY_VISITORS });

const RLO = '\u202E';

/**
 * The characters `element` shows, in the order of its text, each with the left edge of the box
 * Chromium drew it in (text hidden for screen readers only is left out).
 */
async function drawnChars(element: Locator): Promise<{ char: string; x: number }[]> {
  return element.evaluate((root) => {
    const chars: { char: string; x: number }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement?.closest('.sr-only')) continue;
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getBoundingClientRect();
        if (rect.width > 0) chars.push({ char: text[i]!, x: rect.left });
      }
    }
    return chars;
  });
}

/** Where `char` was drawn, the `nth` time it occurs in `chars`. */
function xOf(chars: { char: string; x: number }[], char: string, nth = 0): number {
  const found = chars.filter((c) => c.char === char)[nth];
  if (!found) throw new Error(`${char} not drawn`);
  return found.x;
}

describe('names a mail chose', () => {
  it.each([
    {
      name: `Amministrazione ${RLO}fdp.exe`,
      address: 'fatture@fornitore.example',
      subject: `Fattura di novembre ${RLO}fdp.exe`,
      file: `fattura${RLO}fdp.exe`,
    },
    {
      name: 'مكتب الفواتير',
      address: '2025fatture@fornitore.example',
      subject: 'فاتورة 2025',
      file: 'فاتورة-2025.pdf',
    },
  ])('keep to themselves: $address', async ({ name, address, subject, file }) => {
    const context = await site.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, address: to } = await site.openLive(context);
    await site.deliver(page, {
      from: { name, address },
      to,
      subject,
      text: 'In allegato la fattura.',
      attachments: [
        { filename: file, content: Buffer.from('%PDF-1.4\n'), contentType: 'application/pdf' },
      ],
    });

    // The row: the time stays at the right end of the sender's line, the subject below.
    const row = home(page).rows.first();
    const sender = await row.locator('[data-slot="message-sender"]').boundingBox();
    const time = await row.locator('time').boundingBox();
    expect(time!.x).toBeGreaterThan(sender!.x + sender!.width - 1);

    // The dialog's From line: our brackets around the address, in order, after the name.
    await row.locator('button').first().click();
    const dialog = home(page).dialog;
    await dialog.locator('[data-slot="message-text"]').waitFor();
    const fromLine = dialog.locator('p', { hasText: address }).first();
    const drawn = await drawnChars(fromLine);
    const open = xOf(drawn, '<');
    const close = xOf(drawn, '>');
    const at = xOf(drawn, '@');
    expect(open, 'the address opens with "<"').toBeLessThan(at);
    expect(at, 'and closes with ">"').toBeLessThan(close);
    const addressChars = drawn.filter((c) => c.x > open && c.x < close).sort((a, b) => a.x - b.x);
    expect(addressChars.map((c) => c.char).join(''), 'the address reads left to right').toBe(
      address,
    );

    // The attachment: its name, then our size and 'Scarica', where they always are.
    const attachment = dialog.locator('[data-slot="attachment"]');
    await attachment.waitFor();
    const fileBox = await attachment.locator('p').first().boundingBox();
    const size = await attachment.locator('p').nth(1).boundingBox();
    const download = await attachment.getByRole('button').boundingBox();
    expect(size!.y).toBeGreaterThan(fileBox!.y);
    expect(Math.abs(size!.x - fileBox!.x)).toBeLessThan(1);
    expect(download!.x).toBeGreaterThan(fileBox!.x + fileBox!.width - 1);
    await page.screenshot({ path: `${ARTIFACTS}bidi-names-${address.split('@')[0]}.png` });
  });
});
