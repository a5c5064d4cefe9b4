/**
 * The client against two server processes sharing one real Redis, as a deployment behind a load
 * balancer: mail taken by either node, waits served by either, and a wait that loses its node.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type TestRedis } from '../../server/test/helpers/redis-server';
import { until } from '../../server/test/helpers/until';
import { startServerProcess, type ServerProcess } from '../../server/test/helpers/server-process';
import { createMailbox } from '../src/index';
import { codeMail, newCode, sendMail, SERVICE_ENV, startProxy } from './support';

let redis: TestRedis;
let nodes: [ServerProcess, ServerProcess];

beforeAll(async () => {
  redis = await startRedis();
  const env = { ...SERVICE_ENV, STORE_URL: redis.url };
  nodes = (await Promise.all([startServerProcess({ env }), startServerProcess({ env })])) as [
    ServerProcess,
    ServerProcess,
  ];
});
afterAll(async () => {
  await Promise.all(nodes?.map((node) => node.stop()) ?? []);
  await redis?.stop();
});

describe.concurrent('20 tests in parallel on two nodes, each with its own mailbox', () => {
  for (let n = 1; n <= 20; n++) {
    it(`test ${n} sees only its own mail, taken by the other node`, async () => {
      const [here, there] = n % 2 ? nodes : [nodes[1], nodes[0]];
      await using box = await createMailbox({ baseUrl: here.httpUrl });
      const code = newCode();
      await sendMail(there.smtpPort, { ...codeMail(box.address, code), subject: `Test ${n}` });
      expect(await box.waitForCode({ timeout: 20_000 })).toBe(code);
      expect((await box.messages()).map((m) => [m.subject, m.code])).toEqual([[`Test ${n}`, code]]);
    });
  }
});

describe('the read position across nodes', () => {
  it('the second code is never the first, whichever node takes the mail', async () => {
    const [a, b] = nodes;
    await using box = await createMailbox({ baseUrl: a.httpUrl });
    const [first, second] = [newCode(), newCode()];
    await sendMail(a.smtpPort, codeMail(box.address, first));
    await sendMail(b.smtpPort, codeMail(box.address, second));
    expect(await box.waitForCode()).toBe(first);
    expect(await box.waitForCode()).toBe(second);
  });

  it('a wait whose node goes away resumes on the other and misses nothing', async () => {
    const [a, b] = nodes;
    const proxy = await startProxy(Number(new URL(a.httpUrl).port));
    try {
      await using box = await createMailbox({ baseUrl: proxy.url });
      const before = proxy.bytesBack;
      const waiting = box.waitForMessage({ subject: 'uno', timeout: 20_000 });
      await until(() => proxy.bytesBack > before, 'the stream to open on node A');
      proxy.hold();
      proxy.cut();
      await sendMail(a.smtpPort, { to: box.address, subject: 'uno', text: 'x' });
      await sendMail(b.smtpPort, { to: box.address, subject: 'due', text: 'x' });
      // The load balancer now sends the client to node B, which replays from the client's id.
      proxy.release(Number(new URL(b.httpUrl).port));
      expect((await waiting).subject).toBe('uno');
      expect((await box.waitForMessage({ timeout: 10_000 })).subject).toBe('due');
    } finally {
      await proxy.close();
    }
  });
});
