import { START_CURSOR } from '@et/common';
import { describeCriteria, matchesSummary, matchesText, type MessageCriteria } from './criteria';
import { ApiError, MailboxGoneError, MailboxTimeoutError, UnexpectedMessageError } from './errors';
import { connect, failure, send, type ClientOptions, type Connection } from './http';
import { scan } from './wait';
import type {
  CreatedMailbox,
  DeliveryRefusal,
  MailboxInfo,
  MessageDetail,
  MessageList,
  MessageSummary,
  RefusalList,
} from './wire';

/** How long a wait lasts unless told otherwise, in milliseconds. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** How a wait is bounded. */
export interface WaitOptions extends MessageCriteria {
  /**
   * Milliseconds the wait lasts in all (default 30 000), through reconnections and pauses;
   * then {@link MailboxTimeoutError}.
   */
  timeout?: number;
  /** Ends the wait early; it rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** What opening a mailbox takes besides the server. */
export interface MailboxOptions extends ClientOptions {
  /**
   * Called before each wait with its timeout in milliseconds, so that a test framework can make
   * room for it in its own timeout (the Playwright fixture does).
   */
  beforeWait?: (timeout: number) => void;
}

/** `createMailbox`'s options. */
export interface CreateMailboxOptions extends MailboxOptions {
  /** One of the service's domains (`GET /api/v1/domains`); default: one of them at random. */
  domain?: string;
  signal?: AbortSignal;
}

/** `openMailbox`'s options: a mailbox made earlier, by its token. */
export interface OpenMailboxOptions extends MailboxOptions {
  token: string;
  /** The read position to start from (a message's cursor); default the mailbox's start. */
  cursor?: string;
  signal?: AbortSignal;
}

/** What a mailbox is on the wire of the CLI and in JSON: what `createMailbox` got. */
export interface MailboxJson {
  address: string;
  token: string;
  /** ISO 8601. */
  expiresAt: string;
}

/**
 * One disposable mailbox and its token. Every wait looks only at messages that arrived after
 * the read position ({@link Mailbox.cursor}) and moves it to the message it returns, so a second
 * wait for a code never returns the first code.
 */
export class Mailbox {
  /** The address, e.g. `k3q9x0b2mzr7@emailtemporanea.it`. */
  readonly address: string;
  /** The bearer token that opens this mailbox and no other. */
  readonly token: string;
  /** When the server deletes the mailbox; moved by {@link Mailbox.extend}. */
  expiresAt: Date;
  /**
   * The read position: the cursor of the last message a wait returned (`'0'` before any). Waits
   * look at what arrived after it.
   */
  cursor: string;
  readonly #conn: Connection;
  readonly #beforeWait: ((timeout: number) => void) | undefined;

  /** Use {@link createMailbox} or {@link openMailbox}. */
  constructor(
    conn: Connection,
    mailbox: MailboxJson & { cursor?: string },
    options: Pick<MailboxOptions, 'beforeWait'> = {},
  ) {
    this.#conn = conn;
    this.address = mailbox.address;
    this.token = mailbox.token;
    this.expiresAt = new Date(mailbox.expiresAt);
    this.cursor = mailbox.cursor ?? START_CURSOR;
    this.#beforeWait = options.beforeWait;
  }

  /**
   * The first message after the read position that meets the criteria, read whole; the read
   * position moves to it. Rejects with {@link MailboxTimeoutError} (what was awaited, what came
   * instead, the mailbox's refusals), {@link MailboxGoneError} or {@link RateLimitedError}.
   */
  async waitForMessage(options: WaitOptions = {}): Promise<MessageDetail> {
    let found: MessageDetail | undefined;
    await this.#waitFor(describeCriteria('a message', options), options, async (summary) => {
      if (!matchesSummary(options, summary)) return false;
      const detail = await this.#detailIfText(summary, options);
      if (detail === null) return false;
      found = detail ?? (await this.#readIfThere(summary.id)) ?? undefined;
      return found !== undefined;
    });
    return found!;
  }

  /**
   * The one-time code (`482913`) of the first message after the read position that has one the
   * server found (`MessageSummary.code`) and meets the criteria; as {@link waitForMessage}.
   */
  async waitForCode(options: WaitOptions = {}): Promise<string> {
    let code: string | undefined;
    const awaited = describeCriteria('a message', options) + ' with a code';
    await this.#waitFor(awaited, options, async (summary) => {
      if (summary.code === null || !matchesSummary(options, summary)) return false;
      if ((await this.#detailIfText(summary, options)) === null) return false;
      code = summary.code;
      return true;
    });
    return code!;
  }

