import { createMailbox } from './lib/api';
import { killTracked } from './lib/proc';
import { startRedis } from './lib/redis';
import { startServer } from './lib/server';
import { runSource, writeAttachmentMessage, type Size } from './lib/smtp';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const mode = process.argv[2] ?? 'redis';
const size = (process.argv[3] ?? '1k') as Size;
const reuse = process.argv[4] === 'reuse';
const n = Number(process.argv[5] ?? 5000);
const rounds = Number(process.argv[6] ?? 1);
const attachmentFile = writeAttachmentMessage(mkdtempSync(join(tmpdir(), 'et-prof-')));
const redis = mode === 'redis' ? await startRedis() : null;
const server = await startServer(redis ? { STORE_URL: redis.url } : {});
try {
  const w = await createMailbox(server.httpUrl);
  await runSource({ port: server.smtpPort, sessions: 10, messages: 1000, reuse: true, size: '1k', attachmentFile, to: w.email, pids: [] });
  for (let r = 0; r < rounds; r++) {
    const box = await createMailbox(server.httpUrl);
    const pids = redis ? [server.pid, redis.pid] : [server.pid];
    const res = await runSource({ port: server.smtpPort, sessions: 50, messages: n, reuse, size, attachmentFile, to: box.email, pids });
    console.log(mode, size, reuse ? 'reuse' : 'conn', `${Math.round(res.sent / res.seconds)} msg/s`, 'cpu ms/msg', res.cpuMs.map((c) => (c / res.sent).toFixed(3)).join(' + '), res.ok ? '' : res.error);
  }
} finally {
  await server.stop();
  await redis?.stop();
  killTracked();
}
