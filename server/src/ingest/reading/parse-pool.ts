import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type {
  MessageParser,
  MessageSummaryFields,
  ParsedMessage,
  ParseOptions,
} from '../../domain/message';
import { createMessageParser, type MessageParserOptions } from './parse';

/** A parse sent to a parser thread: the raw bytes and exactly the parser's own options. */
export interface ParseRequest {
  id: number;
  raw: Uint8Array;
  options: ParseOptions;
}

/** What either form of `MessageParser` resolves to: the summary, or the whole message. */
export type ParseResult = MessageSummaryFields | ParsedMessage;

/** The parser's answer to request `id`, and how long the thread spent on it (ms). */
export type ParseReply =
  { id: number; ms: number; value: ParseResult } | { id: number; ms: number; error: string };

/** What a parser thread posts: once `ready` (its modules loaded), then its replies. */
export type ParseWorkerMessage = ParseReply | { ready: true };

/** What a parser thread starts with. */
export interface ParseWorkerData extends MessageParserOptions {
  /** The thread's own scheduling priority. */
  nice: number;
}

/** The parser thread's entry: the TypeScript source under tsx, the bundle's sibling when built. */
const WORKER_URL = import.meta.url.endsWith('.ts')
  ? new URL('./parse-worker.ts', import.meta.url)
  : new URL('./parse-worker.js', import.meta.url);

/** As writer-client.ts starts the SQLite writer: under tsx, a bootstrap registers tsx first. */
function startWorker(workerData: ParseWorkerData): Worker {
  if (!WORKER_URL.pathname.endsWith('.ts')) return new Worker(WORKER_URL, { workerData });
  const tsxCjs = createRequire(import.meta.url).resolve('tsx/cjs');
  const bootstrap = `require(${JSON.stringify(tsxCjs)}); require(${JSON.stringify(fileURLToPath(WORKER_URL))});`;
  return new Worker(bootstrap, { eval: true, workerData });
}

/**
 * Parse time of a sender's messages, on average over its recent mail (decaying with
 * HEAVY_HALF_LIFE_MS), beyond which the sender is heavy: its mail waits for the lane heavy
 * senders share. An ordinary message costs about a millisecond, one of 64 KB of HTML alone some
 * ten (bench/README.md, "Hostile mail"). What the light lane has in hand when a message arrives
 * costs about this much, so it bounds what anybody's mail waits for a lane. An average, not a
 * total: a sender of many ordinary messages is not heavy, and a moment's wait for the processor
 * (the time is wall time) does not make it so.
 */
export const HEAVY_MESSAGE_MS = 50;
const HEAVY_HALF_LIFE_MS = 10_000;
/** The scheduling priority of the lane heavy senders share (Linux nice: 0 normal, 19 lowest). */
const HEAVY_LANE_NICE = 10;
/** Senders remembered at most; the lightest are forgotten first. */
const MAX_SENDERS = 10_000;

interface Job {
  raw: Buffer;
  options: ParseOptions;
  resolve(value: ParseResult): void;
}

interface Lane {
  worker: Worker | null;
  /** Only senders that are not heavy: the lane that keeps everybody else's mail moving. */
  lightOnly: boolean;
  /** Its thread has loaded its modules. */
  ready: boolean;
  busy: boolean;
}

/** What each sender's mail has cost to parse, decaying with time. */
export interface SenderCosts {
  /** Adds a message that took `ms` to what `sender` has cost so far. */
  charge(sender: string, ms: number): void;
  /** What `sender` has cost, decayed to now (ms). */
  costOf(sender: string): number;
  /** What a message of `sender` has cost on average, its recent mail weighing most (ms). */
  perMessage(sender: string): number;
}

/**
 * Parse time and messages per sender, both halved every `halfLifeMs`. At most `maxSenders` are
 * remembered; the one charged longest ago, whose cost has decayed the most, is forgotten first.
 */
