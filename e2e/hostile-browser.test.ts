/**
 * Hostile mail in the visitor's tab: opening the worst bodies the web app's own loops over mail
 * content can meet (the remote-resource search and the HTML view's document over CSS, linkify
 * over text; web/src/test/hostile-mail.ts) costs the tab's main thread at most 3x what opening
 * an ordinary message of the same size costs, measured in Chromium in the same run, in turns.
 * Real server process, real SMTP, Debian's Chromium.
 */
import { describe, expect, it } from 'vitest';
import {
  HOSTILE_MAIL_HTML,
  HOSTILE_MAIL_TEXTS,
  ordinaryMailHtml,
  ordinaryMailText,
  type SizedBody,
} from '../web/src/test/hostile-mail';
import { home } from './support/home-page';
import { mainThreadMeter, openCostRatio, type MessageView } from './support/open-cost';
import { sendMail } from './support/smtp';
import { MANY_VISITORS, useSite } from './support/site';

const site = useSite({ env: MANY_VISITORS });

const KB = 1024;
const byName = (bodies: SizedBody[], name: string): SizedBody => {
  const found = bodies.find((body) => body.name === name);
  if (!found) throw new Error(`no hostile body named ${name}`);
  return found;
};

/** The probes that froze the tab, and the dearest bodies the unit tests find, at their sizes. */
const CASES: { body: SizedBody; chars: number; view: MessageView }[] = [
  // A <style> of url(' x 20,000: the remote-resource search took 3.3 s.
  { body: byName(HOSTILE_MAIL_HTML, "<style>: url(' runs"), chars: 100 * KB, view: 'html' },
  {
    body: byName(HOSTILE_MAIL_HTML, '<style>: escaped url( and a quote'),
    chars: 100 * KB,
    view: 'html',
  },
  {
    body: byName(HOSTILE_MAIL_HTML, "style attributes: url(' runs"),
    chars: 100 * KB,
    view: 'html',
  },
  // 'http://a' and ) x 40,000: linkify took 8.8 s.
  {
    body: byName(HOSTILE_MAIL_TEXTS, 'a link, then closing parentheses'),
    chars: 40_008,
    view: 'text',
  },
  {
    body: byName(HOSTILE_MAIL_TEXTS, 'a link, then parentheses and dots'),
    chars: 40_008,
    view: 'text',
  },
];

describe('opening hostile mail', () => {
  it('costs the tab at most 3x an ordinary message of the same size', async () => {
    const context = await site.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, address } = await site.openLive(context);
    const mails = CASES.flatMap(({ body, chars, view }, i) => {
      const ordinary = view === 'html' ? ordinaryMailHtml(chars) : ordinaryMailText(chars);
      const hostile = body.make(chars);
      const content = (text: string) => (view === 'html' ? { html: text } : { text });
      return [
        { subject: `Ostile ${i}`, ...content(hostile) },
        { subject: `Normale ${i}`, ...content(ordinary) },
      ];
    });
    for (const mail of mails) {
      await sendMail(site.server.smtpPort, { from: 'probe@esempio.example', to: address, ...mail });
    }
    await expect.poll(() => home(page).rows.count(), { timeout: 30_000 }).toBe(mails.length);

    const meter = await mainThreadMeter(page);
    const costs: string[] = [];
    const over: string[] = [];
    for (const [i, { body, view }] of CASES.entries()) {
      const cost = await openCostRatio(page, meter, `Ostile ${i}`, `Normale ${i}`, view, 3);
      const line = `${body.name}: ${cost.ms.toFixed(0)} ms against ${cost.ordinaryMs.toFixed(0)} ms (${cost.ratio.toFixed(2)}x)`;
      costs.push(line);
      if (cost.ratio > 3) over.push(line);
    }
    console.info(`main thread, opening:\n${costs.join('\n')}`);
    expect(over).toEqual([]);
  }, 300_000);
});
