import type { MailboxEvent } from '@et/common';
import type { ServerResponse } from 'node:http';

/** A client more than this far behind is dropped rather than buffered for (it refetches). */
const MAX_BUFFERED_BYTES = 256 * 1024;

/** Tells the browser how soon to reconnect after a drop (the `retry:` field of SSE). */
const RETRY_MS = 2000;

/** One open `text/event-stream` response. */
export interface EventStream {
  send(event: MailboxEvent): void;
  close(): void;
}

/**
 * Starts a server-sent event stream on a raw response: headers, a retry hint, a heartbeat
 * comment every `heartbeatMs` (proxies close idle connections; browsers notice dead ones), and
 * back-pressure: a client that cannot keep up is disconnected instead of buffered for.
 */
export function startEventStream(
  res: ServerResponse,
  heartbeatMs: number,
  onClose: () => void,
): EventStream {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // nginx and similar proxies buffer responses unless told not to.
    'x-accel-buffering': 'no',
  });
  res.write(`retry: ${RETRY_MS}\n: connected\n\n`);

  let closed = false;
  const write = (chunk: string) => {
    if (closed) return;
    res.write(chunk);
    if (res.writableLength > MAX_BUFFERED_BYTES) stream.close();
  };
  const heartbeat = setInterval(() => write(': ping\n\n'), heartbeatMs);
  heartbeat.unref();

  const stream: EventStream = {
    send(event) {
      write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    },
    close() {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      res.end();
      onClose();
    },
  };
  res.on('close', () => stream.close());
  // The client may already be gone (it hung up while we authenticated).
  if (res.destroyed) queueMicrotask(() => stream.close());
  return stream;
}
