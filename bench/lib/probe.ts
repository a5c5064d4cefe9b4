import { connect, type Socket } from 'node:net';
import { readEventStream, requestEventStream } from '../../server/test/helpers/event-stream';

/**
 * An open event stream (`text/event-stream`), read as the page reads it; `waitFor(id)`
 * resolves the time (performance.now) at which the event naming that message id arrived.
 */
export async function openStream(url: string, token?: string) {
  const { req, res } = await requestEventStream(url, token);
  if (res.statusCode !== 200) throw new Error(`event stream answered ${res.statusCode}`);
  const arrived = new Map<string, number>();
  const waiting = new Map<string, (at: number) => void>();
  void readEventStream(res, {
    onData: (data) => {
      const at = performance.now();
      const id = (JSON.parse(data) as { message?: { id?: string } }).message?.id;
      if (!id) return;
      const w = waiting.get(id);
      if (w) {
        waiting.delete(id);
        w(at);
      } else arrived.set(id, at);
    },
  });
  return {
    waitFor(id: string, timeoutMs = 5000): Promise<number | null> {
      const at = arrived.get(id);
      if (at !== undefined) {
        arrived.delete(id);
        return Promise.resolve(at);
      }
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          resolve(null);
        }, timeoutMs);
        waiting.set(id, (t) => {
          clearTimeout(timer);
          resolve(t);
        });
      });
    },
    close() {
      req.destroy();
    },
  };
}

/**
 * A line-reply client: resolves each reply line that starts with a 3-digit code and a space.
 * `localAddress` (e.g. 127.0.0.2) makes it another sender than the rest of the bench's clients.
 */
export async function openLines(port: number, localAddress?: string) {
  const socket: Socket = connect({ port, host: '127.0.0.1', localAddress });
  socket.setNoDelay(true);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let buffer = '';
  const queue: { line: string; at: number }[] = [];
  const waiters: ((r: { line: string; at: number }) => void)[] = [];
  socket.on('data', (chunk: Buffer) => {
    const at = performance.now();
    buffer += chunk.toString('latin1');
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl).replace(/\r$/, '');
      buffer = buffer.slice(nl + 1);
      if (!/^\d{3} /.test(line)) continue; // continuation lines of a multi-line reply
      const w = waiters.shift();
      if (w) w({ line, at });
      else queue.push({ line, at });
    }
  });
  socket.on('error', () => {});
  const next = () =>
    new Promise<{ line: string; at: number }>((resolve) => {
      const q = queue.shift();
      if (q) resolve(q);
      else waiters.push(resolve);
    });
  return {
    next,
    async send(text: string) {
      socket.write(text);
      return next();
    },
    close() {
      socket.destroy();
    },
  };
}

/** The raw message as SMTP DATA: CRLF line ends, dot-stuffed, ending in the dot line. */
export function asData(raw: Buffer): string {
  const text = raw.toString('latin1').replace(/\r?\n/g, '\r\n').replace(/^\./gm, '..');
  return `${text.endsWith('\r\n') ? text : `${text}\r\n`}.\r\n`;
}

/**
 * Sends one message over a connection of its own and resolves the reply to its DATA (`250 …
 * queued as ID` when it was stored); throws on any other reply before it.
 */
export async function sendOne(
  port: number,
  { from, to, data }: { from: string; to: string; data: string },
): Promise<string> {
  const smtp = await openLines(port);
  try {
    for (const [say, expect] of [
      [null, '220'],
      ['EHLO bench.test\r\n', '250'],
      [`MAIL FROM:<${from}>\r\n`, '250'],
      [`RCPT TO:<${to}>\r\n`, '250'],
      ['DATA\r\n', '354'],
    ] as const) {
      const reply = say === null ? await smtp.next() : await smtp.send(say);
      if (!reply.line.startsWith(expect)) throw new Error(`${say ?? 'connect'}: ${reply.line}`);
    }
    return (await smtp.send(data)).line;
  } finally {
    smtp.close();
  }
}
