/**
 * Tracking protection, made visible: the reader says how many remote images a message tried to
 * load ('4 immagini remote bloccate'), loads none of them until 'Mostra immagini', and that
 * choice holds for that message only. A stand-in tracker on loopback counts every request.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { home, openHome, openMessage, waitLive } from './support/home-page';
import { sendMail } from './support/smtp';
import { ARTIFACTS, MANY_VISITORS, useSite } from './support/site';

const site = useSite({ env: MANY_VISITORS });
let tracker: Tracker;

beforeAll(async () => {
  tracker = await startTracker();
});

afterAll(async () => {
  await tracker?.close();
});

/** A newsletter with three remote images and a tracking pixel, one image used twice. */
function newsletter(campaign: string) {
  const base = `${tracker.url}/${campaign}`;
  return {
    from: 'Offerte Viaggi <news@viaggi.example>',
    subject: `Le mete della settimana (${campaign})`,
    text: 'Le nostre offerte della settimana: Roma, Napoli e Palermo.',
    html:
      `<h1 id="titolo">Le mete della settimana</h1>` +
      `<p><img src="${base}/roma.jpg" alt="Roma" width="180" height="120">` +
      `<img src="${base}/napoli.jpg" alt="Napoli" width="180" height="120">` +
      `<img src="${base}/palermo.jpg" alt="Palermo" width="180" height="120"></p>` +
      `<p><img src="${base}/roma.jpg" alt="Roma, di nuovo" width="90" height="60"></p>` +
      `<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="" width="1" height="1">` +
      `<img src="${base}/open.gif?u=8f3a" width="1" height="1" alt="">`,
  };
}

async function openPhoneOrDesktop(width: number) {
  const phone = width < 600;
  const context = await site.newContext({
    viewport: { width, height: phone ? 844 : 900 },
    deviceScaleFactor: phone ? 2 : 1,
    isMobile: phone,
    hasTouch: phone,
  });
  const opened = await openHome(context, site.server.httpUrl);
  await waitLive(opened.page);
  return opened;
}

