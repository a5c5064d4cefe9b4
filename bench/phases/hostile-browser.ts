/**
 * The browser lines of the hostile phase: what opening the dearest mail costs the visitor's tab
 * against an ordinary message of the same size, in Chromium, on the real server. The cost is the
 * main thread's time from the click on the row until the body is drawn (e2e/support/open-cost.ts),
 * the two messages opened in turns; one line per family of web/src/test/hostile-mail.ts: HTML
 * bodies (the remote-resource search and the HTML view's document) and text bodies (linkify).
 */
import type { Page } from 'playwright-core';
import { launchChromium } from '../../e2e/support/browser';
import { openHome, waitLive } from '../../e2e/support/home-page';
import {
  mainThreadMeter,
  openCostRatio,
  type MainThreadMeter,
  type MessageView,
} from '../../e2e/support/open-cost';
import { sendMail } from '../../e2e/support/smtp';
import {
  HOSTILE_MAIL_HTML,
  HOSTILE_MAIL_TEXTS,
  ordinaryMailHtml,
  ordinaryMailText,
  type SizedBody,
} from '../../web/src/test/hostile-mail';
import { report } from '../lib/report';
import { startServer } from '../lib/server';
import { buildWeb } from './web';

const KB = 1024;

interface Family {
  id: 'html' | 'text';
  label: string;
  bodies: SizedBody[];
  ordinary: (chars: number) => string;
  view: MessageView;
  chars: number;
}

const FAMILIES: Family[] = [
  {
    id: 'html',
    label: 'HTML mail (remote-resource search, HTML view)',
    bodies: HOSTILE_MAIL_HTML,
    ordinary: ordinaryMailHtml,
    view: 'html',
    chars: 100 * KB,
  },
  {
    id: 'text',
    label: 'text mail (linkify)',
    bodies: HOSTILE_MAIL_TEXTS,
    ordinary: ordinaryMailText,
    view: 'text',
    chars: 100 * KB,
  },
];

/** Each body of `family` and one ordinary message, sent to `address`; their subjects. */
async function deliver(smtpPort: number, address: string, family: Family) {
  const content = (body: string) => (family.view === 'html' ? { html: body } : { text: body });
  const ordinary = `${family.id} ordinario`;
  await sendMail(smtpPort, {
    from: 'bench@esempio.example',
    to: address,
    subject: ordinary,
    ...content(family.ordinary(family.chars)),
  });
  const subjects = family.bodies.map((_, i) => `${family.id} ostile ${i}`);
  for (const [i, body] of family.bodies.entries()) {
    await sendMail(smtpPort, {
      from: 'bench@esempio.example',
      to: address,
      subject: subjects[i],
      ...content(body.make(family.chars)),
    });
  }
  return { ordinary, subjects };
}

/** Every body screened once, the three dearest measured again in turns; the dearest of those. */
async function dearest(
  page: Page,
  meter: MainThreadMeter,
  family: Family,
  sent: { ordinary: string; subjects: string[] },
  rounds: number,
) {
  const screened: { i: number; ratio: number }[] = [];
  for (const [i, subject] of sent.subjects.entries()) {
    const { ratio } = await openCostRatio(page, meter, subject, sent.ordinary, family.view, 1);
    screened.push({ i, ratio });
  }
  screened.sort((a, b) => b.ratio - a.ratio);
  let worst = { name: '', ratio: 0, ms: 0, ordinaryMs: 0 };
  for (const { i } of screened.slice(0, 3)) {
    const cost = await openCostRatio(
      page,
      meter,
      sent.subjects[i]!,
      sent.ordinary,
      family.view,
      rounds,
    );
    if (cost.ratio > worst.ratio) worst = { name: family.bodies[i]!.name, ...cost };
  }
  return worst;
}

export async function runHostileBrowser({ quick }: { quick: boolean }): Promise<void> {
  // Built afresh: the lines are about the page as the sources are now, never a stale build.
  buildWeb();
  const server = await startServer();
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, address } = await openHome(context, server.httpUrl);
    await waitLive(page);
    const meter = await mainThreadMeter(page);
    const rounds = quick ? 3 : 7;
    let sent = 0;
    for (const family of FAMILIES) {
      const delivered = await deliver(server.smtpPort, address, family);
      sent += delivered.subjects.length + 1;
      await page
        .locator('[data-slot="message-row"]')
        .nth(sent - 1)
        .waitFor({ timeout: 60_000 });
      const worst = await dearest(page, meter, family, delivered, rounds);
      report({
        id: `hostile.browser.${family.id}`,
        label: `browser: open the dearest ${family.label}`,
        unit: 'ms',
        ours: worst.ms,
        baseline: { name: 'ordinary, same size', value: worst.ordinaryMs },
        goal: { on: 'ratio', op: '<=', limit: 3 },
        note: `${worst.name} at ${family.chars / KB} KB; ${family.bodies.length} bodies; Chromium main-thread task time, median of ${rounds} in turns`,
      });
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}
