import type { MailboxEvent } from '@et/common';
import type { ServerResponse } from 'node:http';
import { AppError, unavailable } from '../domain/app-error';
import { toCursor } from '../domain/cursor';
import { toSummary } from '../domain/message';
import type { EventBus } from '../events/event-bus';
import type { MailStore, MessagesAfter } from '../store/mail-store';
import { createTally } from './tally';

/** A client more than this far behind is dropped rather than buffered for (it refetches). */
const MAX_BUFFERED_BYTES = 256 * 1024;

/** Tells the browser how soon to reconnect after a drop (the `retry:` field of SSE). */
const RETRY_MS = 2000;
/** How soon a room reads again what arrived when the store could not answer. */
const STORE_RETRY_MS = 500;

const OPENING = `retry: ${RETRY_MS}\n: connected\n\n`;

/** How long a stream waits for the bus to listen to its mailbox before it is refused (503). */
const READY_TIMEOUT_MS = 5000;
const PING = ': ping\n\n';

/** An `after` past every place: reads only the newest place (`MailStore.messagesAfter`). */
const NEWEST_ONLY = Number.MAX_SAFE_INTEGER;

export interface PushHubOptions {
  /**
   * Where the events come from; the hub subscribes once per mailbox that has a stream or a
   * long-poll here.
   */
  bus: EventBus;
  /** Where a `message.received` event's message is read with its place, the stream's `id:`. */
  store: Pick<MailStore, 'messagesAfter'>;
  /** Period of the `: ping` comment on each stream (proxies close idle connections). */
  heartbeatMs: number;
  /** Open streams one mailbox may have on this node; one more is refused with 429. */
  maxStreamsPerMailbox: number;
  /** Open streams one client may have on this node, whatever the mailboxes; one more, 429. */
  maxStreamsPerClient: number;
}

/**
 * Why a long-poll's wait ended: a message arrived, the mailbox ended, its time ran out, or it
 * was let go.
 */
export type Arrival = 'message' | 'ended' | 'timeout' | 'closed';

/** A long-poll's hold on a mailbox's events (`PushHub.listen`). */
export interface Arrivals {
  /**
   * Resolves at the first `message.received` or `mailbox.expired` of the mailbox since the
   * previous call (or since `listen`), or `'timeout'` after `ms`, or `'closed'` once
   * {@link Arrivals.close} or {@link PushHub.closeAll} was called. One timer for the wait, nothing
   * on the way.
   */
  next(ms: number): Promise<Arrival>;
  /** Lets go of the mailbox's events; the bus subscription goes with the last user. */
  close(): void;
}

/**
 * The event streams (`text/event-stream`) and long-polls of one node, by mailbox. The only owner
 * of their life: opening, the per-mailbox limit, the bus subscription, the heartbeat,
 * back-pressure, the ids and replay of `message.received`, and the end when the mailbox expires.
 */
export interface PushHub {
  /**
   * Starts a stream for `mailbox` on `res` and keeps it until the client hangs up, the mailbox
   * expires or {@link PushHub.closeAll}. Resolves once the stream is open: only when the bus
   * delivers the mailbox's events here, so a read the page makes after the opening misses
   * nothing. With `lastEventId` (the place of the `Last-Event-ID` a reconnecting client sends),
   * the stream first replays, as `message.received` events, every message placed after it.
   * Rejects with `AppError`, having written nothing: 429 `RATE_LIMITED` when the mailbox
   * already has `maxStreamsPerMailbox` streams on this node or `client` (domain/client-key.ts)
   * `maxStreamsPerClient`, 503 when the bus cannot listen or
   * the store cannot be read.
   */
  open(mailbox: string, res: ServerResponse, client: string, lastEventId?: number): Promise<void>;
  /**
   * Holds `mailbox`'s arrivals for a long-poll, sharing the bus subscription with its streams.
   * Resolves once the bus delivers the mailbox's events here, so a read made after it misses
   * nothing; rejects with 503 `UNAVAILABLE` when the bus cannot listen.
   */
  listen(mailbox: string): Promise<Arrivals>;
  /** Streams open on this node: of one mailbox, or of all (the open-streams gauge). */
  openStreams(mailbox?: string): number;
  /** Long-polls waiting on this node: of one mailbox, or of all. */
  waitingPolls(mailbox?: string): number;
  /** Ends every open stream and long-poll (shutdown); clients reconnect elsewhere or later. */
  closeAll(): void;
}

interface Stream {
  readonly mailbox: string;
  readonly client: string;
  readonly res: ServerResponse;
  readonly heartbeat: NodeJS.Timeout;
  closed: boolean;
  /** The place of the newest message this stream has been sent, or was opened after. */
  place: number;
}

