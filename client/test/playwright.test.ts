/**
 * The Playwright fixture, driven as Playwright Test drives a fixture (the function called with
 * its dependencies, `use` and the test's info), around a real sign-up in Debian's Chromium
 * through playwright-core: a small site sends a code by real SMTP to the fixture's mailbox.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../e2e/support/browser';
import { openMailbox, MailboxGoneError, type Mailbox } from '../src/index';
import { ATTACHMENTS, mailboxFixture, type FixtureTestInfo } from '../src/playwright';
import { newCode, sendMail, useService } from './support';

const service = useService();
let browser: Browser;
let site: Server;
let siteUrl: string;

/** A sign-up page that mails a code, and checks the code typed back. */
function startSignUpSite(smtpPort: () => number): Promise<Server> {
  const codes = new Map<string, string>();
  const page = (body: string) =>
    `<!doctype html><html lang="it"><meta charset="utf-8"><title>Iscrizione</title>${body}</html>`;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', async () => {
      const form = new URLSearchParams(body);
      res.setHeader('content-type', 'text/html; charset=utf-8');
      if (req.url === '/signup' && req.method === 'POST') {
        const email = form.get('email') ?? '';
        const code = newCode();
        codes.set(email, code);
        await sendMail(smtpPort(), {
          from: 'Negozio <account@negozio.example>',
          to: email,
          subject: 'Il tuo codice di conferma',
          text: `Benvenuto! Il tuo codice di conferma è ${code}.`,
        });
        res.end(
          page(
            `<form method="post" action="/verify"><input type="hidden" name="email" value="${email}">` +
              '<label>Codice <input name="code"></label><button>Conferma</button></form>',
          ),
        );
      } else if (req.url === '/verify' && req.method === 'POST') {
        const ok = codes.get(form.get('email') ?? '') === form.get('code');
        res.end(page(`<h1>${ok ? 'Iscrizione completata' : 'Codice errato'}</h1>`));
      } else {
        res.end(
          page(
            '<form method="post" action="/signup"><label>Email <input name="email" type="email"></label>' +
              '<button>Registrati</button></form>',
          ),
        );
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  [browser, site] = await Promise.all([
    launchChromium(),
    startSignUpSite(() => service.server.smtpPort),
  ]);
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => site?.close(resolve));
});

/** What Playwright Test hands a fixture as `testInfo`, recording what the fixture does to it. */
function testInfo(timeout: number) {
  const attachments: { name: string; body: string | Uint8Array; contentType: string }[] = [];
  const info: FixtureTestInfo & { attachments: typeof attachments } = {
    status: undefined,
    expectedStatus: 'passed',
    timeout,
    setTimeout(ms) {
      info.timeout = ms;
    },
    async attach(name, { body, contentType }) {
      attachments.push({ name, body, contentType });
    },
    attachments,
  };
  return info;
}

/** The sign-up, as a test does it with the fixture's mailbox. */
async function signUp(page: Page, mailbox: Mailbox): Promise<string> {
  await page.goto(siteUrl);
  await page.getByLabel('Email').fill(mailbox.address);
  await page.getByRole('button', { name: 'Registrati' }).click();
  const code = await mailbox.waitForCode({ timeout: 15_000 });
  await page.getByLabel('Codice').fill(code);
  await page.getByRole('button', { name: 'Conferma' }).click();
  return (await page.locator('h1').textContent()) ?? '';
}

describe('the mailbox fixture', () => {
  it('gives the test its own mailbox, makes room for its waits, deletes it after, attaches nothing on success', async () => {
    const fixture = mailboxFixture({ baseUrl: service.server.httpUrl });
    const info = testInfo(30_000);
    const context = await browser.newContext();
    let used: Mailbox | undefined;
    await fixture(
      {},
      async (mailbox) => {
        used = mailbox;
        expect(await signUp(await context.newPage(), mailbox)).toBe('Iscrizione completata');
        info.status = 'passed';
      },
      info,
    );
    await context.close();
    // The wait's 15 s were added to the test's 30 s.
    expect(info.timeout).toBe(45_000);
    expect(info.attachments).toEqual([]);
    await expect(
      openMailbox({ baseUrl: service.server.httpUrl, token: used!.token }),
    ).rejects.toBeInstanceOf(MailboxGoneError);
  });

  it('on a failure attaches the last message as .eml, the messages and the refusals, then deletes the mailbox', async () => {
    const fixture = mailboxFixture({ baseUrl: service.server.httpUrl });
    const info = testInfo(0);
    const context = await browser.newContext();
    let used: Mailbox | undefined;
    let raw: Uint8Array | undefined;
    await fixture(
      {},
      async (mailbox) => {
        used = mailbox;
        await signUp(await context.newPage(), mailbox);
        const [last] = await mailbox.messages();
        raw = await mailbox.raw(last!.id);
        // An assertion of the test failed: Playwright marks it so before the fixture ends.
        info.status = 'failed';
      },
      info,
    );
    await context.close();
    // No timeout to lengthen: 0 means none.
    expect(info.timeout).toBe(0);
    expect(info.attachments.map((a) => [a.name, a.contentType])).toEqual([
      [ATTACHMENTS.messages, 'application/json'],
      [ATTACHMENTS.lastMessage, 'message/rfc822'],
      [ATTACHMENTS.refusals, 'application/json'],
    ]);
    const [messages, eml, refusals] = info.attachments;
    expect(JSON.parse(messages!.body as string)).toEqual([
      expect.objectContaining({ subject: 'Il tuo codice di conferma' }),
    ]);
    expect(Buffer.isBuffer(eml!.body)).toBe(true);
    expect(Buffer.from(eml!.body).equals(Buffer.from(raw!))).toBe(true);
    expect(JSON.parse(refusals!.body as string)).toEqual([]);
    await expect(
      openMailbox({ baseUrl: service.server.httpUrl, token: used!.token }),
    ).rejects.toBeInstanceOf(MailboxGoneError);
  });
});
