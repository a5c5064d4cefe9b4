/**
 * Opens `GET /api/v1/events` with the token in a header and hands every event to `onEvent`
 * until the stream ends. The server sends a heartbeat comment at least every `SSE_HEARTBEAT_MS`;
 * if nothing at all arrives for `idleTimeoutMs` the connection is presumed dead (a proxy or a
 * sleeping laptop can leave a socket open that no longer carries anything) and is dropped, so
 * the caller can reconnect.
 */
import { SSE_HEARTBEAT_MS } from '@et/common';
import { apiRequest } from './api-client';
import { createSseParser, type SseEvent } from './sse';

export interface EventStreamOptions {
  token: string;
  signal: AbortSignal;
  /** Called once the server has accepted the stream (2xx), before any event. */
  onOpen?: () => void;
  onEvent: (event: SseEvent) => void;
  /** Default: two and a half heartbeats. */
  idleTimeoutMs?: number;
}

/**
 * Resolves when the stream ends or goes idle; rejects with `ApiError` when the server refuses it
 * (401 for an expired mailbox) and with the abort reason when `signal` aborts.
 */
export async function readEventStream(options: EventStreamOptions): Promise<void> {
  const idleTimeoutMs = options.idleTimeoutMs ?? SSE_HEARTBEAT_MS * 2.5;
  const local = new AbortController();
  const abortLocal = () => local.abort(options.signal.reason);
  options.signal.addEventListener('abort', abortLocal, { once: true });
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let idled = false;
  const armIdleTimer = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      idled = true;
      local.abort();
    }, idleTimeoutMs);
  };

  try {
    armIdleTimer();
    const response = await apiRequest('/events', {
      token: options.token,
      accept: 'text/event-stream',
      signal: local.signal,
    });
    if (!response.body) return;
    options.onOpen?.();
    const parser = createSseParser(options.onEvent);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        armIdleTimer();
        parser.push(value);
      }
    } finally {
      reader.releaseLock();
    }
  } catch (error) {
    if (idled && !options.signal.aborted) return;
    throw error;
  } finally {
    clearTimeout(idleTimer);
    options.signal.removeEventListener('abort', abortLocal);
  }
}
