import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type Mail from 'nodemailer/lib/mailer';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import {
  startServerProcess,
  type ServerProcess,
  type StartOptions,
} from '../../server/test/helpers/server-process';
import { launchChromium } from './browser';
import { home, openHome, waitLive } from './home-page';
import { sendMail } from './smtp';

/** Where browser tests write their screenshots (kept by CI, ignored by git). */
export const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));

/**
 * Settings for a file whose every test is a new visitor with a new mailbox, all from one
 * address: the per-IP creation limit lifted.
 */
export const MANY_VISITORS = { RATE_LIMIT_CREATE_MAX: '1000' };

/** The two domains of {@link TWO_DOMAINS}, in the order configured. */
export const DOMAINS = ['posta.test', 'altrove.test'] as const;

/** Settings for a service with two mail domains: the page offers 'Cambia dominio'. */
export const TWO_DOMAINS = { ...MANY_VISITORS, MAIL_DOMAINS: DOMAINS.join(',') };

type ContextOptions = Parameters<Browser['newContext']>[0];

export interface Site {
  /** The real server process (`npm start`'s bundle), on free ports. */
  readonly server: ServerProcess;
  readonly browser: Browser;
  /** A fresh browser context (a new visitor), closed after the test that opened it. */
  newContext(options?: ContextOptions): Promise<BrowserContext>;
  /** A visitor's home page in `context`: its address shown and its push stream connected. */
  openLive(context: BrowserContext): Promise<{ page: Page; address: string }>;
  /** Sends `mail` over real SMTP and waits until the page's inbox shows a row. */
  deliver(page: Page, mail: Mail.Options): Promise<void>;
}

/**
 * The fixture of a browser test file: the real server and Chromium, started side by side
 * before the file's first test and stopped after its last; read them in tests and hooks, not at
 * the file's top level, where they are not started yet.
 */
export function useSite(options: Pick<StartOptions, 'env'> = {}): Site {
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const started = <T>(part: T | undefined, name: string): T => {
    if (!part) throw new Error(`the ${name} is not started: use it inside a test or hook`);
    return part;
  };

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    [server, browser] = await Promise.all([startServerProcess(options), launchChromium()]);
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  return {
    get server() {
      return started(server, 'server');
    },
    get browser() {
      return started(browser, 'browser');
    },
    async newContext(contextOptions) {
      const context = await started(browser, 'browser').newContext(contextOptions);
      contexts.push(context);
      return context;
    },
    async openLive(context) {
      const opened = await openHome(context, started(server, 'server').httpUrl);
      await waitLive(opened.page);
      return opened;
    },
    async deliver(page, mail) {
      await sendMail(started(server, 'server').smtpPort, mail);
      await home(page).rows.first().waitFor();
    },
  };
}
