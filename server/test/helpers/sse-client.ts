import type { MailboxEvent } from '@et/common';
import { readEventStream, requestEventStream, type StreamRequestOptions } from './event-stream';

/**
 * Reads `GET /api/v1/events` as the page does, the token in a header and the body parsed as
 * server-sent events; `next()` resolves the next event (comments are counted apart). With
 * `lastEventId`, sends it as `Last-Event-ID`, as a reconnecting EventSource does.
 */
export async function openEvents(
  baseUrl: string,
  token: string,
  { lastEventId, ...options }: StreamRequestOptions & { lastEventId?: string } = {},
) {
  const { req, res } = await requestEventStream(`${baseUrl}/api/v1/events`, token, {
    ...options,
    headers: {
      ...options.headers,
      ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }),
    },
  });
  const events: MailboxEvent[] = [];
  /** The `id:` of each event, in the order of `events` (undefined for an event without). */
  const ids: (string | undefined)[] = [];
  const waiters: (() => void)[] = [];
  const wake = () => waiters.splice(0).forEach((w) => w());
  let comments = 0;
  let raw = '';
  let ended = false;

  const done = readEventStream(res, {
    onText: (text) => (raw += text),
    onData: (data, id) => {
      events.push(JSON.parse(data) as MailboxEvent);
      ids.push(id);
      wake();
    },
    onComment: () => {
      comments++;
      wake();
    },
  }).then(() => {
    ended = true;
    wake();
  });

  let read = 0;
  return {
    status: res.statusCode,
    headers: res.headers,
    /** The body as JSON, for error answers (which end at once). */
    async json(): Promise<unknown> {
      await done;
      return JSON.parse(raw);
    },
    /** The `id:` of every event received so far, undefined where an event had none. */
    get ids() {
      return ids;
    },
    get comments() {
      return comments;
    },
    get ended() {
      return ended;
    },
    /** The next event not yet returned; rejects after `timeoutMs`. */
    async next(timeoutMs = 2000): Promise<MailboxEvent> {
      const deadline = Date.now() + timeoutMs;
      while (read >= events.length) {
        if (ended) throw new Error('stream ended');
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no event in time');
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(t);
            resolve();
          });
        });
      }
      return events[read++]!;
    },
    /** Resolves when the server ended the stream. */
    async waitEnd(timeoutMs = 2000) {
      await Promise.race([
        done,
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error('stream still open')), timeoutMs),
        ),
      ]);
    },
    close() {
      req.destroy();
    },
  };
}
