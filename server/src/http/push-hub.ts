import type { MailboxEvent } from '@et/common';
import type { ServerResponse } from 'node:http';
import { AppError, unavailable } from '../domain/app-error';
import type { EventBus } from '../events/event-bus';
import { createTally } from './tally';

/** A client more than this far behind is dropped rather than buffered for (it refetches). */
const MAX_BUFFERED_BYTES = 256 * 1024;

/** Tells the browser how soon to reconnect after a drop (the `retry:` field of SSE). */
const RETRY_MS = 2000;

const OPENING = `retry: ${RETRY_MS}\n: connected\n\n`;

/** How long a stream waits for the bus to listen to its mailbox before it is refused (503). */
const READY_TIMEOUT_MS = 5000;
const PING = ': ping\n\n';

export interface PushHubOptions {
  /** Where the events come from; the hub subscribes once per mailbox that has a stream here. */
  bus: EventBus;
  /** Period of the `: ping` comment on each stream (proxies close idle connections). */
  heartbeatMs: number;
  /** Open streams one mailbox may have on this node; one more is refused with 429. */
  maxStreamsPerMailbox: number;
  /** Open streams one client may have on this node, whatever the mailboxes; one more, 429. */
  maxStreamsPerClient: number;
}

/**
 * The event streams (`text/event-stream`) of one node, by mailbox. The only owner of their
 * life: opening, the per-mailbox limit, the bus subscription, the heartbeat, back-pressure and
 * the end when the mailbox expires.
 */
export interface PushHub {
  /**
   * Starts a stream for `mailbox` on `res` and keeps it until the client hangs up, the mailbox
   * expires or {@link PushHub.closeAll}. Resolves once the stream is open: only when the bus
   * delivers the mailbox's events here, so a read the page makes after the opening misses
   * nothing. Rejects with `AppError`, having written nothing: 429 `RATE_LIMITED` when the mailbox
   * already has `maxStreamsPerMailbox` streams on this node or `client` (domain/client-key.ts)
   * `maxStreamsPerClient`, 503 when the bus cannot listen.
   */
  open(mailbox: string, res: ServerResponse, client: string): Promise<void>;
  /** Streams open on this node: of one mailbox, or of all (the open-streams gauge). */
  openStreams(mailbox?: string): number;
  /** Ends every open stream (shutdown); the pages reconnect and refetch. */
  closeAll(): void;
}

interface Stream {
  readonly mailbox: string;
  readonly client: string;
  readonly res: ServerResponse;
  readonly heartbeat: NodeJS.Timeout;
  closed: boolean;
}

/** The streams of one mailbox and the bus subscription that feeds them. */
interface Room {
  readonly streams: Set<Stream>;
  /** Streams waiting for the bus to listen (they count towards the limit). */
  opening: number;
  readonly unsubscribe: () => void;
}

/**
 * A push hub after Mailpit's websocket hub: mailbox → streams, each event serialised once for
 * all the streams of its mailbox, a client that cannot keep up dropped instead of buffered
 * for. A mailbox nobody watches here costs nothing: the hub holds no bus subscription for it.
 * Events are not replayed; a page refetches after every reconnect.
 */
export function createPushHub({
  bus,
  heartbeatMs,
  maxStreamsPerMailbox,
  maxStreamsPerClient,
}: PushHubOptions): PushHub {
  const rooms = new Map<string, Room>();
  /** Streams open or opening, by client. */
  const byClient = createTally();
  let total = 0;

  const write = (stream: Stream, chunk: string) => {
    if (stream.closed) return;
    stream.res.write(chunk);
    if (stream.res.writableLength > MAX_BUFFERED_BYTES) end(stream);
  };

  const end = (stream: Stream) => {
    if (stream.closed) return;
    stream.closed = true;
    clearInterval(stream.heartbeat);
    stream.res.end();
    const room = rooms.get(stream.mailbox);
    if (!room?.streams.delete(stream)) return;
    total--;
    byClient.release(stream.client);
    leaveIfEmpty(stream.mailbox, room);
  };

  const leaveIfEmpty = (mailbox: string, room: Room) => {
    if (room.streams.size > 0 || room.opening > 0 || rooms.get(mailbox) !== room) return;
    rooms.delete(mailbox);
    room.unsubscribe();
  };

  // Called by the bus once per event and node, whatever the number of streams.
  const deliver = (streams: Set<Stream>, event: MailboxEvent, json?: string) => {
    const chunk = `event: ${event.type}\ndata: ${json ?? JSON.stringify(event)}\n\n`;
    const last = event.type === 'mailbox.expired';
    for (const stream of [...streams]) {
      write(stream, chunk);
      if (last) end(stream);
    }
  };

  const roomOf = (mailbox: string): Room => {
    let room = rooms.get(mailbox);
    if (room) return room;
    const streams = new Set<Stream>();
    room = {
      streams,
      opening: 0,
      unsubscribe: bus.subscribe(mailbox, (event, json) => deliver(streams, event, json)),
    };
    rooms.set(mailbox, room);
    return room;
  };

  return {
    async open(mailbox, res, client) {
      const waiting = rooms.get(mailbox);
      if ((waiting?.streams.size ?? 0) + (waiting?.opening ?? 0) >= maxStreamsPerMailbox) {
        throw new AppError('RATE_LIMITED', 429, 'Too many open event streams for this mailbox');
      }
      if (byClient.held(client) >= maxStreamsPerClient) {
        throw new AppError('RATE_LIMITED', 429, 'Too many open event streams from your address');
      }
      byClient.take(client);
      const room = roomOf(mailbox);
      room.opening++;
      let timer: NodeJS.Timeout | undefined;
      let listening = false;
      try {
        await Promise.race([
          bus.ready(mailbox),
          new Promise((_, reject) => {
            timer = setTimeout(
              () => reject(new Error('the bus did not listen in time')),
              READY_TIMEOUT_MS,
            );
          }),
        ]);
        listening = true;
      } catch (err) {
        throw unavailable(err);
      } finally {
        clearTimeout(timer);
        room.opening--;
        if (!listening) {
          byClient.release(client);
          leaveIfEmpty(mailbox, room);
        }
      }
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // nginx and similar proxies buffer responses unless told not to.
        'x-accel-buffering': 'no',
      });
      res.write(OPENING);
      const stream: Stream = {
        mailbox,
        client,
        res,
        heartbeat: setInterval(() => write(stream, PING), heartbeatMs).unref(),
        closed: false,
      };
      room.streams.add(stream);
      total++;
      res.on('close', () => end(stream));
      // The client may already be gone (it hung up while the request was authenticated).
      if (res.destroyed) queueMicrotask(() => end(stream));
    },

    openStreams(mailbox) {
      return mailbox === undefined ? total : (rooms.get(mailbox)?.streams.size ?? 0);
    },

    closeAll() {
      for (const room of [...rooms.values()]) {
        for (const stream of [...room.streams]) end(stream);
      }
    },
  };
}
