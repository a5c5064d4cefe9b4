import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { createMessageParser } from './parse';
import type { ParseRequest, ParseWorkerData, ParseWorkerMessage } from './parse-pool';

/**
 * A parser thread of parse-pool.ts: reads each message it is sent with `parseMessage` and
 * answers with the result and the time it took, which the pool charges to the sender. Says
 * `ready` first, once its modules are loaded: the pool parses in its own thread until then.
 */
const { nice, ...parserOptions } = workerData as ParseWorkerData;
try {
  // On Linux a thread has a priority of its own, and pid 0 names the calling thread.
  if (nice) setPriority(0, nice);
} catch {
  // Not permitted or not supported: the thread runs at the process's priority.
}
const parse = createMessageParser(parserOptions);
const port = parentPort!;

port.on('message', (request: ParseRequest) => {
  const { id, options } = request;
  const raw = Buffer.from(request.raw.buffer, request.raw.byteOffset, request.raw.byteLength);
  const started = performance.now();
  const parsed = options.summaryOnly
    ? parse(raw, { ...options, summaryOnly: true })
    : parse(raw, { ...options, summaryOnly: false });
  parsed.then(
    (value) => reply({ id, ms: performance.now() - started, value }),
    (err: unknown) => reply({ id, ms: performance.now() - started, error: String(err) }),
  );
});

function reply(message: ParseWorkerMessage) {
  port.postMessage(message);
}

reply({ ready: true });