  /**
   * The confirmation link of the first message after the read position that has one
   * (`MessageSummary.confirmLink`), on `host` or one of its subdomains when given, and meets the
   * criteria; as {@link waitForMessage}.
   */
  async waitForLink(options: WaitOptions & { host?: string } = {}): Promise<string> {
    let link: string | undefined;
    const { host } = options;
    const awaited =
      describeCriteria('a message', options) +
      (host === undefined ? ' with a confirmation link' : ` with a link to ${host}`);
    await this.#waitFor(awaited, options, async (summary) => {
      const url = summary.confirmLink;
      if (url === null || !matchesSummary(options, summary)) return false;
      if (host !== undefined && !onHost(url, host)) return false;
      if ((await this.#detailIfText(summary, options)) === null) return false;
      link = url;
      return true;
    });
    return link!;
  }

  /**
   * Resolves once `within` milliseconds pass with no message after the read position that meets
   * the criteria; rejects with {@link UnexpectedMessageError} at the first that does. The read
   * position stays.
   */
  async expectNoMessage(
    options: MessageCriteria & { within: number; signal?: AbortSignal },
  ): Promise<void> {
    const awaited = describeCriteria('no message', options);
    let arrived: MessageSummary | undefined;
    const doing = `checking that ${awaited} arrives`;
    await scan(this.#target(doing, options.within, options.signal), async (summary) => {
      if (!matchesSummary(options, summary)) return false;
      if ((await this.#detailIfText(summary, options)) === null) return false;
      arrived = summary;
      return true;
    });
    if (arrived) {
      throw new UnexpectedMessageError(
        arrived,
        `Expected ${awaited} at ${this.address} within ${options.within} ms, but ` +
          `${JSON.stringify(arrived.subject)} from ${arrived.from.address} arrived at ` +
          arrived.receivedAt,
      );
    }
  }

  /** Every message's summary, newest first. */
  async messages(): Promise<MessageSummary[]> {
    const list = await this.#json<MessageList>('/messages', 'listing the messages');
    return list.messages;
  }

  /** One message: its summary, bodies and attachment list. */
  message(id: string): Promise<MessageDetail> {
    return this.#json(`/messages/${encodeURIComponent(id)}`, `reading message ${id}`);
  }

  /** The message exactly as our server received it (`.eml`), trace fields on top. */
  async raw(id: string): Promise<Uint8Array> {
    const res = await this.#get(
      `/messages/${encodeURIComponent(id)}/raw`,
      `downloading message ${id}`,
    );
    return new Uint8Array(await res.arrayBuffer());
  }

