import { LONG_POLL_MAX_SECONDS, SSE_HEARTBEAT_MS } from '@et/common';
import { ApiError, MailboxGoneError, RateLimitedError } from './errors';
import { readServerSentEvents } from './event-stream';
import { failure, send, type Connection } from './http';
import type { MailboxEvent, MessageFeed, MessageSummary } from './wire';

/**
 * A stream silent this long (no event and no heartbeat, which the server sends at least every
 * SSE_HEARTBEAT_MS) is taken for dead, as a proxy may keep a cut connection open, and reopened.
 */
const STREAM_SILENCE_MS = 2 * SSE_HEARTBEAT_MS + 5_000;
/** The pause before trying again after a failure, doubled at each one in a row up to the max. */
const RETRY_FIRST_MS = 100;
const RETRY_MAX_MS = 2_000;

/** Where and how long to look. */
export interface ScanTarget {
  conn: Connection;
  token: string;
  address: string;
  /** The cursor after which messages are looked at. */
  after: string;
  /** Milliseconds the scan may last, whatever happens on the way. */
  timeout: number;
  signal?: AbortSignal;
  /** What the scan is for, in words (`waiting for a message with a code`), for errors. */
  doing: string;
}

/** Called with each message after the cursor, oldest first; resolves true to stop at it. */
export type Visit = (message: MessageSummary) => boolean | Promise<boolean>;

/** The event stream cannot serve this scan (refused, not a stream, no ids): long-polls will. */
class StreamUnusable extends Error {}

/** An error of the visitor's own: passed on as it is, never taken for a network failure. */
class VisitFailed extends Error {}

/**
 * Looks at every message of a mailbox that arrives after a cursor, in order, until `visit`
 * stops at one (resolves its cursor) or the timeout passes (resolves null). The client owns the
 * timeout: a cut connection, a restarting server or a proxy's 502 is met by opening again from
 * the last message looked at, after a short pause, until the time is up.
 *
 * It listens on the event stream, opened with `Last-Event-ID` so that the server first replays
 * what came after the cursor; a stream that drops is reopened the same way, so nothing is missed
 * and nothing is seen twice. When the stream cannot be had, it long-polls `GET /messages?since=`
 * instead. A 429 pauses for its `Retry-After`, or ends the scan with {@link RateLimitedError}
 * when that is beyond the timeout. Rejects with {@link MailboxGoneError} when the mailbox ends,
 * {@link ApiError} on an answer that trying again cannot mend, or the signal's reason.
 */
export async function scan(target: ScanTarget, visit: Visit): Promise<string | null> {
  const { conn, token, address, doing } = target;
  const deadline = performance.now() + target.timeout;
  const remaining = () => deadline - performance.now();
  const scanning = new AbortController();
  const stop = () => scanning.abort();
  const timer = setTimeout(stop, target.timeout);
  target.signal?.addEventListener('abort', stop, { once: true });
  if (target.signal?.aborted) stop();
  const context = { doing, address };
  let position = target.after;
  let streaming = true;
  let failures = 0;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(wake);
        scanning.signal.removeEventListener('abort', done);
        resolve();
      };
      const wake = setTimeout(done, ms);
      scanning.signal.addEventListener('abort', done, { once: true });
    });

  const look = async (message: MessageSummary) => {
    try {
      return await visit(message);
    } catch (err) {
      throw new VisitFailed('visit failed', { cause: err });
    }
  };

  async function viaStream(): Promise<string | null> {
    const connection = new AbortController();
    const hangUp = () => connection.abort();
    scanning.signal.addEventListener('abort', hangUp, { once: true });
    let silence: ReturnType<typeof setTimeout> | undefined;
    const heard = () => {
      clearTimeout(silence);
      silence = setTimeout(hangUp, STREAM_SILENCE_MS);
    };
    try {
      heard();
      const res = await send(conn, '/events', {
        token,
        headers: { accept: 'text/event-stream', 'last-event-id': position },
        signal: connection.signal,
      });
      if (res.status === 401) throw await failure(res, context);
      const type = res.headers.get('content-type') ?? '';
      if (!res.ok || !type.startsWith('text/event-stream') || !res.body) {
        await res.body?.cancel();
        throw new StreamUnusable(`event stream answered ${res.status} ${type}`);
      }
      failures = 0;
      for await (const sse of readServerSentEvents(res.body, heard)) {
        let event: MailboxEvent;
        try {
          event = JSON.parse(sse.data) as MailboxEvent;
        } catch {
          throw new StreamUnusable('event stream sent data that is not JSON');
        }
        if (event.type === 'message.received') {
          if (sse.id === undefined) throw new StreamUnusable('event stream sends no ids');
          position = sse.id;
          if (await look(event.message)) return position;
        } else if (event.type === 'mailbox.expired') {
          throw new MailboxGoneError(address, `Mailbox ${address} ended while ${doing}`);
        }
      }
      return null;
    } finally {
      clearTimeout(silence);
      scanning.signal.removeEventListener('abort', hangUp);
      connection.abort();
    }
  }

  async function viaLongPoll(): Promise<string | null> {
    // The server's longest wait, or the time left; the scan's own timer ends it in time.
    const seconds = Math.min(LONG_POLL_MAX_SECONDS, Math.max(1, Math.ceil(remaining() / 1000)));
    const res = await send(
      conn,
      `/messages?since=${encodeURIComponent(position)}&wait=${seconds}`,
      {
        token,
        signal: scanning.signal,
      },
    );
    if (!res.ok) throw await failure(res, context);
    const feed = (await res.json()) as MessageFeed;
    failures = 0;
    for (const { cursor, ...message } of feed.messages) {
      position = cursor;
      if (await look(message)) return position;
    }
    position = feed.cursor;
    return null;
  }

  try {
    while (!scanning.signal.aborted) {
      try {
        const found = streaming ? await viaStream() : await viaLongPoll();
        if (found !== null) return found;
        // The server ended the stream (a restart, a node leaving): open it again shortly.
        if (streaming) await pause(RETRY_FIRST_MS);
      } catch (err) {
        if (err instanceof VisitFailed) throw err.cause;
        if (scanning.signal.aborted) break;
        if (err instanceof StreamUnusable) {
          streaming = false;
        } else if (err instanceof RateLimitedError) {
          if (err.retryAfter * 1000 >= remaining()) throw err;
          await pause(err.retryAfter * 1000);
        } else if (
          err instanceof MailboxGoneError ||
          (err instanceof ApiError && err.status < 500)
        ) {
          throw err;
        } else {
          // The network, a server restarting, a proxy's 502 or 504: again, after a pause.
          await pause(Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** failures++));
        }
      }
    }
    if (target.signal?.aborted) throw target.signal.reason;
    return null;
  } finally {
    clearTimeout(timer);
    target.signal?.removeEventListener('abort', stop);
    scanning.abort();
  }
}
