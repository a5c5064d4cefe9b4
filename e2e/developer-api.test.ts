/**
 * The `/api` page and its examples, for real: every curl command and JavaScript program shown on
 * the page (`web/src/content/developer-api.ts`) runs here, as written, against the real server
 * process (only the public origin is swapped for the test server's), with mail sent over real
 * SMTP in between. Then the page itself in Chromium: what it shows, on desktop and phone widths.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_VARS } from '../server/src/config';
import type { CodeBlock } from '../web/src/content/blocks';
import { API_ORIGIN, apiExamples, apiLimits } from '../web/src/content/developer-api';
import { sendMail } from './support/smtp';
import { ARTIFACTS, useSite } from './support/site';

const CURL = '/usr/bin/curl';

const site = useSite();
let workDir: string;
const running = new Set<ChildProcess>();

/** The npm package of `client/`, built, as `npm install email-temporanea` puts it. */
const CLIENT = fileURLToPath(new URL('../client/', import.meta.url));

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'et-api-examples-'));
  const built = spawnSync(process.execPath, [join(CLIENT, 'scripts/build.mjs')], {
    stdio: 'inherit',
  });
  expect(built.status).toBe(0);
  mkdirSync(join(workDir, 'node_modules'));
  symlinkSync(CLIENT, join(workDir, 'node_modules/email-temporanea'));
});

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  rmSync(workDir, { recursive: true, force: true });
});

/** The example's code with the test server in place of the public origin. */
function local(example: CodeBlock): string {
  expect(example.code).toContain(API_ORIGIN);
  return example.code.replaceAll(API_ORIGIN, site.server.httpUrl);
}

