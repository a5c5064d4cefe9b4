/**
 * The sender checks of one message, again and again, in a process of its own, so that their CPU
 * is measured apart from the floor's (its own JIT and heap), as a server runs one.
 *
 *   node --import tsx bench/lib/check-cpu.ts --dns 127.0.0.1:PORT --file MSG --warm-up N [--floor]
 *
 * Checks the message (CRLF line ends, as the server receives it) with mailauth as the server
 * does, `N` times to warm up, then prints one JSON line (`CheckCpuReady`); then for each line `n`
 * read on stdin checks it `n` times and prints `{"ms": …}`, the process's CPU per check. With
 * `--floor` each turn does instead the work no DKIM verifier can skip for the message: a 2048-bit
 * RSA key read from its record, one verification and the SHA-256 of the message (the baseline).
 */
import { createHash, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { checkSender, createDnsLookup, type AuthOutcome } from '../../server/src/ingest/auth';

export interface CheckCpuReady {
  /** The check's outcome (null with `--floor`). */
  outcome: AuthOutcome | null;
}

export interface CheckCpuTurn {
  ms: number;
}

const { values } = parseArgs({
  options: {
    dns: { type: 'string' },
    file: { type: 'string' },
    'warm-up': { type: 'string', default: '1000' },
    floor: { type: 'boolean', default: false },
  },
});
const raw = Buffer.from(readFileSync(values.file!, 'latin1').replace(/\r?\n/g, '\r\n'), 'latin1');
// As smtp-source introduces itself to the bench server.
const facts = { ip: '127.0.0.1', helo: 'bench.test', sender: 'sender@bench.test' };
// As the server's defaults: 2 s for the whole check, two tries of a question.
const lookup = createDnsLookup({ servers: [values.dns!], timeoutMs: 2000, tries: 2 });
const options = { hostname: 'mx.bench.test', timeoutMs: 2000, lookup };

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const keyRecord = publicKey.export({ type: 'spki', format: 'der' });
const signedHeader = raw.subarray(0, Math.min(raw.length, 400));
const signature = sign('sha256', signedHeader, privateKey);

/** One round of the floor: the key parsed from its record, the verification, the body hash. */
function floor(): void {
  const key = createPublicKey({ key: keyRecord, format: 'der', type: 'spki' });
  if (!verify('sha256', signedHeader, key, signature)) throw new Error('floor: bad signature');
  createHash('sha256').update(raw).digest();
}

/** CPU ms of this process per check (or floor), over `n` of them one after another. */
async function cpuPerCheck(n: number): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    if (values.floor) floor();
    else await checkSender(raw, facts, options);
  }
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / n;
}

const ready: CheckCpuReady = {
  outcome: values.floor ? null : await checkSender(raw, facts, options),
};
await cpuPerCheck(Number(values['warm-up']));
process.stdout.write(`${JSON.stringify(ready)}\n`);
for await (const line of createInterface({ input: process.stdin })) {
  const turn: CheckCpuTurn = { ms: await cpuPerCheck(Number(line)) };
  process.stdout.write(`${JSON.stringify(turn)}\n`);
}
