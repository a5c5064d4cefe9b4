/**
 * mailparser as shipped reading one message, again and again, in a process of its own: the
 * floor of the reading that a server which reads every message at ingest does, with nothing of
 * ours (no sanitising, preview, code or link, no hand-over to a worker).
 *
 *   node --import tsx bench/lib/parse-cpu.ts --file MSG --warm-up N
 *
 * Reads the message (CRLF line ends, as the server receives it) with `simpleParser` `N` times to
 * warm up, then prints `{}`; then for each line `n` read on stdin reads it `n` times and prints
 * `{"ms": …}`, the process's CPU per reading.
 */
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { simpleParser } from 'mailparser';

export interface ParseCpuTurn {
  ms: number;
}

const { values } = parseArgs({
  options: { file: { type: 'string' }, 'warm-up': { type: 'string', default: '200' } },
});
const raw = Buffer.from(readFileSync(values.file!, 'latin1').replace(/\r?\n/g, '\r\n'), 'latin1');

async function cpuPerReading(n: number): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < n; i++) await simpleParser(raw);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / n;
}

await cpuPerReading(Number(values['warm-up']));
process.stdout.write('{}\n');
for await (const line of createInterface({ input: process.stdin })) {
  const turn: ParseCpuTurn = { ms: await cpuPerReading(Number(line)) };
  process.stdout.write(`${JSON.stringify(turn)}\n`);
}
