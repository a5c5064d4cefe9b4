/**
 * Fills a store with "other" messages fast, through the store's own code path: the real
 * ingest pipeline (read once, store one copy per recipient) on the real store, in its own
 * process beside the running server.
 *
 *   tsx bench/lib/fill.ts (--sqlite FILE | --redis URL) --messages N [--mailboxes M]
 *
 * Each `deliver` reads one message and stores a copy in each of M mailboxes, so the N
 * messages cost N/M readings; calls overlap, so SQLite commits many in one transaction. Prints
 * `{"stored": n, "seconds": s}`.
 */
import { pino } from 'pino';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { systemClock } from '../../server/src/domain/clock';
import { hashToken, newToken } from '../../server/src/domain/token';
import { createLocalBus } from '../../server/src/events/local-bus';
import { startReadingPool } from '../../server/src/ingest/reading';
import { createIngestPipeline } from '../../server/src/ingest/pipeline';
import type { MailStore } from '../../server/src/store/mail-store';
import { createRedisStore } from '../../server/src/store/redis/redis-store';
import { createSqliteStore } from '../../server/src/store/sqlite/sqlite-store';

const { values } = parseArgs({
  options: {
    sqlite: { type: 'string' },
    redis: { type: 'string' },
    messages: { type: 'string', default: '100000' },
    mailboxes: { type: 'string', default: '100' },
    domain: { type: 'string', default: 'bench.test' },
  },
});
const total = Number(values.messages);
const mailboxCount = Number(values.mailboxes);
const DAY_MS = 86_400_000;

const store: MailStore = values.sqlite
  ? createSqliteStore({ path: values.sqlite })
  : await createRedisStore({ url: values.redis!, tombstoneMs: DAY_MS });
const quota = { maxMessages: 1_000_000, maxBytes: 100 * 1024 ** 3 };
const reader = startReadingPool({ deadlineMs: 2000, hostname: values.domain!, checks: null });
const pipeline = createIngestPipeline({
  store,
  quota,
  bus: createLocalBus(),
  reader,
  clock: systemClock,
  logger: pino({ level: 'silent' }),
});

const now = Date.now();
const mailboxes: string[] = [];
for (let i = 0; i < mailboxCount; i++) {
  const address = `fill${i}-${randomBytes(4).toString('hex')}@${values.domain}`;
  const created = await store.createMailbox({
    address,
    tokenHash: hashToken(newToken()),
    createdAt: now,
    expiresAt: now + DAY_MS,
  });
  if (!created) throw new Error(`could not create ${address}`);
  mailboxes.push(address);
}

/** A plain 1 KB message, different in every call. */
function message(n: number): Buffer {
  const body = `Messaggio di riempimento numero ${n}. Il tuo codice è ${100000 + (n % 900000)}.\n`;
  return Buffer.from(
    [
      `From: Fill Sender <fill${n % 97}@example.org>`,
      `To: <inbox@${values.domain}>`,
      `Subject: Fill message ${n}`,
      `Date: ${new Date(now).toUTCString()}`,
      `Message-ID: <fill-${n}@example.org>`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      '',
      body.repeat(Math.ceil(900 / body.length)),
    ].join('\r\n'),
  );
}

const t0 = performance.now();
const calls = Math.ceil(total / mailboxCount);
let next = 0;
let stored = 0;
async function worker() {
  while (next < calls) {
    const n = next++;
    const recipients = mailboxes.slice(0, Math.min(mailboxCount, total - n * mailboxCount));
    const { ids } = await pipeline.deliver(message(n), recipients);
    stored += ids.length;
  }
}
await Promise.all(Array.from({ length: 16 }, worker));
await reader.close();
await store.close();
process.stdout.write(`${JSON.stringify({ stored, seconds: (performance.now() - t0) / 1000 })}\n`);
