import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/** The `chromium` on PATH, as `npm test`'s preparation step finds it. */
function chromiumOnPath(): string | null {
  try {
    return execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/**
 * Debian's Chromium, which `npm test` installs when it is missing (scripts/prepare-tests.mjs);
 * playwright-core downloads no browser. `CHROMIUM_PATH` points at another one.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? chromiumOnPath() ?? '/usr/bin/chromium';

/** Flags for a quiet, reproducible headless run that talks to nobody but the page's server. */
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: run npm test, which installs it`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS });
}

/**
 * Chromium with a profile on disk (`userDataDir`, made by the caller): what a context of
 * `launchChromium` cannot be, since Chromium treats those as incognito windows, where no site
 * can be installed as an app.
 */
export async function launchPersistentChromium(userDataDir: string): Promise<BrowserContext> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: run npm test, which installs it`);
  }
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    args: ARGS,
  });
}
