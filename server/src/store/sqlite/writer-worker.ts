import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from './schema';
import { createWriter, type PutRequest, type WriterOp } from './writer';

/**
 * The writer thread of the SQLite store. It owns the only writing connection; the event loop
 * of the server never waits for a commit's fsync.
 *
 * Protocol: `{ id, op, args }` in, `{ id, value }` or `{ id, error }` out. `putMessages`
 * requests are not run one by one: every put that arrived while the previous batch was being
 * committed goes into the next transaction together (group commit), so the number of fsyncs
 * follows the disk, not the number of messages.
 */
export interface WriterRequest {
  id: number;
  op: WriterOp | 'putMessages';
  args: unknown[];
}

export type WriterReply = { id: number; value: unknown } | { id: number; error: string };

const { path, scrubDelayMs } = workerData as { path: string; scrubDelayMs: number };
const writer = createWriter(openDatabase(path), { scrubDelayMs });
const port = parentPort!;

let puts: { id: number; request: PutRequest }[] = [];

/** Buffers arrive as plain Uint8Arrays (structured clone); better-sqlite3 wants Buffers. */
function revive(request: PutRequest): PutRequest {
  for (const d of request.deliveries) {
    const raw = d.message.raw as Uint8Array;
    d.message.raw = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  }
  return request;
}

function flushPuts() {
  const batch = puts;
  puts = [];
  try {
    const results = writer.putBatch(batch.map((p) => p.request));
    results.forEach((result, i) => {
      const id = batch[i]!.id;
      port.postMessage(
        'error' in result ? { id, error: result.error } : { id, value: result.outcomes },
      );
    });
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    for (const p of batch) port.postMessage({ id: p.id, error } satisfies WriterReply);
  }
}

port.on('message', ({ id, op, args }: WriterRequest) => {
  if (op === 'putMessages') {
    puts.push({ id, request: revive(args[0] as PutRequest) });
    if (puts.length === 1) setImmediate(flushPuts);
    return;
  }
  try {
    if (op === 'close' && puts.length > 0) flushPuts();
    const value = (writer[op] as (...a: unknown[]) => unknown)(...args);
    port.postMessage({ id, value: value ?? null } satisfies WriterReply);
    if (op === 'close') port.close();
  } catch (err) {
    port.postMessage({
      id,
      error: err instanceof Error ? err.message : String(err),
    } satisfies WriterReply);
  }
});
