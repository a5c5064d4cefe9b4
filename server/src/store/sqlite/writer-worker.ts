import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from './schema';
import { createWriter, type PutRequest } from './writer';
import type { WriterArgs, WriterOp, WriterReply, WriterRequest } from './writer-protocol';

/**
 * The writer thread of the SQLite store. It owns the only writing connection; the event loop
 * of the server never waits for a commit's fsync.
 *
 * Requests and replies are typed in writer-protocol.ts. `putMessages` requests are not run one
 * by one: every put that arrived while the previous batch was being committed goes into the
 * next transaction together (group commit), so the number of fsyncs follows the disk, not the
 * number of messages.
 */
const { path, scrubDelayMs } = workerData as { path: string; scrubDelayMs: number };
const writer = createWriter(openDatabase(path), { scrubDelayMs });
const port = parentPort!;

/** The operations run one at a time, each with exactly its own arguments. */
type SingleOp = Exclude<WriterOp, 'putMessages'>;
const single: { [K in SingleOp]: (...args: WriterArgs[K]) => unknown } = writer;

function runSingle<K extends SingleOp>(op: K, args: WriterArgs[K]): unknown {
  return single[op](...args);
}

let puts: { id: number; request: PutRequest }[] = [];

/** Buffers arrive as plain Uint8Arrays (structured clone); better-sqlite3 wants Buffers. */
function revive(request: PutRequest): PutRequest {
  for (const d of request.deliveries) {
    const raw = d.message.raw as Uint8Array;
    d.message.raw = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  }
  return request;
}

/** Replies go back together, one message for what one message or one batch asked. */
function answer(run: (reply: (message: WriterReply) => void) => void) {
  const replies: WriterReply[] = [];
  run((message) => replies.push(message));
  if (replies.length > 0) port.postMessage(replies);
}

function flushPuts(reply: (message: WriterReply) => void) {
  const batch = puts;
  puts = [];
  try {
    const results = writer.putBatch(batch.map((p) => p.request));
    results.forEach((result, i) => {
      const id = batch[i]!.id;
      reply('error' in result ? { id, error: result.error } : { id, value: result.outcomes });
    });
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    for (const p of batch) reply({ id: p.id, error });
  }
}

port.on('message', (requests: WriterRequest[]) =>
  answer((reply) => {
    for (const request of requests) {
      const { id } = request;
      if (request.op === 'putMessages') {
        puts.push({ id, request: revive(request.args[0]) });
        if (puts.length === 1) setImmediate(() => answer(flushPuts));
        continue;
      }
      try {
        if (request.op === 'close' && puts.length > 0) flushPuts(reply);
        const value = runSingle(request.op, request.args);
        reply({ id, value: value ?? null } as WriterReply);
      } catch (err) {
        reply({ id, error: err instanceof Error ? err.message : String(err) });
      }
    }
    // After the close's own reply has been sent.
    if (requests.some((r) => r.op === 'close')) setImmediate(() => port.close());
  }),
);
