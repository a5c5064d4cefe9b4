/**
 * The sender checks of one message, again and again, in a process of its own, so that the CPU of
 * one path is measured apart from the other's (its own JIT and heap), as a server runs one.
 *
 *   node --import tsx bench/lib/check-cpu.ts --dns 127.0.0.1:PORT --file MSG [--off LIST] --warm-up N
 *
 * `--off` names the fast paths to leave out, as `FAST_PATHS_OFF` does (`dkim-verify,spf-check,
 * dmarc-check`: mailauth alone). Checks the message (CRLF line ends, as the server receives it)
 * `N` times to warm up, then
 * prints one JSON line (`CheckCpuReady`); then for each line `n` read on stdin checks it `n`
 * times and prints `{"ms": …}`, the process's CPU per check.
 */
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { createDnsResolver } from '../../server/src/ingest/auth/dns-resolver';
import {
  createMessageAuth,
  type AnsweredBy,
  type AuthOutcome,
} from '../../server/src/ingest/auth/message-auth';

export interface CheckCpuReady {
  outcome: AuthOutcome;
  answered: AnsweredBy;
}

export interface CheckCpuTurn {
  ms: number;
}

const { values } = parseArgs({
  options: {
    dns: { type: 'string' },
    file: { type: 'string' },
    off: { type: 'string', default: '' },
    'warm-up': { type: 'string', default: '1000' },
  },
});
const raw = Buffer.from(readFileSync(values.file!, 'latin1').replace(/\r?\n/g, '\r\n'), 'latin1');
// As smtp-source introduces itself to the bench server.
const facts = { ip: '127.0.0.1', helo: 'bench.test', sender: 'sender@bench.test' };
const off = values.off!.split(',');
let answered: AnsweredBy = { dkim: null, spf: null, dmarc: null };
const check = createMessageAuth({
  lookup: createDnsResolver({
    servers: [values.dns!],
    timeoutMs: 2000,
    now: () => performance.now(),
  }),
  hostname: 'mx.bench.test',
  timeoutMs: 2000,
  fastPaths: {
    dkim: !off.includes('dkim-verify'),
    spf: !off.includes('spf-check'),
    dmarc: !off.includes('dmarc-check'),
  },
  onAnswered: (a) => (answered = a),
});

/** CPU ms of this process per check, over `n` checks one after another. */
async function cpuPerCheck(n: number): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < n; i++) await check(raw, facts);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / n;
}

const outcome = await check(raw, facts);
const ready: CheckCpuReady = { outcome, answered };
await cpuPerCheck(Number(values['warm-up']));
process.stdout.write(`${JSON.stringify(ready)}\n`);
for await (const line of createInterface({ input: process.stdin })) {
  const turn: CheckCpuTurn = { ms: await cpuPerCheck(Number(line)) };
  process.stdout.write(`${JSON.stringify(turn)}\n`);
}