describe('blocked remote images', () => {
  it('counts them, loads none until asked, then loads them for that message only', async () => {
    const { page, address } = await openPhoneOrDesktop(1280);
    const ui = home(page);
    await sendMail(site.server.smtpPort, { ...newsletter('a'), to: address });
    await sendMail(site.server.smtpPort, {
      from: 'Negozio <ordini@negozio.example>',
      to: address,
      subject: 'Un solo logo',
      text: 'Grazie per il tuo ordine.',
      html: `<p><img src="${tracker.url}/b/logo.png" alt="Negozio"></p><p>Grazie per il tuo ordine.</p>`,
    });
    await sendMail(site.server.smtpPort, {
      from: 'Amico <amico@esempio.example>',
      to: address,
      subject: 'Niente immagini',
      text: 'Ciao!',
      html: '<p>Ciao! <img src="cid:sorriso" alt=":)"></p>',
    });
    await expect.poll(() => ui.rows.count()).toBe(3);

    // The newsletter: four distinct remote images (the data: one is local), none loaded.
    let dialog = await openMessage(page, 'Le mete della settimana (a)');
    const notice = dialog.locator('[data-slot="remote-content-notice"]');
    await notice.waitFor();
    expect(await notice.locator('[data-slot="remote-content-count"]').textContent()).toBe(
      '4 immagini remote bloccate',
    );
    expect(await notice.textContent()).toContain('Possono dire al mittente');
    await dialog.getByRole('tab', { name: 'HTML' }).click();
    await page.frameLocator('iframe[data-slot="message-html"]').locator('#titolo').waitFor();
    await page.waitForTimeout(500);
    expect(tracker.hits('/a/')).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}tracking-dialog-1280.png` });

    // 'Mostra immagini': now they load, each of them.
    await dialog.getByRole('button', { name: 'Mostra immagini' }).click();
    await expect
      .poll(() => unique(tracker.hits('/a/')), { timeout: 5_000 })
      .toEqual(['/a/napoli.jpg', '/a/open.gif?u=8f3a', '/a/palermo.jpg', '/a/roma.jpg']);
    expect(await notice.textContent()).toContain('Immagini remote visibili per questo messaggio.');
    expect(await dialog.getByRole('button', { name: 'Mostra immagini' }).count()).toBe(0);
    await page.screenshot({ path: `${ARTIFACTS}tracking-dialog-1280-shown.png` });
    await page.keyboard.press('Escape');
    await ui.dialog.waitFor({ state: 'detached' });

    // Another message starts blocked again: singular, nothing loaded.
    dialog = await openMessage(page, 'Un solo logo');
    expect(
      await dialog.locator('[data-slot="remote-content-count"]').textContent({ timeout: 5_000 }),
    ).toBe('1 immagine remota bloccata');
    await dialog.getByRole('tab', { name: 'HTML' }).click();
    await page.waitForTimeout(500);
    expect(tracker.hits('/b/')).toEqual([]);
    await page.keyboard.press('Escape');
    await ui.dialog.waitFor({ state: 'detached' });

    // A message with nothing remote: no notice, no button.
    dialog = await openMessage(page, 'Niente immagini');
    await dialog.getByRole('tab', { name: 'HTML' }).waitFor();
    expect(await dialog.locator('[data-slot="remote-content-notice"]').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Mostra immagini' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await ui.dialog.waitFor({ state: 'detached' });

    // And the newsletter, opened again, is blocked again.
    const before = tracker.hits('/a/').length;
    dialog = await openMessage(page, 'Le mete della settimana (a)');
    await dialog.getByRole('button', { name: 'Mostra immagini' }).waitFor();
    await dialog.getByRole('tab', { name: 'HTML' }).click();
    await page.waitForTimeout(500);
    expect(tracker.hits('/a/')).toHaveLength(before);
  });

  it('reads on a phone: the count and the button fit the screen', async () => {
    const { page, address } = await openPhoneOrDesktop(390);
    await site.deliver(page, { ...newsletter('c'), to: address });
    const dialog = await openMessage(page, 'Le mete della settimana (c)');
    const button = dialog.getByRole('button', { name: 'Mostra immagini' });
    await button.waitFor();
    const box = await button.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${ARTIFACTS}tracking-dialog-390.png` });
    expect(tracker.hits('/c/')).toEqual([]);
    // With the keyboard: the button is reachable and works.
    await button.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => unique(tracker.hits('/c/')).length, { timeout: 5_000 }).toBe(4);
    await page.screenshot({ path: `${ARTIFACTS}tracking-dialog-390-shown.png` });
  });
});

const unique = (paths: string[]) => [...new Set(paths)].sort();

interface Tracker {
  url: string;
  /** Every request so far whose path starts with `prefix`, repeats included. */
  hits(prefix: string): string[];
  close(): Promise<void>;
}

/** A stand-in for the senders' image servers: answers a small GIF, remembers every path. */
async function startTracker(): Promise<Tracker> {
  const seen: string[] = [];
  const http: Server = createServer((request, response) => {
    seen.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'image/gif', 'cache-control': 'no-store' });
    // A colour per picture, so a screenshot shows which ones loaded.
    const colour = request.url?.includes('napoli')
      ? [0x1d, 0x66, 0xd8]
      : request.url?.includes('palermo')
        ? [0x16, 0xa3, 0x4a]
        : request.url?.includes('open.gif')
          ? [0xff, 0xff, 0xff]
          : [0xd9, 0x48, 0x2b];
    response.end(onePixelGif(colour));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits: (prefix) => seen.filter((path) => path.startsWith(prefix)),
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

/** A 1×1 GIF of one colour (a two-entry palette, pixel 0). */
function onePixelGif([r, g, b]: number[]): Buffer {
  return Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    Buffer.from([1, 0, 1, 0, 0x80, 0, 0, r!, g!, b!, 0xff, 0xff, 0xff]),
    Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b]),
  ]);
}
