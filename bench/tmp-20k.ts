import { spawnSync } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { createMailbox, listMessages } from './lib/api';
import { cpuTimes, killTracked } from './lib/proc';
import { startRedis } from './lib/redis';
import { startServer } from './lib/server';

const n = Number(process.argv[2] ?? 3000);
const redis = await startRedis();
const server = await startServer({ STORE_URL: redis.url });
const mem = () => Number(/used_memory:(\d+)/.exec(execFileSync('redis-cli', ['-p', new URL(redis.url).port, 'INFO', 'memory'], { encoding: 'utf8' }))![1]);
const cpu = (pid: number) => { const c = cpuTimes(pid); return c.user + c.sys; };
try {
  for (let round = 0; round < 3; round++) {
    const box = await createMailbox(server.httpUrl);
    const m0 = mem(); const c0 = [cpu(server.pid), cpu(redis.pid)]; const t0 = performance.now();
    const r = spawnSync('/usr/sbin/smtp-source', ['-c', '-s', '20', '-m', String(n), '-l', '20480', '-f', 'sender@bench.test', '-t', box.email, '-M', 'bench.test', `127.0.0.1:${server.smtpPort}`], { encoding: 'utf8' });
    const secs = (performance.now() - t0) / 1000;
    const c1 = [cpu(server.pid), cpu(redis.pid)];
    const stored = (await listMessages(server.httpUrl, box.token)).messages;
    console.log(`20 KB conn/msg 20 sess: ${Math.round(stored.length / secs)} msg/s, node ${((c1[0]! - c0[0]!) / stored.length).toFixed(3)} ms/msg, redis ${((c1[1]! - c0[1]!) / stored.length).toFixed(3)} ms/msg, redis mem ${Math.round((mem() - m0) / stored.length)} B/msg, raw ${stored[0]!.size} B, stored ${stored.length}/${n} exit ${r.status}`);
  }
} finally {
  await server.stop(); await redis.stop(); killTracked();
}
