import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { cpuTimes, freePort, sleep, track } from './proc';

export const SMTP_SOURCE = '/usr/sbin/smtp-source';
export const SMTP_SINK = '/usr/sbin/smtp-sink';

/** Message sizes of the ingest figures. */
export type Size = '1k' | '100k';

/**
 * The ~100 KB message of the ingest figures, with `attachment` as its base64 attachment
 * (76-column lines) beside a short text part, lines ended by `eol`. Also the message of the
 * server's summary test, which checks the fast summary on exactly what this bench sends.
 */
export function attachmentMessage(attachment: Buffer, eol: '\n' | '\r\n', date?: Date): string {
  const base64 = attachment.toString('base64').replace(/.{76}/g, `$&${eol}`);
  return [
    'From: Bench Sender <sender@bench.test>',
    'To: <bench@bench.test>',
    'Subject: bench 100k attachment message',
    ...(date ? [`Date: ${date.toUTCString()}`] : []),
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="bench-boundary-1"',
    '',
    '--bench-boundary-1',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Hello, this is a benchmark message with an attachment. Your code is 123456.',
    '',
    '--bench-boundary-1',
    'Content-Type: application/octet-stream; name="blob.bin"',
    'Content-Disposition: attachment; filename="blob.bin"',
    'Content-Transfer-Encoding: base64',
    '',
    base64.trimEnd(),
    '--bench-boundary-1--',
    '',
  ].join(eol);
}

/**
 * Writes the ~100 KB message with 72 KiB of random bytes as its attachment, as anchors.sh makes
 * it. smtp-source sends the file as it is.
 */
export function writeAttachmentMessage(dir: string): string {
  const path = join(dir, 'attachment-100k.eml');
  writeFileSync(path, attachmentMessage(randomBytes(73_728), '\n', new Date()));
  return path;
}

/** Waits until something on `port` answers with an SMTP banner. */
export async function waitForBanner(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('error', () => resolve(false));
      socket.once('data', (d) => {
        socket.end('QUIT\r\n');
        resolve(d.toString().startsWith('220'));
      });
    });
    if (ok) return;
    await sleep(50);
  }
  throw new Error(`no SMTP banner on port ${port}`);
}

export interface Sink {
  port: number;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Postfix's smtp-sink on a free port: the C reference that accepts and discards everything
 * (ESMTP, PIPELINING). `-u nobody` because it refuses to run as root.
 */
export async function startSink(): Promise<Sink> {
  const port = await freePort();
  const args = ['127.0.0.1:' + port, '1024'];
  if (process.getuid?.() === 0) args.unshift('-u', 'nobody');
  const child = track(spawn(SMTP_SINK, args, { stdio: 'ignore' }));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitForBanner(port);
  return {
    port,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface SourceOptions {
  port: number;
  sessions: number;
  messages: number;
  /** Reuse connections (smtp-source -d); otherwise one connection per message. */
  reuse: boolean;
  size: Size;
  /** The 100k message file (writeAttachmentMessage). */
  attachmentFile: string;
  /** A message file sent instead of the one `size` names. */
  file?: string;
  to: string;
  /** Process whose CPU time is read before and after (the server under test). */
  pids: number[];
  timeLimitMs?: number;
}

export interface SourceResult {
  /** Messages whose DATA smtp-source completed; all of them got a 2xx when `ok`. */
  sent: number;
  seconds: number;
  /** smtp-source exited 0: every reply was 2xx (without -A it stops at the first refusal). */
  ok: boolean;
  error: string;
  /** CPU ms used by each of `pids` during the run. */
  cpuMs: number[];
  /** Of which system time (syscalls, fsync), per pid. */
  sysMs: number[];
}

function sourceArgs(o: Omit<SourceOptions, 'pids'>): string[] {
  const args = ['-c', '-s', String(o.sessions), '-m', String(o.messages)];
  if (o.reuse) args.push('-d');
  if (o.file) args.push('-F', o.file);
  else if (o.size === '1k') args.push('-l', '1024');
  else args.push('-F', o.attachmentFile);
  args.push('-f', 'sender@bench.test', '-t', o.to, '-M', 'bench.test', `127.0.0.1:${o.port}`);
  return args;
}

/**
 * Runs smtp-source to completion and reads its running counter. smtp-source counts a message
 * when it sent the final dot and stops with an error at the first reply that is not 2xx (we do
 * not pass -A), so when it exits 0 every counted message was accepted.
 */
export async function runSource(o: SourceOptions): Promise<SourceResult> {
  const cpu0 = o.pids.map(cpuTimes);
  const t0 = performance.now();
  const child = track(spawn(SMTP_SOURCE, sourceArgs(o), { stdio: ['ignore', 'pipe', 'pipe'] }));
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-200)));
  child.stderr!.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-2000)));
  const timer = setTimeout(() => child.kill('SIGINT'), o.timeLimitMs ?? 180_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  const seconds = (performance.now() - t0) / 1000;
  const cpu1 = o.pids.map(cpuTimes);
  const counts = out.split(/[\r\n]+/).filter((s) => /^\d+$/.test(s));
  const sent = Number(counts.at(-1) ?? 0);
  return {
    sent,
    seconds,
    ok: code === 0 && sent === o.messages,
    error: code === 0 ? '' : `smtp-source exit ${code}: ${err.trim().split('\n').at(-1) ?? ''}`,
    cpuMs: cpu1.map((c, i) => c.user + c.sys - cpu0[i]!.user - cpu0[i]!.sys),
    sysMs: cpu1.map((c, i) => c.sys - cpu0[i]!.sys),
  };
}

/** Background load (e.g. for arrival under load): smtp-source until `stop()`. */
export function startLoad(o: Omit<SourceOptions, 'pids'>): { stop(): Promise<void> } {
  const child: ChildProcess = track(spawn(SMTP_SOURCE, sourceArgs(o), { stdio: 'ignore' }));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      await exited;
    },
  };
}
