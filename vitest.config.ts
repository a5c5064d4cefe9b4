import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          root: 'server',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        // Unit and component tests of the web app, in jsdom, with the app's own Vite config
        // (the `@/` alias, React). Only the clock is ever faked.
        extends: './web/vite.config.ts',
        test: {
          name: 'web',
          root: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          css: false,
        },
      },
      {
        // The client package (client/): against the real server process, on SQLite and on two
        // nodes sharing a real Redis, mail sent over SMTP; the CLI and the package as built; the
        // Playwright fixture in Debian's Chromium. Up to 20 tests of a file run at once (each
        // with its own mailbox, as parallel test suites do).
        test: {
          name: 'client',
          root: 'client',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          maxConcurrency: 20,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Browser end-to-end: the real server process, real SMTP, Debian's Chromium. One file at
        // a time: each starts its own server and browser.
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
