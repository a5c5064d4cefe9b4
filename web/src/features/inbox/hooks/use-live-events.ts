/**
 * Keeps the inbox live: reads `GET /api/v1/events` (with `fetch`, so the token stays in a
 * header) and writes every event into the query cache. After every (re)connect the inbox is
 * refetched, because events sent while the stream was down are not replayed. While the stream
 * is down, `connected` is false and the 10 s poll takes over.
 */
import type { DeliveryRefusal, MailboxEvent, MessageSummary } from '@et/common';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isUnauthorized } from '@/lib/api-client';
import { readEventStream } from '@/lib/event-stream';
import { mailboxKeyRoot } from '@/lib/query-keys';
import { messageDetailsKey, messageQueryOptions } from '../api/get-message';
import { messagesQueryOptions } from '../api/get-messages';
import { refusalsQueryOptions, withRefusal } from '../api/get-refusals';

/** Waits between reconnection attempts; the last one repeats. */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 15_000] as const;

export interface LiveEventHandlers {
  /** Another tab (or this one) extended the mailbox. */
  onExtended: (expiresAt: string) => void;
  /** The server deleted the mailbox, or no longer accepts its token. */
  onGone: () => void;
}

export function useLiveEvents(token: string | null, handlers: LiveEventHandlers): boolean {
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    const { signal } = controller;

    const run = async () => {
      let attempt = 0;
      while (!signal.aborted) {
        try {
          await readEventStream({
            token,
            signal,
            onOpen: () => {
              attempt = 0;
              setConnected(true);
              // Whatever happened while we were not listening: fetch the truth once.
              void queryClient.invalidateQueries({ queryKey: mailboxKeyRoot(token) });
            },
            onEvent: (sse) => {
              const event = parseEvent(sse.data);
              if (event) applyEvent(queryClient, token, event, handlersRef.current);
            },
          });
        } catch (error) {
          if (signal.aborted) return;
          if (isUnauthorized(error)) {
            setConnected(false);
            handlersRef.current.onGone();
            return;
          }
        }
        setConnected(false);
        const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)];
        attempt += 1;
        await sleep(delay ?? 15_000, signal);
      }
    };
    void run();

    return () => {
      controller.abort();
      setConnected(false);
    };
  }, [token, queryClient]);

  return connected;
}

const EVENT_TYPES = new Set<MailboxEvent['type']>([
  'message.received',
  'message.deleted',
  'inbox.cleared',
  'mailbox.extended',
  'mailbox.expired',
  'delivery.refused',
]);

/** The JSON of one event, or null when it is malformed or of a type this page does not know. */
export function parseEvent(data: string): MailboxEvent | null {
  try {
    const value: unknown = JSON.parse(data);
    if (typeof value !== 'object' || value === null) return null;
    const type = (value as { type?: unknown }).type;
    if (typeof type !== 'string' || !EVENT_TYPES.has(type as MailboxEvent['type'])) return null;
    const event = value as MailboxEvent;
    if (event.type === 'message.received' && typeof event.message?.id !== 'string') return null;
    if (event.type === 'message.deleted' && typeof event.id !== 'string') return null;
    if (event.type === 'mailbox.extended' && typeof event.expiresAt !== 'string') return null;
    if (
      event.type === 'delivery.refused' &&
      (typeof event.refusal?.at !== 'string' ||
        typeof event.refusal.sender !== 'string' ||
        typeof event.refusal.reason !== 'string' ||
        typeof event.refusal.reply !== 'string')
    ) {
      return null;
    }
    return event;
  } catch {
    return null;
  }
}

/** Writes one event into the cache (or hands mailbox events to the page). Idempotent. */
export function applyEvent(
  queryClient: QueryClient,
  token: string,
  event: MailboxEvent,
  handlers: LiveEventHandlers,
): void {
  const listKey = messagesQueryOptions(token).queryKey;
  switch (event.type) {
    case 'message.received': {
      if (queryClient.getQueryData(listKey) === undefined) {
        void queryClient.invalidateQueries({ queryKey: listKey });
        return;
      }
      queryClient.setQueryData(listKey, (old: MessageSummary[] = []) =>
        old.some((m) => m.id === event.message.id) ? old : [event.message, ...old],
      );
      return;
    }
    case 'message.deleted':
      queryClient.setQueryData(listKey, (old?: MessageSummary[]) =>
        old?.filter((m) => m.id !== event.id),
      );
      queryClient.removeQueries({ queryKey: messageQueryOptions(token, event.id).queryKey });
      return;
    case 'inbox.cleared':
      queryClient.setQueryData(listKey, (old?: MessageSummary[]) => (old ? [] : old));
      queryClient.removeQueries({ queryKey: messageDetailsKey(token) });
      return;
    case 'mailbox.extended':
      handlers.onExtended(event.expiresAt);
      return;
    case 'mailbox.expired':
      handlers.onGone();
      return;
    case 'delivery.refused': {
      const refusalsKey = refusalsQueryOptions(token).queryKey;
      if (queryClient.getQueryData(refusalsKey) === undefined) {
        void queryClient.invalidateQueries({ queryKey: refusalsKey });
        return;
      }
      queryClient.setQueryData(refusalsKey, (old: DeliveryRefusal[] = []) =>
        withRefusal(old, event.refusal),
      );
      return;
    }
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
