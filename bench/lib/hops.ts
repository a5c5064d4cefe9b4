import { spawn } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { Worker } from 'node:worker_threads';
import { cpuMs, track } from './proc';

/**
 * A peer that answers each 64-byte message with the same bytes: a process of its own reached
 * over TCP on 127.0.0.1, as redis-server is, or a worker thread reached by `postMessage`, as the
 * SQLite store's writer is.
 */
export interface HopPeer {
  /** Sends one message and resolves when its answer is back. */
  roundTrip(): Promise<void>;
  /** The peer's own CPU so far, in ms; 0 for a thread (counted in this process). */
  peerCpuMs(): number;
  stop(): Promise<void>;
}

const MESSAGE = 'x'.repeat(64);

const ECHO_PROCESS = `
const server = require('node:net').createServer((socket) => {
  socket.setNoDelay(true);
  socket.on('data', (data) => socket.write(data));
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

const ECHO_THREAD = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', (message) => parentPort.postMessage(message));
`;

export async function processPeer(): Promise<HopPeer> {
  const child = track(spawn(process.execPath, ['-e', ECHO_PROCESS], { stdio: 'pipe' }));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const first = await createInterface({ input: child.stdout! })[Symbol.asyncIterator]().next();
  if (first.done) throw new Error('the echo process exited');
  const socket: Socket = connect(Number(first.value), '127.0.0.1');
  socket.setNoDelay(true);
  await new Promise((resolve) => socket.once('connect', resolve));
  return {
    roundTrip: () =>
      new Promise((resolve) => {
        socket.once('data', () => resolve());
        socket.write(MESSAGE);
      }),
    peerCpuMs: () => cpuMs(child.pid!),
    async stop() {
      socket.destroy();
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function threadPeer(): Promise<HopPeer> {
  const worker = new Worker(ECHO_THREAD, { eval: true });
  await new Promise((resolve) => worker.once('online', resolve));
  return {
    roundTrip: () =>
      new Promise((resolve) => {
        worker.once('message', () => resolve());
        worker.postMessage(MESSAGE);
      }),
    peerCpuMs: () => 0,
    async stop() {
      await worker.terminate();
    },
  };
}

const cpuUs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return used.user + used.system;
};

/**
 * CPU of both sides per round trip, in µs, over `n` round trips: one right after the other, or
 * with `gapMs` between them, so that both sides fall idle before each, as they do when one SMTP
 * session sends one message at a time. This process's CPU in the gaps (its timer's wake-up) is
 * left out.
 */
export async function cpuPerRoundTrip(peer: HopPeer, n: number, gapMs = 0): Promise<number> {
  for (let i = 0; i < Math.min(n, 1000); i++) await peer.roundTrip();
  const peerBefore = peer.peerCpuMs();
  const start = process.cpuUsage();
  let inGaps = 0;
  for (let i = 0; i < n; i++) {
    await peer.roundTrip();
    if (gapMs > 0) {
      const gap = process.cpuUsage();
      await new Promise((resolve) => setTimeout(resolve, gapMs));
      inGaps += cpuUs(gap);
    }
  }
  const here = cpuUs(start) - inGaps;
  return (here + (peer.peerCpuMs() - peerBefore) * 1000) / n;
}