/** A program of the page, running: its output so far, and its end. */
interface Run {
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
  /** Resolves once stdout matches; fails with the output so far after `timeoutMs`. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
}

function start(command: string, args: string[], env: Record<string, string> = {}): Run {
  const child = spawn(command, args, {
    cwd: workDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return {
    stdout: () => out,
    stderr: () => err,
    exited,
    async waitFor(pattern, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const match = out.match(pattern);
        if (match) return match;
        if (Date.now() > until) {
          throw new Error(`no ${pattern} in the output\nstdout: ${out}\nstderr: ${err}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

/** Runs a shell example to its end (sh, as a reader's terminal would); returns its output. */
async function shell(example: CodeBlock, env: Record<string, string> = {}): Promise<string> {
  expect(example.language).toBe('sh');
  const run = start('sh', ['-c', local(example)], env);
  const code = await run.exited;
  expect(code, `${example.caption}\n${run.stderr()}`).toBe(0);
  return run.stdout();
}

/** Starts a JavaScript example with Node, saved under the file name its caption gives. */
function node(example: CodeBlock, env: Record<string, string> = {}): Run {
  expect(example.language).toBe('js');
  const file = join(workDir, example.caption.split(':')[0]!);
  expect(file).toMatch(/\.mjs$/);
  writeFileSync(file, local(example));
  return start(process.execPath, [file], env);
}

/** The `data` of each server-sent event printed so far, by event name, in order. */
function events(output: string): { event: string; data: Record<string, unknown> }[] {
  return output
    .split('\n\n')
    .map((block) => {
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      return event && data ? { event, data: JSON.parse(data) as Record<string, unknown> } : null;
    })
    .filter((e) => e !== null);
}

describe('the examples of /api, run against the real server', () => {
  it('states the limits the server applies by default', () => {
    expect(CONFIG_VARS.createRateLimitMax.fallback).toBe(apiLimits.createMax);
    expect(CONFIG_VARS.createRateLimitWindowSeconds.fallback).toBe(
      apiLimits.createWindowMinutes * 60,
    );
    expect(CONFIG_VARS.mailboxTtlSeconds.fallback).toBe(apiLimits.ttlMinutes * 60);
    expect(CONFIG_VARS.maxMessageBytes.fallback).toBe(apiLimits.messageMegabytes * 1024 * 1024);
    expect(CONFIG_VARS.mailboxMaxMessages.fallback).toBe(apiLimits.mailboxMessages);
    expect(CONFIG_VARS.mailboxMaxBytes.fallback).toBe(apiLimits.mailboxMegabytes * 1024 * 1024);
    expect(CONFIG_VARS.maxStreamsPerMailbox.fallback).toBe(apiLimits.streamsPerMailbox);
    expect(CONFIG_VARS.maxStreamsPerIp.fallback).toBe(apiLimits.streamsPerIp);
    expect(CONFIG_VARS.mailboxMaxLifetimeSeconds.fallback).toBe(apiLimits.maxLifetimeMinutes * 60);
  });

  it('curl: list the domains, create on the one chosen; another domain is a 400', async () => {
    expect(JSON.parse(await shell(apiExamples.domains))).toEqual({ domains: ['localhost'] });
    const created = JSON.parse(
      await shell(apiExamples.createOnDomain, { DOMAIN: 'localhost' }),
    ) as Record<string, string>;
    expect(created.email).toMatch(/^[a-z0-9]{10,}@localhost$/);
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const refused = JSON.parse(
      await shell(apiExamples.createOnDomain, { DOMAIN: 'altro.example' }),
    ) as { error: { code: string } };
    expect(refused.error.code).toBe('UNKNOWN_DOMAIN');
  });

  it('curl: create, follow events, list, read, download, extend, delete', async () => {
    expect(existsSync(CURL)).toBe(true);

    // Create: the answer has exactly the fields the page shows.
    const created = JSON.parse(await shell(apiExamples.create)) as Record<string, string>;
    const shown = JSON.parse(apiExamples.createAnswer.code) as Record<string, string>;
    expect(Object.keys(created).sort()).toEqual(Object.keys(shown).sort());
    expect(created.email).toMatch(/^[a-z0-9]{10,}@localhost$/);
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(shown.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const expiresAt = Date.parse(created.expiresAt!);
    expect(expiresAt - Date.now()).toBeGreaterThan(590_000);
    const TOKEN = created.token!;

    // Follow the events, then send a mail with an attachment over SMTP.
    const stream = start('sh', ['-c', local(apiExamples.events)], { TOKEN });
    await stream.waitFor(/: connected/);
    const attachment = randomBytes(2048);
    await sendMail(site.server.smtpPort, {
      from: 'Servizio Prova <noreply@servizio.example>',
      to: created.email,
      subject: 'Il tuo codice di verifica',
      text: 'Il codice è 482913. Scade tra 10 minuti.',
      attachments: [{ filename: 'ricevuta.bin', content: attachment }],
    });
    await stream.waitFor(/event: message\.received/);
    const received = events(stream.stdout()).find((e) => e.event === 'message.received')!;
    const message = received.data.message as { id: string; subject: string };
    expect(received.data.type).toBe('message.received');
    expect(message.subject).toBe('Il tuo codice di verifica');
    // The sample output on the page has the same shape.
    expect(apiExamples.eventsOutput.code).toMatch(
      /^event: message\.received\ndata: \{"type":"message\.received","message":\{"id":/,
    );
    const ID = message.id;

    // Polling: the same message in the list.
    const list = JSON.parse(await shell(apiExamples.list, { TOKEN })) as {
      messages: { id: string; from: { address: string }; preview: string }[];
    };
    expect(list.messages.map((m) => m.id)).toEqual([ID]);
    expect(list.messages[0]!.from.address).toBe('noreply@servizio.example');
    expect(list.messages[0]!.preview).toContain('482913');

    // Read it, download the attachment under its own name and the .eml.
    const detail = JSON.parse(await shell(apiExamples.read, { TOKEN, ID })) as {
      text: string;
      attachments: { id: string; filename: string; size: number }[];
    };
    expect(detail.text).toContain('Il codice è 482913.');
    expect(detail.attachments).toEqual([
      expect.objectContaining({ id: '1', filename: 'ricevuta.bin', size: 2048 }),
    ]);
    await shell(apiExamples.attachment, { TOKEN, ID });
    expect(readFileSync(join(workDir, 'ricevuta.bin')).equals(attachment)).toBe(true);
    await shell(apiExamples.raw, { TOKEN, ID });
    expect(readFileSync(join(workDir, 'messaggio.eml'), 'latin1')).toMatch(
      /^Subject: Il tuo codice di verifica\r?$/m,
    );

    // Extend: a new expiry, announced on the stream too.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const extended = JSON.parse(await shell(apiExamples.extend, { TOKEN })) as {
      email: string;
      expiresAt: string;
    };
    expect(extended.email).toBe(created.email);
    expect(Date.parse(extended.expiresAt)).toBeGreaterThan(expiresAt);
    await stream.waitFor(/event: mailbox\.extended/);

    // Delete the message, then the mailbox: 204 each; the stream says so and ends by itself.
    expect(await shell(apiExamples.deleteMessage, { TOKEN, ID })).toBe('204\n');
    await stream.waitFor(/event: message\.deleted/);
    expect(JSON.parse(await shell(apiExamples.list, { TOKEN }))).toEqual({ messages: [] });
    expect(await shell(apiExamples.deleteMailbox, { TOKEN })).toBe('204\n');
    expect(await stream.exited).toBe(0);
    expect(events(stream.stdout()).map((e) => e.event)).toEqual([
      'message.received',
      'mailbox.extended',
      'message.deleted',
      'mailbox.expired',
    ]);
    const gone = JSON.parse(await shell(apiExamples.list, { TOKEN })) as {
      error: { code: string };
    };
    expect(gone.error.code).toBe('UNAUTHORIZED');
  });

  it('eventi.mjs prints each new mail and ends with the mailbox', async () => {
    const created = (await (
      await fetch(`${site.server.httpUrl}/api/v1/mailboxes`, { method: 'POST' })
    ).json()) as { email: string; token: string };
    const run = node(apiExamples.eventsScript, { TOKEN: created.token });
    // Events are not replayed: mail sent before the script is listening is not announced.
    // Send until one is (the script connects within a moment).
    let printed: RegExpMatchArray | null = null;
    for (let attempt = 1; attempt <= 10 && !printed; attempt++) {
      await sendMail(site.server.smtpPort, {
        from: 'avvisi@negozio.example',
        to: created.email,
        subject: `Ordine spedito n. ${attempt}`,
        text: 'Il pacco è partito.',
      });
      printed = await run.waitFor(/Nuova email da (\S+): (.+)\n/, 1_000).catch(() => null);
    }
    expect(printed?.[1]).toBe('avvisi@negozio.example');
    expect(printed?.[2]).toMatch(/^Ordine spedito n\. \d+$/);

    const deleted = await fetch(`${site.server.httpUrl}/api/v1/mailbox`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${created.token}` },
    });
    expect(deleted.status).toBe(204);
    expect(await run.exited).toBe(0);
    expect(run.stderr()).toBe('');
  });

  it('attendi-codice.mjs creates an address, waits for the mail and prints its code', async () => {
    const run = node(apiExamples.codeScript);
    const [, address] = await run.waitFor(/^Indirizzo: (\S+@\S+)$/m);
    await sendMail(site.server.smtpPort, {
      from: 'Account <account@servizio.example>',
      to: address!,
      subject: 'Conferma la tua registrazione',
      text: 'Ciao!\n\nIl tuo codice di verifica è 739204.\n\nSe non hai chiesto tu la registrazione, ignora questa email.',
    });
    expect(await run.exited, run.stderr()).toBe(0);
    expect(run.stdout()).toBe(`Indirizzo: ${address}\nCodice: 739204\n`);
  }, 30_000);

  it('curl: a long-poll answers at the mail that comes, with cursors; Last-Event-ID replays it', async () => {
    const { email, token: TOKEN } = JSON.parse(await shell(apiExamples.create)) as {
      email: string;
      token: string;
    };
    // Nothing there yet: the long-poll waits for the mail, then answers with it.
    const poll = start('sh', ['-c', local(apiExamples.longPoll)], { TOKEN, CURSORE: '0' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    await sendMail(site.server.smtpPort, {
      from: 'Servizio <noreply@servizio.example>',
      to: email,
      subject: 'Il tuo codice è 482913',
      text: 'Ciao! Il tuo codice di verifica è 482913.',
    });
    expect(await poll.exited, poll.stderr()).toBe(0);
    const answer = JSON.parse(poll.stdout()) as {
      messages: Record<string, unknown>[];
      cursor: string;
    };
    expect(answer.messages.map((m) => [m.subject, m.code])).toEqual([
      ['Il tuo codice è 482913', '482913'],
    ]);
    expect(answer.messages[0]!.cursor).toBe(answer.cursor);
    // The sample answer on the page has the same fields.
    const sample = JSON.parse(apiExamples.longPollAnswer.code) as typeof answer;
    expect(Object.keys(answer)).toEqual(Object.keys(sample));
    expect(Object.keys(answer.messages[0]!)).toEqual(Object.keys(sample.messages[0]!));

    // The stream from the start replays it, its cursor as the event's id.
    const stream = start('sh', ['-c', local(apiExamples.eventsResume)], { TOKEN, CURSORE: '0' });
    await stream.waitFor(/event: message\.received/);
    expect(stream.stdout()).toMatch(
      new RegExp(`^id: ${answer.cursor}\\nevent: message\\.received$`, 'm'),
    );
  });

  it('codice-con-il-pacchetto.mjs: the two lines of the npm package print the address and the code', async () => {
    const run = node(apiExamples.clientScript);
    const [, address] = await run.waitFor(/^Indirizzo: (\S+@\S+)$/m);
    await sendMail(site.server.smtpPort, {
      from: 'Account <account@servizio.example>',
      to: address!,
      subject: 'Conferma la tua registrazione',
      text: 'Ciao!\n\nIl tuo codice di verifica è 530718.',
    });
    expect(await run.exited, run.stderr()).toBe(0);
    expect(run.stdout()).toBe(`Indirizzo: ${address}\nCodice: 530718\n`);
    expect(apiExamples.clientInstall.code).toBe('npm install --save-dev email-temporanea');
  }, 30_000);

  it('attendi-codice.mjs takes the code the server found, when the summary carries one', async () => {
    // A number before the code would fool the script's own fallback (the first 4-8 digits);
    // the server's extraction (summary field `code`) knows which number is the code.
    const mail = {
      from: 'Banca <sicurezza@banca.example>',
      subject: 'Accesso dal nuovo dispositivo',
      text: 'Pratica 20250115 aperta.\nPer confermare l’accesso inserisci il codice OTP: 615 204\nGrazie.',
    };
    // What the server makes of this mail, seen through the API.
    const probe = (await (
      await fetch(`${site.server.httpUrl}/api/v1/mailboxes`, { method: 'POST' })
    ).json()) as { email: string; token: string };
    await sendMail(site.server.smtpPort, { ...mail, to: probe.email });
    const { messages } = (await (
      await fetch(`${site.server.httpUrl}/api/v1/messages`, {
        headers: { Authorization: `Bearer ${probe.token}` },
      })
    ).json()) as { messages: Record<string, unknown>[] };
    const summary = messages[0]!;

    const run = node(apiExamples.codeScript);
    const [, address] = await run.waitFor(/^Indirizzo: (\S+@\S+)$/m);
    await sendMail(site.server.smtpPort, { ...mail, to: address! });
    expect(await run.exited, run.stderr()).toBe(0);
    const printed = /^Codice: (.+)$/m.exec(run.stdout())?.[1];
    if ('code' in summary) {
      // The server extracts codes: the script prints the one it found.
      expect(summary.code).toBe('615204');
      expect(printed).toBe('615204');
    } else {
      expect(printed).toBe('20250115');
    }
  }, 30_000);
});

describe('/api in Chromium', () => {
  const url = (path: string) => `${site.server.httpUrl}${path}`;

  for (const width of [1280, 390]) {
    it(`reads well at ${width} px: every example shown as written, scrolling inside its block`, async () => {
      const phone = width < 600;
      const context = await site.newContext({
        viewport: { width, height: phone ? 844 : 900 },
        deviceScaleFactor: phone ? 2 : 1,
        isMobile: phone,
        hasTouch: phone,
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text());
      });
      const response = await page.goto(url('/api'));
      expect(response?.status()).toBe(200);
      await page.getByRole('heading', { level: 1, name: 'API per sviluppatori' }).waitFor();
      expect(await page.title()).toBe('API per sviluppatori | Email Temporanea');

      const blocks = page.locator('[data-slot="code-block"]');
      const shown = await blocks.locator('pre code').allTextContents();
      for (const example of Object.values(apiExamples)) expect(shown).toContain(example.code);

      // The page never scrolls sideways; a long line scrolls inside its block.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      const overflowing = await blocks
        .locator('pre')
        .evaluateAll((pres) =>
          pres.filter((pre) => pre.scrollWidth > pre.clientWidth).map((pre) => pre.scrollWidth),
        );
      if (phone) expect(overflowing.length).toBeGreaterThan(0);
      for (const box of await blocks.evaluateAll((figures) =>
        figures.map((f) => f.getBoundingClientRect().right),
      )) {
        expect(box).toBeLessThanOrEqual(width);
      }

      await page.screenshot({ path: `${ARTIFACTS}api-${width}.png` });
      await page.locator('#attendi-posta').scrollIntoViewIfNeeded();
      await page.locator('#attendi-posta').evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: `${ARTIFACTS}api-${width}-events.png` });
      await page
        .locator('#codice-verifica')
        .evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: `${ARTIFACTS}api-${width}-script.png` });
      // And in the dark.
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect
        .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
        .toBe(true);
      await page.locator('#crea-indirizzo').evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: `${ARTIFACTS}api-${width}-dark.png` });
      expect(errors).toEqual([]);
    });
  }

  it('is linked from the footer; copies an example; links the OpenAPI document', async () => {
    const context = await site.newContext({
      viewport: { width: 1280, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await context.newPage();
    await page.goto(url('/faq'));
    await page.locator('footer').getByRole('link', { name: 'API', exact: true }).click();
    await page.waitForURL(url('/api'));
    await page.getByRole('heading', { level: 1, name: 'API per sviluppatori' }).waitFor();

    const copy = page.getByRole('button', {
      name: `Copia il codice: ${apiExamples.create.caption}`,
    });
    await copy.click();
    await expect.poll(() => copy.textContent()).toBe('Copiato');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(apiExamples.create.code);

    const href = await page
      .getByRole('link', { name: '/api/v1/openapi.json' })
      .getAttribute('href');
    const spec = await fetch(new URL(href!, site.server.httpUrl));
    expect(spec.status).toBe(200);
    expect(((await spec.json()) as { openapi: string }).openapi).toMatch(/^3\./);
  });
});
