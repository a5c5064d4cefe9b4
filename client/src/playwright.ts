/**
 * The `mailbox` fixture for Playwright Test: each test gets its own mailbox, deleted after it;
 * when the test fails, the last message (`.eml`), the list of messages and the mailbox's
 * refusals are attached to its report.
 *
 * ```ts
 * import { test as base } from '@playwright/test';
 * import { mailboxFixture, type Mailbox } from 'email-temporanea/playwright';
 *
 * export const test = base.extend<{ mailbox: Mailbox }>({ mailbox: mailboxFixture() });
 * ```
 *
 * Nothing here imports Playwright: the fixture is the plain function Playwright Test calls.
 */
import { createMailbox, type CreateMailboxOptions, type Mailbox } from './mailbox';

export type { Mailbox } from './mailbox';

/**
 * What the fixture uses of Playwright's `TestInfo` (the fixture's third argument), so that this
 * package needs no Playwright types.
 */
export interface FixtureTestInfo {
  /** The test's outcome once it has run; `expectedStatus` unless it failed. */
  status?: string;
  expectedStatus: string;
  /** The test's timeout in milliseconds; 0 for none. */
  timeout: number;
  setTimeout(timeout: number): void;
  attach(name: string, options: { body: string | Uint8Array; contentType: string }): Promise<void>;
}

/** What the fixture attaches to the report of a failed test, by name. */
export const ATTACHMENTS = {
  lastMessage: 'last-message.eml',
  messages: 'messages.json',
  refusals: 'refusals.json',
} as const;

/**
 * The fixture function. `options` are those of `createMailbox` (`baseUrl` defaults to
 * `EMAIL_TEMPORANEA_URL`). Each wait of the fixture's mailbox first lengthens the test's timeout
 * by its own, so Playwright never ends a test while the mailbox is still within its wait.
 */
export function mailboxFixture(options: CreateMailboxOptions = {}) {
  // Playwright reads the fixture's dependencies from its first parameter, which must be an
  // object pattern, even an empty one.
  // eslint-disable-next-line no-empty-pattern
  return async ({}, use: (mailbox: Mailbox) => Promise<void>, testInfo: FixtureTestInfo) => {
    const mailbox = await createMailbox({
      ...options,
      beforeWait(timeout) {
        if (testInfo.timeout > 0) testInfo.setTimeout(testInfo.timeout + timeout);
        options.beforeWait?.(timeout);
      },
    });
    try {
      await use(mailbox);
      if (testInfo.status !== testInfo.expectedStatus) await attachEvidence(mailbox, testInfo);
    } finally {
      await mailbox.delete();
    }
  };
}

/** The last message, the list and the refusals, attached to the report; nothing when gone. */
async function attachEvidence(mailbox: Mailbox, testInfo: FixtureTestInfo): Promise<void> {
  const json = (value: unknown) => ({
    body: JSON.stringify(value, null, 2),
    contentType: 'application/json',
  });
  try {
    const messages = await mailbox.messages();
    await testInfo.attach(ATTACHMENTS.messages, json(messages));
    const [last] = messages;
    if (last) {
      // A Buffer, which Playwright's reporters encode as bytes (a plain Uint8Array they may not).
      const body = Buffer.from(await mailbox.raw(last.id));
      await testInfo.attach(ATTACHMENTS.lastMessage, { body, contentType: 'message/rfc822' });
    }
    await testInfo.attach(ATTACHMENTS.refusals, json(await mailbox.refusals()));
  } catch {
    // The mailbox ended with the test (or the server is away): there is nothing left to attach.
  }
}