/** A long-poll waiting: what it was told while it was not waiting, and how to wake it. */
interface Waiter {
  heard: Arrival | null;
  wake: ((arrival: Arrival) => void) | null;
}

/** The streams and long-polls of one mailbox and the bus subscription that feeds them. */
interface Room {
  readonly mailbox: string;
  readonly streams: Set<Stream>;
  readonly waiters: Set<Waiter>;
  /** Streams being opened (they count towards the limit). */
  opening: number;
  readonly unsubscribe: () => void;
  /**
   * The place after which the next `message.received` is read for the room's streams; null
   * until a stream has been placed.
   */
  place: number | null;
  /**
   * The room's events and stream openings, handled one after the other: a stream that replays
   * sees the events that follow its replay, never one in between.
   */
  turn: Promise<void>;
  /** The read again of what arrived, due while the store is away; null when none is due. */
  retry: NodeJS.Timeout | null;
}

/**
 * A push hub after Mailpit's websocket hub: mailbox → streams, each event serialised once for
 * all the streams of its mailbox, a client that cannot keep up dropped instead of buffered
 * for. A mailbox nobody watches here costs nothing: the hub holds no bus subscription for it.
 *
 * A `message.received` event wakes the mailbox's long-polls and makes the room read the store
 * for what arrived after the last place it read: each such message goes out with its place as
 * the event's `id:`, so a client that reconnects with `Last-Event-ID` is sent what it missed,
 * on any node, from the store (the place lives there, not in the event).
 */