  /** The exact bytes of one attachment (`attachments[].id` of {@link message}). */
  async attachment(id: string, attachmentId: string): Promise<Uint8Array> {
    const res = await this.#get(
      `/messages/${encodeURIComponent(id)}/attachment/${encodeURIComponent(attachmentId)}`,
      `downloading attachment ${attachmentId} of message ${id}`,
    );
    return new Uint8Array(await res.arrayBuffer());
  }

  /**
   * The mailbox's recent refusals of mail addressed to it, newest first: why a message did not
   * arrive. Empty where the server keeps none.
   */
  async refusals(): Promise<DeliveryRefusal[]> {
    const doing = 'reading the refusals';
    const res = await send(this.#conn, '/mailbox/refusals', { token: this.token });
    if (res.status === 404) {
      await res.body?.cancel();
      return [];
    }
    if (!res.ok) throw await failure(res, { doing, address: this.address });
    return ((await res.json()) as RefusalList).refusals;
  }

  /**
   * Sets the expiry to the mailbox's lifetime from now (never past its whole life); resolves the
   * new expiry.
   */
  async extend(): Promise<Date> {
    const doing = 'extending the mailbox';
    const res = await send(this.#conn, '/mailbox/extend', { method: 'POST', token: this.token });
    if (!res.ok) throw await failure(res, { doing, address: this.address });
    this.expiresAt = new Date(((await res.json()) as MailboxInfo).expiresAt);
    return this.expiresAt;
  }

  /** Deletes the mailbox and its messages now; a mailbox already gone is no error. */
  async delete(): Promise<void> {
    const res = await send(this.#conn, '/mailbox', { method: 'DELETE', token: this.token });
    await res.body?.cancel();
    if (res.ok || res.status === 401) return;
    throw await failure(res, { doing: 'deleting the mailbox', address: this.address });
  }

  /** `await using box = await createMailbox()` deletes the mailbox at the end of the block. */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.delete();
  }

  /** `{address, token, expiresAt}`, what `npx email-temporanea create --json` prints. */
  toJSON(): MailboxJson {
    return { address: this.address, token: this.token, expiresAt: this.expiresAt.toISOString() };
  }

  #target(doing: string, timeout: number, signal: AbortSignal | undefined) {
    return {
      conn: this.#conn,
      token: this.token,
      address: this.address,
      after: this.cursor,
      timeout,
      signal,
      doing,
    };
  }

  /** Scans from the read position with `pick`; moves the position to where it picked. */
  async #waitFor(
    awaited: string,
    options: WaitOptions,
    pick: (summary: MessageSummary) => Promise<boolean>,
  ): Promise<void> {
    const timeout = options.timeout ?? DEFAULT_TIMEOUT_MS;
    this.#beforeWait?.(timeout);
    const started = performance.now();
    const seen: MessageSummary[] = [];
    const found = await scan(
      this.#target(`waiting for ${awaited}`, timeout, options.signal),
      async (summary) => {
        if (await pick(summary)) return true;
        seen.push(summary);
        return false;
      },
    );
    if (found !== null) {
      this.cursor = found;
      return;
    }
    const refusals = await this.refusals().catch(() => []);
    throw new MailboxTimeoutError({
      address: this.address,
      awaited,
      criteria: options,
      waited: Math.round(performance.now() - started),
      seen,
      refusals,
    });
  }

  /**
   * With a `text` criterion, the message read whole when its text matches, else null (and null
   * when it was deleted meanwhile); without one, undefined: nothing to read.
   */
  async #detailIfText(
    summary: MessageSummary,
    criteria: MessageCriteria,
  ): Promise<MessageDetail | null | undefined> {
    if (criteria.text === undefined) return undefined;
    const detail = await this.#readIfThere(summary.id);
    return detail !== null && matchesText(criteria.text, detail.text) ? detail : null;
  }

  /** The message read whole, or null when it was deleted since it arrived. */
  async #readIfThere(id: string): Promise<MessageDetail | null> {
    try {
      return await this.message(id);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return null;
      throw err;
    }
  }

  async #get(path: string, doing: string): Promise<Response> {
    const res = await send(this.#conn, path, { token: this.token });
    if (!res.ok) throw await failure(res, { doing, address: this.address });
    return res;
  }

  async #json<T>(path: string, doing: string): Promise<T> {
    return (await (await this.#get(path, doing)).json()) as T;
  }
}

/** Whether `url`'s host is `host` or one of its subdomains. */
function onHost(url: string, host: string): boolean {
  let hostname: string;
  try {
    hostname = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  const wanted = host.toLowerCase().replace(/^\.+/, '');
  return hostname === wanted || hostname.endsWith(`.${wanted}`);
}

/**
 * A new mailbox on the service (`POST /api/v1/mailboxes`), its read position at its start.
 * Rejects with {@link RateLimitedError} when this address made too many lately (`retryAfter`
 * says when to try again), {@link ApiError} otherwise.
 */
export async function createMailbox(options: CreateMailboxOptions = {}): Promise<Mailbox> {
  const conn = connect(options);
  const res = await send(conn, '/mailboxes', {
    method: 'POST',
    json: options.domain === undefined ? undefined : { domain: options.domain },
    signal: options.signal,
  });
  if (!res.ok) throw await failure(res, { doing: 'creating a mailbox' });
  const created = (await res.json()) as CreatedMailbox;
  return new Mailbox(
    conn,
    { address: created.email, token: created.token, expiresAt: created.expiresAt },
    options,
  );
}

/**
 * A mailbox made earlier, by its token (`GET /api/v1/mailbox`). Rejects with
 * {@link MailboxGoneError} when it expired, was deleted, or the token is wrong.
 */
export async function openMailbox(options: OpenMailboxOptions): Promise<Mailbox> {
  const conn = connect(options);
  const res = await send(conn, '/mailbox', { token: options.token, signal: options.signal });
  if (res.status === 401) {
    await res.body?.cancel();
    throw new MailboxGoneError(
      '',
      'The mailbox of this token is gone (expired or deleted), or the token is wrong',
    );
  }
  if (!res.ok) throw await failure(res, { doing: 'opening the mailbox' });
  const info = (await res.json()) as MailboxInfo;
  return new Mailbox(
    conn,
    {
      address: info.email,
      token: options.token,
      expiresAt: info.expiresAt,
      cursor: options.cursor,
    },
    options,
  );
}
