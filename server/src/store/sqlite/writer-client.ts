import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type {
  WriterApi,
  WriterArgs,
  WriterOp,
  WriterReply,
  WriterRequest,
} from './writer-protocol';

/** The writer's entry: the TypeScript source under tsx, the bundle's sibling when built. */
const WORKER_URL = import.meta.url.endsWith('.ts')
  ? new URL('./writer-worker.ts', import.meta.url)
  : new URL('./writer-worker.js', import.meta.url);

/**
 * Starts the writer thread. Under tsx (tests, development), whose loader hooks do not reach a
 * worker's entry module in Node 20, a small bootstrap registers tsx in the worker first.
 */
function startWorker(workerData: { path: string; scrubDelayMs: number }): Worker {
  if (!WORKER_URL.pathname.endsWith('.ts')) return new Worker(WORKER_URL, { workerData });
  // tsx's CommonJS hook registers synchronously, in this thread, and compiles the entry.
  const tsxCjs = createRequire(import.meta.url).resolve('tsx/cjs');
  const bootstrap = `require(${JSON.stringify(tsxCjs)}); require(${JSON.stringify(fileURLToPath(WORKER_URL))});`;
  return new Worker(bootstrap, { eval: true, workerData });
}

export interface WriterClient {
  /** Runs `op` in the writer thread; resolves once it has committed. */
  call<K extends WriterOp>(op: K, ...args: WriterArgs[K]): Promise<ReturnType<WriterApi[K]>>;
  /** Why a call would fail now: the thread's failure, or the close; null while it serves. */
  problem(): Error | null;
  /** Commits what was sent, closes the writer's connection and ends the thread. */
  close(): Promise<void>;
}

/**
 * The store's side of the writer thread: numbered requests, their answers matched back, and a
 * thread that keeps the process alive only while an answer is awaited. Once the thread fails,
 * every waiting and later call is rejected with that failure (`onFailure` hears it first).
 */
export function startWriterClient(options: {
  path: string;
  scrubDelayMs: number;
  onFailure: () => void;
}): WriterClient {
  const worker = startWorker({ path: options.path, scrubDelayMs: options.scrubDelayMs });
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let failure: Error | null = null;
  let closed = false;
  worker.unref();

  const failAll = (err: Error) => {
    failure ??= err;
    options.onFailure();
    for (const p of pending.values()) p.reject(failure);
    pending.clear();
  };
  worker.on('message', (replies: WriterReply[]) => {
    for (const reply of replies) {
      const p = pending.get(reply.id);
      if (!p) continue;
      pending.delete(reply.id);
      if ('error' in reply) p.reject(new Error(`sqlite writer: ${reply.error}`));
      else p.resolve(reply.value);
    }
    if (pending.size === 0) worker.unref();
  });
  worker.on('error', failAll);
  worker.on('exit', (code) => {
    if (!closed) failAll(new Error(`sqlite writer exited (${code})`));
  });

  /**
   * Requests made in one turn of the event loop (the puts of every reading answered in it) go to
   * the thread in one message: each message wakes it, which costs this loop some 30 µs.
   */
  let outbox: WriterRequest[] = [];
  const send = () => {
    const batch = outbox;
    outbox = [];
    if (!failure) worker.postMessage(batch);
  };

  function call<K extends WriterOp>(op: K, ...args: WriterArgs[K]) {
    if (closed) return Promise.reject(new Error('store is closed'));
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<ReturnType<WriterApi[K]>>((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      const request: WriterRequest<K> = { id, op, args };
      if (outbox.push(request as WriterRequest) === 1) setImmediate(send);
    });
  }

  return {
    call,
    problem: () => (closed ? new Error('store is closed') : failure),
    async close() {
      if (closed) return;
      // Puts already sent are committed by the writer before it closes.
      const done = call('close');
      closed = true;
      await done.catch(() => {});
      await worker.terminate();
    },
  };
}
