import { get, type ClientRequest, type IncomingMessage } from 'node:http';

/** How a stream is asked for beyond its token: from which local address, with which headers. */
export interface StreamRequestOptions {
  /** The client's own address (another of 127.0.0.0/8 is another client on loopback). */
  localAddress?: string;
  headers?: Record<string, string>;
}

/**
 * Opens `GET url` with the token in the Authorization header, as the page does; resolves once
 * the answer's head arrived. Uses node:http on its own socket (no agent) rather than fetch, so
 * that destroying the request hangs up at once, as a browser closing a tab does.
 */
export async function requestEventStream(
  url: string,
  token?: string,
  options: StreamRequestOptions = {},
): Promise<{ req: ClientRequest; res: IncomingMessage }> {
  const req = get(url, {
    agent: false,
    localAddress: options.localAddress,
    headers: { ...options.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    req.once('response', resolve);
    req.once('error', reject);
  });
  return { req, res };
}

export interface EventStreamHandlers {
  /**
   * One event: its `data:` lines joined by newlines, as EventSource gives `event.data`, and its
   * `id:` when it has one.
   */
  onData(data: string, id?: string): void;
  /** A block of comments only (the server's heartbeat). */
  onComment?(): void;
  /** Every piece of the body as it arrives, for an answer that is no stream (a JSON error). */
  onText?(text: string): void;
}

/**
 * Reads a `text/event-stream` body block by block (blocks end with a blank line, HTML Living
 * Standard "Server-sent events", parsing an event stream); resolves when the body ends or the
 * request is destroyed.
 */
export async function readEventStream(
  res: IncomingMessage,
  handlers: EventStreamHandlers,
): Promise<void> {
  res.setEncoding('utf8');
  let buffer = '';
  try {
    for await (const text of res as AsyncIterable<string>) {
      handlers.onText?.(text);
      buffer += text;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const lines = buffer.slice(0, end).split('\n');
        buffer = buffer.slice(end + 2);
        const data = lines.filter((l) => l.startsWith('data: ')).map((l) => l.slice(6));
        const id = lines.find((l) => l.startsWith('id: '))?.slice(4);
        if (data.length) handlers.onData(data.join('\n'), id);
        else if (lines.some((l) => l.startsWith(':'))) handlers.onComment?.();
      }
    }
  } catch {
    // The request was destroyed: the reader's own hang-up.
  }
}
