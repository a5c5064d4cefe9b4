import { simpleParser } from 'mailparser';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { attachmentsJson, readingView } from '../../domain/message';
import { checkSender, createDnsLookup, type DnsLookup } from '../auth';
import { createCpuLock, type LockJob } from './cpu-lock';
import { ourHeader } from './header-scan';
import { decodeBody } from './mime-parts';
import { readMessage } from './read-message';
import { ownSchedstat, threadClock } from './thread-clock';
import {
  asBuffer,
  type ReadingAnswer,
  type ReadingOp,
  type ReadingRequest,
  type ReadingWorkerApi,
  type ReadingWorkerData,
  type ReadingWorkerMessage,
} from './reading-protocol';

/**
 * A reading worker of reading-pool.ts: runs the jobs it is sent, one at a time at its CPU lock
 * (cpu-lock.ts), a job waiting for DNS letting the next one run. Says `ready` once its modules
 * are loaded and it has read WARM_UP; the pool sends nothing before.
 */
const { nice, lock: lockMemory, hostname, checks, textRuns } = workerData as ReadingWorkerData;
try {
  // On Linux a thread has a priority of its own, and pid 0 names the calling thread.
  if (nice) setPriority(0, nice);
} catch {
  // Not permitted or not supported: the thread runs at the process's priority.
}
const port = parentPort!;
const post = (message: ReadingWorkerMessage) => port.postMessage(message);
let received = 0;
// The thread's own CPU time, which the pool reads too (thread-clock.ts).
const schedstat = ownSchedstat();
const clock = threadClock(schedstat);
const lock = createCpuLock(lockMemory, clock.now);
/** The DNS lookup of the sender checks, one per worker (null: checks off). */
const dnsLookup = checks
  ? createDnsLookup({
      servers: checks.dnsServers,
      timeoutMs: checks.timeoutMs,
      tries: checks.dnsTries,
    })
  : null;

// A lock free this long while jobs wait for DNS is said to be (`idle`): a local resolver answers
// sooner, and then the pool's event loop is not woken for nothing.
const IDLE_AFTER_MS = 2;
let idleTimer: NodeJS.Timeout | null = null;
function sayIdleSoon() {
  idleTimer ??= setTimeout(() => {
    idleTimer = null;
    if (lock.free()) post({ idle: received });
  }, IDLE_AFTER_MS);
}

/**
 * `lookup` for one job: it gives the CPU lock back at its first question out and takes it again
 * when the last is in, before any answer reaches it (mailauth awaits its questions together).
 */
function lockedLookup(job: LockJob, lookup: DnsLookup): DnsLookup {
  let out = 0;
  let answered: (() => void)[] = [];
  const settle = () =>
    new Promise<void>((resume) => {
      answered.push(resume);
      if (--out > 0) return;
      void lock.acquire(job, 'auth').then(() => {
        const resumes = answered;
        answered = [];
        for (const r of resumes) r();
      });
    });
  return async (name, rrtype) => {
    // The pool may send another job while this one waits.
    if (out++ === 0 && lock.release(job)) sayIdleSoon();
    const answer = lookup(name, rrtype).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    const settled = await answer;
    await settle();
    if ('error' in settled) throw settled.error;
    return settled.value;
  };
}

/** Each operation, run by `job` while it holds the lock (the caller takes and gives it back). */
const operations: {
  [K in ReadingOp]: (
    job: LockJob,
    ...args: Parameters<ReadingWorkerApi[K]>
  ) => Promise<ReturnType<ReadingWorkerApi[K]>>;
} = {
  async arrival(job, bytes, facts, known) {
    const raw = asBuffer(bytes);
    let check = known;
    if (!check && facts && checks && dnsLookup) {
      check = await checkSender(raw, facts, {
        hostname,
        timeoutMs: checks.timeoutMs,
        lookup: lockedLookup(job, dnsLookup),
      });
      post({ id: job.id, check });
    }
    // A question the check gave up on (its own deadline) may still be out, the lock given back:
    // the reading takes it again, whatever the answer does later.
    await lock.acquire(job, 'header');
    lock.step(job, 'header');
    const { header, bodyAt } = ourHeader(raw, hostname);
    const stored = header ? Buffer.concat([header, raw.subarray(bodyAt)]) : raw;
    const content = await readMessage(stored, { textRuns, onStep: (s) => lock.step(job, s) });
    return {
      summary: content.summary,
      view: readingView(content.reading),
      attachments: content.reading.attachments,
      multipleFrom: content.multipleFrom || (check?.headerFrom.length ?? 0) > 1,
      check,
      header,
      bodyAt,
    };
  },

  async stored(job, bytes) {
    const { reading } = await readMessage(asBuffer(bytes), {
      verification: false,
      textRuns,
      onStep: (s) => lock.step(job, s),
    });
    return { view: readingView(reading), attachments: attachmentsJson(reading.attachments) };
  },

  async attachment(job, bytes, source) {
    lock.step(job, 'decode');
    if ('encoding' in source) return decodeBody(asBuffer(bytes), source.encoding);
    lock.step(job, 'mime');
    const mail = await simpleParser(asBuffer(bytes));
    return mail.attachments[source.index - 1]?.content ?? null;
  },
};

// Each job of a batch on its own, in arrival order at the lock.
port.on('message', (requests: ReadingRequest[]) => {
  for (const request of requests) {
    received++;
    const job: LockJob = { id: request.id, heldMs: 0, holding: false, ended: false };
    const run = operations[request.op] as (
      job: LockJob,
      ...args: unknown[]
    ) => Promise<ReturnType<ReadingWorkerApi[ReadingOp]>>;
    const reply = (answer: ReadingAnswer) => {
      job.ended = true;
      const idle = lock.release(job);
      post({ id: job.id, heldMs: job.heldMs, ...(idle ? { idle: received } : {}), ...answer });
    };
    void lock
      .acquire(job, request.op === 'arrival' ? 'auth' : 'mime')
      .then(() => run(job, ...request.args))
      .then(
        (value) => reply({ value }),
        (err: unknown) => reply({ error: String(err) }),
      );
  }
});

/** A message of the usual shape read before `ready`, so no sender is charged for a first use. */
const WARM_UP = Buffer.from(
  [
    'From: Negozio <noreply@negozio.example>',
    'Subject: =?UTF-8?Q?Il_tuo_codice_=C3=A8_482913?=',
    'Content-Type: multipart/mixed; boundary="m"',
    '',
    '--m',
    'Content-Type: multipart/alternative; boundary="a"',
    '',
    '--a',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    'Il tuo codice =C3=A8 482913: https://negozio.example/conferma?t=a8F3kL9qZx72',
    '--a',
    'Content-Type: text/html; charset=iso-8859-1',
    '',
    '<p>Il tuo codice: <b>482913</b> <a href="https://negozio.example/conferma">Conferma</a></p>',
    '--a--',
    '--m',
    'Content-Type: application/pdf; name="fattura.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    'JVBERi0xLjQK',
    '--m--',
    '',
  ].join('\r\n'),
);
void readMessage(WARM_UP, { textRuns }).then(() =>
  post({ ready: true, schedstat: clock.cpu ? schedstat : null }),
);