export function createPushHub({
  bus,
  store,
  heartbeatMs,
  maxStreamsPerMailbox,
  maxStreamsPerClient,
}: PushHubOptions): PushHub {
  const rooms = new Map<string, Room>();
  /** Streams open or opening, by client. */
  const byClient = createTally();
  let streamCount = 0;
  let waiterCount = 0;

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
    streamCount--;
    byClient.release(stream.client);
    leaveIfEmpty(room);
  };

  const leaveIfEmpty = (room: Room) => {
    if (room.streams.size > 0 || room.waiters.size > 0 || room.opening > 0) return;
    if (rooms.get(room.mailbox) !== room) return;
    rooms.delete(room.mailbox);
    room.unsubscribe();
    if (room.retry) clearTimeout(room.retry);
  };

  /** Runs `task` on the room's turn; settles as it does, and the turn goes on either way. */
  const onTurn = <T>(room: Room, task: () => Promise<T>): Promise<T> => {
    const done = room.turn.then(task);
    room.turn = done.then(
      () => undefined,
      () => undefined,
    );
    return done;
  };

  const tell = (waiter: Waiter, arrival: Arrival) => {
    if (waiter.wake) waiter.wake(arrival);
    else if (waiter.heard !== 'ended' && waiter.heard !== 'closed') waiter.heard = arrival;
  };

  /** The text of one message's `message.received` event, its place as the id. */
  const received = (after: MessagesAfter['messages'][number]) =>
    `id: ${toCursor(after.place)}\nevent: message.received\ndata: ${JSON.stringify({
      type: 'message.received',
      message: toSummary(after.message),
    } satisfies MailboxEvent)}\n\n`;

  /** Sends the room's streams what arrived after the room's place, each stream what it lacks. */
  const sendArrivals = async (room: Room) => {
    if (room.place === null || room.streams.size === 0) return;
    let after: MessagesAfter;
    try {
      after = await store.messagesAfter(room.mailbox, room.place);
    } catch {
      // The store is away (a primary failing over): the room keeps its place and reads again
      // shortly, so its streams stay open and miss nothing of what was stored meanwhile.
      room.retry ??= setTimeout(() => {
        room.retry = null;
        if (rooms.get(room.mailbox) === room) void onTurn(room, () => sendArrivals(room));
      }, STORE_RETRY_MS).unref();
      return;
    }
    for (const placed of after.messages) {
      const chunk = received(placed);
      for (const stream of [...room.streams]) {
        if (stream.place >= placed.place) continue;
        write(stream, chunk);
        stream.place = placed.place;
      }
      room.place = Math.max(room.place, placed.place);
    }
  };

  // Called by the bus once per event and node, whatever the number of streams.
  const deliver = (room: Room, event: MailboxEvent, json?: string) => {
    if (event.type === 'message.received' || event.type === 'mailbox.expired') {
      for (const waiter of room.waiters)
        tell(waiter, event.type === 'message.received' ? 'message' : 'ended');
    }
    if (event.type === 'message.received') {
      void onTurn(room, () => sendArrivals(room));
      return;
    }
    const chunk = `event: ${event.type}\ndata: ${json ?? JSON.stringify(event)}\n\n`;
    const last = event.type === 'mailbox.expired';
    void onTurn(room, async () => {
      for (const stream of [...room.streams]) {
        write(stream, chunk);
        if (last) end(stream);
      }
    });
  };

  const roomOf = (mailbox: string): Room => {
    const existing = rooms.get(mailbox);
    if (existing) return existing;
    const room: Room = {
      mailbox,
      streams: new Set(),
      waiters: new Set(),
      opening: 0,
      place: null,
      turn: Promise.resolve(),
      retry: null,
      unsubscribe: bus.subscribe(mailbox, (event, json) => deliver(room, event, json)),
    };
    rooms.set(mailbox, room);
    return room;
  };

  /** Waits for the bus to deliver the room's events here; 503 when it cannot. */
  const ready = async (room: Room) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        bus.ready(room.mailbox),
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error('the bus did not listen in time')),
            READY_TIMEOUT_MS,
          );
        }),
      ]);
    } catch (err) {
      throw unavailable(err);
    } finally {
      clearTimeout(timer);
    }
  };

  /**
   * Opens the stream on the room's turn: reads what it must replay (or the room's first place),
   * then writes the head, the opening and the replay. Throws before writing anything.
   */
  const place = async (
    room: Room,
    res: ServerResponse,
    client: string,
    lastEventId: number | undefined,
  ) => {
    let replay: MessagesAfter['messages'] = [];
    let start = room.place;
    if (lastEventId !== undefined || start === null) {
      let after: MessagesAfter;
      try {
        after = await store.messagesAfter(room.mailbox, lastEventId ?? NEWEST_ONLY);
      } catch (err) {
        throw unavailable(err);
      }
      replay = after.messages;
      // No message will ever be placed at or below the newest one now: a stream placed there
      // misses nothing, even one whose id names a place after it (its messages deleted since).
      start = after.newest;
      room.place ??= after.newest;
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
      mailbox: room.mailbox,
      client,
      res,
      heartbeat: setInterval(() => write(stream, PING), heartbeatMs).unref(),
      closed: false,
      place: start,
    };
    // In the room before the replay: a replay larger than a client may lag behind ends the
    // stream (the client resumes from the last id it got), and `end` takes it out of the room.
    room.streams.add(stream);
    streamCount++;
    res.on('close', () => end(stream));
    for (const placed of replay) write(stream, received(placed));
    // The client may already be gone (it hung up while the request was authenticated).
    if (res.destroyed) queueMicrotask(() => end(stream));
  };

  return {
    async open(mailbox, res, client, lastEventId) {
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
      let placed = false;
      try {
        await ready(room);
        await onTurn(room, () => place(room, res, client, lastEventId));
        placed = true;
      } finally {
        room.opening--;
        // A stream that opened gives its place back when it ends (`end`).
        if (!placed) byClient.release(client);
        leaveIfEmpty(room);
      }
    },

    async listen(mailbox) {
      const room = roomOf(mailbox);
      const waiter: Waiter = { heard: null, wake: null };
      room.waiters.add(waiter);
      waiterCount++;
      let closed = false;
      const close = () => {
        if (closed) return;
        closed = true;
        tell(waiter, 'closed');
        room.waiters.delete(waiter);
        waiterCount--;
        leaveIfEmpty(room);
      };
      try {
        await ready(room);
      } catch (err) {
        close();
        throw err;
      }
      return {
        next(ms) {
          if (waiter.heard !== null) {
            const heard = waiter.heard;
            if (heard === 'message') waiter.heard = null;
            return Promise.resolve(heard);
          }
          return new Promise<Arrival>((resolve) => {
            const timer = setTimeout(() => wake('timeout'), ms);
            const wake = (arrival: Arrival) => {
              clearTimeout(timer);
              waiter.wake = null;
              resolve(arrival);
            };
            waiter.wake = wake;
          });
        },
        close,
      };
    },

    openStreams(mailbox) {
      return mailbox === undefined ? streamCount : (rooms.get(mailbox)?.streams.size ?? 0);
    },

    waitingPolls(mailbox) {
      return mailbox === undefined ? waiterCount : (rooms.get(mailbox)?.waiters.size ?? 0);
    },

    closeAll() {
      for (const room of [...rooms.values()]) {
        for (const stream of [...room.streams]) end(stream);
        for (const waiter of [...room.waiters]) tell(waiter, 'closed');
      }
    },
  };
}
