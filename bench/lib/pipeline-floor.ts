/**
 * The least a server built the way ours is can do to take a message, run as its own process
 * (`tsx bench/lib/pipeline-floor.ts PORT DOMAIN DIR`). smtp-server, set up as our listener sets
 * it up (floor-server.ts), takes the message. Its bytes go to a worker thread where mailparser as
 * shipped reads them; the reading and the bytes go from there to a writer thread, which stores
 * each message with one INSERT in a SQLite file (WAL, synchronous=FULL) and commits what has come
 * in one transaction; the 250 follows the commit. One hop fewer than ours (the reading goes
 * straight to the writer), and nothing else: no checks, no sanitising, no preview or code, no
 * events, no limits. What our server costs beyond this is our own work; what this costs beyond
 * Haraka, discarding, is what reading every message in a worker and storing it durably costs
 * with these libraries.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { floorSmtpServer } from './floor-server';

const port = Number(process.argv[2]);
const domain = process.argv[3]!;
const dir = process.argv[4]!;

/** The worker's entry under tsx: its hooks do not reach a worker's entry module in Node 20. */
function startWorker(workerData: object, transferList: MessagePort[]): Worker {
  const tsxCjs = createRequire(import.meta.url).resolve('tsx/cjs');
  const entry = fileURLToPath(new URL('./pipeline-floor-worker.ts', import.meta.url));
  const bootstrap = `require(${JSON.stringify(tsxCjs)}); require(${JSON.stringify(entry)});`;
  return new Worker(bootstrap, { eval: true, workerData, transferList });
}

const { port1, port2 } = new MessageChannel();
const reader = startWorker({ role: 'reader', writer: port1 }, [port1]);
const writer = startWorker({ role: 'writer', reader: port2, path: `${dir}/floor.sqlite` }, [port2]);
const waiting = new Map<number, (err?: Error) => void>();
let nextId = 1;
writer.on('message', (ids: number[]) => {
  for (const id of ids) {
    waiting.get(id)?.();
    waiting.delete(id);
  }
});
for (const w of [reader, writer]) w.on('error', (err) => process.stderr.write(`${err.stack}\n`));

floorSmtpServer('pipeline', domain, (stream, _session, callback) => {
  const chunks: Buffer[] = [];
  let size = 0;
  stream.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    size += chunk.length;
  });
  stream.on('end', () => {
    // A buffer of its own, so that it can be handed to the reader without a copy.
    const raw = Buffer.allocUnsafeSlow(size);
    let at = 0;
    for (const c of chunks) at += c.copy(raw, at);
    const id = nextId++;
    waiting.set(id, callback);
    reader.postMessage({ id, raw: raw.buffer }, [raw.buffer]);
  });
}).listen(port, '127.0.0.1');
