import type { MailboxEvent } from '@et/common';
import { get, type IncomingMessage } from 'node:http';

/**
 * Reads `GET /api/v1/events` as the page does, the token in a header and the body parsed as
 * server-sent events; `next()` resolves the next event (comments are counted apart). Uses
 * node:http rather than fetch so that `close()` hangs up the socket at once, as a browser does.
 */
export async function openEvents(baseUrl: string, token: string) {
  const req = get(`${baseUrl}/api/v1/events`, { headers: { authorization: `Bearer ${token}` } });
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    req.once('response', resolve);
    req.once('error', reject);
  });
  const events: MailboxEvent[] = [];
  const waiters: (() => void)[] = [];
  let comments = 0;
  let raw = '';
  let ended = false;

  const pump = async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res as AsyncIterable<Buffer>) {
        raw += chunk.toString('utf8');
        buffer += decoder.decode(chunk, { stream: true });
        let sep: number;
        while ((sep = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, sep);
          buffer = buffer.slice(sep + 2);
          const data = block
            .split('\n')
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('\n');
          if (data) events.push(JSON.parse(data) as MailboxEvent);
          else if (block.split('\n').some((l) => l.startsWith(':'))) comments++;
          waiters.splice(0).forEach((w) => w());
        }
      }
    } catch {
      // aborted
    }
    ended = true;
    waiters.splice(0).forEach((w) => w());
  };
  const done = pump();

  let read = 0;
  return {
    status: res.statusCode,
    headers: res.headers,
    /** The body as JSON, for error answers (which end at once). */
    async json(): Promise<unknown> {
      await done;
      return JSON.parse(raw);
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