export function createSenderCosts({
  now,
  halfLifeMs = HEAVY_HALF_LIFE_MS,
  maxSenders = MAX_SENDERS,
}: {
  now: () => number;
  halfLifeMs?: number;
  maxSenders?: number;
}): SenderCosts {
  const costs = new Map<string, { ms: number; messages: number; at: number }>();
  const decay = (at: number, since: number) => 2 ** (-(at - since) / halfLifeMs);
  return {
    charge(sender, ms) {
      const at = now();
      const c = costs.get(sender);
      const kept = c ? decay(at, c.at) : 0;
      // Deleted and set again, so that Map order stays the order of the last charge.
      costs.delete(sender);
      costs.set(sender, {
        ms: (c?.ms ?? 0) * kept + ms,
        messages: (c?.messages ?? 0) * kept + 1,
        at,
      });
      if (costs.size > maxSenders) costs.delete(costs.keys().next().value!);
    },
    costOf(sender) {
      const c = costs.get(sender);
      return c ? c.ms * decay(now(), c.at) : 0;
    },
    perMessage(sender) {
      const c = costs.get(sender);
      return c ? c.ms / c.messages : 0;
    },
  };
}

/** A parser whose work runs on its own threads, and the way to end them. */
export interface ParsePool {
  parse: MessageParser;
  /** Resolves once both threads are ready; until then, messages are parsed in this thread. */
  ready: Promise<void>;
  /** Ends the threads once the parses in progress are answered; later ones run in this thread. */
  close(): Promise<void>;
}

/**
 * `parseMessage` on two threads of its own, so that the event loop serving SMTP, the API and
 * the event streams never waits for a parse (docs/architecture.md, "Hostile mail"). One lane
 * takes anybody's mail, the other only mail from senders that are not heavy (HEAVY_MESSAGE_MS),
 * and both take the mail of the sender that has cost least first: a sender whose mail costs a
 * lot queues behind itself, never in front of the others. Each lane parses one message at a time. Until a thread has loaded
 * (a second or more under tsx), and once none is left, messages are parsed in this thread; a
 * thread that fails is not restarted and what it had in hand is parsed again here, so a message
 * is never lost.
 */
export function startParsePool(
  options: MessageParserOptions & {
    /** Tests lower it to make every charged sender heavy. */
    heavyMessageMs?: number;
  } = {},
): ParsePool {
  const now = () => performance.now();
  const heavyMessageMs = options.heavyMessageMs ?? HEAVY_MESSAGE_MS;
  const local = createMessageParser(options);
  const senderCosts = createSenderCosts({ now });
  /** Jobs waiting, in arrival order; whether a sender is heavy is decided when a lane frees. */
  const queue: Job[] = [];
  let closed = false;

  const charge = (sender: string | undefined, ms: number) => {
    if (sender !== undefined) senderCosts.charge(sender, ms);
  };

  // The light lane first: mail of senders that are not heavy goes there while it is free.
  const lanes: Lane[] = [true, false].map((lightOnly) => {
    const lane: Lane = { worker: null, lightOnly, ready: false, busy: false };
    // The lane heavy senders share yields the processor to the event loop and the light lane.
    const worker = startWorker({
      mimeOutline: options.mimeOutline,
      htmlTextRuns: options.htmlTextRuns,
      nice: lightOnly ? 0 : HEAVY_LANE_NICE,
    });
    worker.unref();
    const fail = () => {
      if (lane.worker !== worker) return;
      lane.worker = null;
      lane.ready = false;
      readied();
      for (const p of pending.values()) if (p.worker === worker) void runLocally(p.job, p.id);
      lane.busy = false;
      dispatch();
    };
    worker.on('message', (reply: ParseWorkerMessage) => {
      if ('ready' in reply) {
        lane.ready = true;
        readied();
        dispatch();
        return;
      }
      const p = pending.get(reply.id);
      if (!p) return;
      pending.delete(reply.id);
      charge(p.job.options.sender, reply.ms);
      if ('error' in reply) void runLocally(p.job);
      else p.job.resolve(revive(reply.value));
      done(lane);
    });
    worker.on('error', fail);
    worker.on('exit', fail);
    lane.worker = worker;
    return lane;
  });

  const pending = new Map<number, { job: Job; worker: Worker; id: number }>();
  let nextId = 1;
  let readied = () => {};
  const ready = new Promise<void>((resolve) => {
    readied = () => {
      if (lanes.every((l) => l.ready || !l.worker)) resolve();
    };
  });

  async function runLocally(job: Job, id?: number) {
    if (id !== undefined) pending.delete(id);
    const started = now();
    const value: ParseResult = await local(job.raw, job.options as never);
    charge(job.options.sender, now() - started);
    job.resolve(value);
  }

  function done(lane: Lane) {
    lane.busy = false;
    if (pending.size === 0) for (const l of lanes) l.worker?.unref();
    dispatch();
  }

  /**
   * The next job for `lane`: that of the sender who has cost least so far (the first to arrive
   * among equals; a parse without a sender, a reader's, costs nothing), so that no sender waits
   * behind one whose mail has cost more; the light lane passes over heavy senders. One pass over
   * the waiting messages, at most one per SMTP session in DATA, reading each sender once.
   */
  function take(lane: Lane): Job | undefined {
    const senders = new Map<string, { cost: number; heavy: boolean }>();
    const senderOf = (sender: string | undefined) => {
      if (sender === undefined) return { cost: 0, heavy: false };
      let found = senders.get(sender);
      if (!found) {
        found = {
          cost: senderCosts.costOf(sender),
          heavy: senderCosts.perMessage(sender) > heavyMessageMs,
        };
        senders.set(sender, found);
      }
      return found;
    };
    let best = -1;
    let bestCost = Infinity;
    for (const [i, job] of queue.entries()) {
      const { cost, heavy } = senderOf(job.options.sender);
      if (cost < bestCost && !(lane.lightOnly && heavy)) [best, bestCost] = [i, cost];
    }
    return best < 0 ? undefined : queue.splice(best, 1)[0];
  }

  function dispatch() {
    if (closed || !lanes.some((l) => l.ready)) {
      for (const job of queue.splice(0)) void runLocally(job);
      return;
    }
    for (const lane of lanes) {
      if (lane.busy || !lane.ready || !lane.worker) continue;
      const job = take(lane);
      if (!job) continue;
      lane.busy = true;
      const id = nextId++;
      pending.set(id, { job, worker: lane.worker, id });
      lane.worker.ref();
      const request: ParseRequest = { id, raw: job.raw, options: job.options };
      lane.worker.postMessage(request);
    }
  }

  function parse(raw: Buffer, parseOptions: ParseOptions = {}) {
    if (closed) return local(raw, parseOptions as never);
    return new Promise<ParseResult>((resolve) => {
      queue.push({ raw, options: parseOptions, resolve });
      dispatch();
    });
  }

  return {
    parse: parse as MessageParser,
    ready,
    async close() {
      if (closed) return;
      closed = true;
      // Queued work runs here; what a thread has in hand is answered before it ends.
      for (const job of queue.splice(0)) void runLocally(job);
      while (pending.size > 0) await new Promise((r) => setTimeout(r, 5));
      await Promise.all(lanes.map((l) => l.worker?.terminate()));
      for (const l of lanes) l.worker = null;
    },
  };
}

/** Buffers arrive as plain Uint8Arrays (structured clone); attachments are read as Buffers. */
function revive(value: ParseResult): ParseResult {
  if (!('attachments' in value)) return value;
  for (const a of value.attachments) {
    const u8 = a.content as Uint8Array;
    a.content = Buffer.from(u8.buffer, u8.byteOffset, u8.byteLength);
  }
  return value;
}
