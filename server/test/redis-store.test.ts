import type { MailboxEvent } from '@et/common';
import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewMessage } from '../src/domain/message';
import { createRedisBus } from '../src/events/redis-bus';
import { connectRedis } from '../src/store/redis/connection';
import { createKeys } from '../src/store/redis/keys';
import { createRedisStore } from '../src/store/redis/redis-store';
import {
  startRedis,
  startRedisCluster,
  type TestCluster,
  type TestRedis,
} from './helpers/redis-server';
import { describeMailStore } from './store-contract';

let redis: TestRedis;
let cluster: TestCluster;
beforeAll(async () => {
  [redis, cluster] = await Promise.all([startRedis(), startRedisCluster()]);
});
afterAll(async () => {
  await Promise.all([redis?.stop(), cluster?.stop()]);
});

/** A store on a fresh key prefix, so tests stay apart on one server. */
async function freshStore(url: string) {
  const prefix = `t${randomBytes(4).toString('hex')}:`;
  const store = await createRedisStore({ url, prefix, tombstoneMs: 30 * 86_400_000 });
  let closed = false;
  const close = store.close.bind(store);
  store.close = async () => {
    if (!closed) await close();
    closed = true;
  };
  return { store, prefix, cleanup: () => store.close() };
}

describeMailStore('redis', () => freshStore(redis.url));
describeMailStore('redis cluster', () => freshStore(cluster.url));

describe('Redis store specifics', () => {
  it('reads a summary stored before codes and links existed as having neither', async () => {
    const prefix = `t${randomBytes(4).toString('hex')}:`;
    const store = await createRedisStore({ url: redis.url, prefix, tombstoneMs: 1000 });
    const raw = Buffer.from('Subject: x\r\n\r\nx');
    await store.createMailbox({
      address: 'a@x.test',
      tokenHash: 'h',
      createdAt: 1,
      expiresAt: 9e12,
    });
    const message: NewMessage = {
      id: 'old0000000000000000000',
      receivedAt: 5,
      size: raw.length,
      from: { name: '', address: 'm@x.test' },
      subject: 'x',
      preview: 'x',
      attachmentCount: 0,
      code: '482913',
      confirmLink: null,
      authentication: { spf: 'none', dkim: 'none', dmarc: 'none', domain: null },
      raw,
    };
    await store.putMessages([{ mailbox: 'a@x.test', message }], 5, {
      maxMessages: 10,
      maxBytes: 1000,
    });
    // Rewrite it as an older node wrote it: without the fields added since.
    const client = await connectRedis(redis.url, 'legacy');
    const key = createKeys(prefix).messages('a@x.test');
    const stored = JSON.parse((await client.hget(key, message.id))!) as Record<string, unknown>;
    delete stored.code;
    delete stored.confirmLink;
    delete stored.authentication;
    await client.hset(key, message.id, JSON.stringify(stored));
    await client.quit();
    expect(await store.getMessage('a@x.test', message.id)).toMatchObject({
      code: null,
      confirmLink: null,
      authentication: null,
    });
    expect(await store.listMessages('a@x.test')).toEqual([
      expect.objectContaining({ id: message.id, code: null, confirmLink: null }),
    ]);
    await store.close();
  });
  it('gives every key of a mailbox its time to live, through puts, deletes and an extension', async () => {
    const prefix = `t${randomBytes(4).toString('hex')}:`;
    const store = await createRedisStore({ url: redis.url, prefix, tombstoneMs: 1000 });
    const client = await connectRedis(redis.url, 'ttl-check');
    const address = 'ttl@x.test';
    const now = Date.now();
    await store.createMailbox({
      address,
      tokenHash: 'h',
      createdAt: now,
      expiresAt: now + 600_000,
    });
    const quota = { maxMessages: 10, maxBytes: 100_000 };
    const put = async (id: string) => {
      const raw = Buffer.from(`Subject: ${id}\r\n\r\nx`);
      const message: NewMessage = {
        id,
        receivedAt: now,
        size: raw.length,
        from: { name: '', address: 'm@x.test' },
        subject: id,
        preview: 'x',
        attachmentCount: 0,
        code: null,
        confirmLink: null,
        authentication: null,
        raw,
      };
      expect(await store.putMessages([{ mailbox: address, message }], now, quota)).toEqual([
        'stored',
      ]);
    };
    const [, ...listKeys] = createKeys(prefix).of(address).slice(0, 4);
    /** Each list key's time to live in ms (-2: no such key, -1: none set). */
    const ttls = () => Promise.all(listKeys.map((key) => client.pttl(key)));
    const mailboxTtl = () => client.pttl(createKeys(prefix).mailbox(address));
    /** Every list key ends with the mailbox (set a moment earlier, so up to 5 s before it). */
    const expectTtlsOfMailbox = async () => {
      const ttl = await mailboxTtl();
      for (const keyTtl of await ttls()) {
        expect(keyTtl).toBeLessThanOrEqual(ttl + 5);
        expect(keyTtl).toBeGreaterThan(ttl - 5000);
      }
    };

    await put('m1');
    await put('m2');
    expect(await mailboxTtl()).toBeGreaterThan(590_000);
    await expectTtlsOfMailbox();
    // Emptied message by message, the list's keys go; the next message makes them anew.
    await store.deleteMessage(address, 'm1');
    await store.deleteMessage(address, 'm2');
    expect(await ttls()).toEqual(listKeys.map(() => -2));
    await put('m3');
    await expectTtlsOfMailbox();
    await store.deleteAllMessages(address);
    await put('m4');
    await put('m5');
    await expectTtlsOfMailbox();
    // Extended, every key moves with the mailbox, and a later message keeps them there.
    await store.setExpiry(address, now + 1_200_000, now);
    await put('m6');
    expect(await mailboxTtl()).toBeGreaterThan(1_190_000);
    await expectTtlsOfMailbox();
    await client.quit();
    await store.close();
  });
});

describe('Redis store: puts in batches', () => {
  /** A message of `bytes` bytes whose subject says which put it was. */
  const message = (n: number, bytes = 100): NewMessage => {
    const raw = Buffer.alloc(bytes, 65);
    return {
      id: `m${String(n).padStart(21, '0')}`,
      receivedAt: 5,
      size: raw.length,
      from: { name: '', address: 'm@x.test' },
      subject: `put ${n}`,
      preview: '',
      attachmentCount: 0,
      code: null,
      confirmLink: null,
      authentication: null,
      raw,
    };
  };
  /** Scripts run by the server since its statistics were reset. */
  const scriptsRun = async (client: Awaited<ReturnType<typeof connectRedis>>) => {
    const stats = await (client as Exclude<typeof client, { nodes: unknown }>).info('commandstats');
    return [...stats.matchAll(/cmdstat_eval(?:sha)?:calls=(\d+)/g)].reduce(
      (sum, m) => sum + Number(m[1]),
      0,
    );
  };

  it.each([
    ['one server', () => redis.url],
    ['a cluster', () => cluster.url],
  ])(
    'gives each of many concurrent puts, small and large, the outcome it would get alone, on %s',
    async (_name, url) => {
      const { store, prefix, cleanup } = await freshStore(url());
      const client = await connectRedis(url(), 'check');
      for (const address of ['a@x.test', 'b@x.test']) {
        await store.createMailbox({ address, tokenHash: address, createdAt: 1, expiresAt: 9e12 });
      }
      const quota = { maxMessages: 20, maxBytes: 10_000_000 };
      // Interleaved: 30 to a (the last ten over its quota), 5 to b, 5 to a mailbox that is not;
      // every third large enough to be written beside the script rather than through it.
      const targets = Array.from({ length: 40 }, (_, n) =>
        n % 8 === 7 ? 'ghost@x.test' : n % 4 === 3 ? 'b@x.test' : 'a@x.test',
      );
      const messages = targets.map((_, n) => message(n, n % 3 === 0 ? 40_000 : 100));
      const outcomes = await Promise.all(
        targets.map((mailbox, n) =>
          store.putMessages([{ mailbox, message: messages[n]! }], 2, quota),
        ),
      );
      let toA = 0;
      targets.forEach((mailbox, n) => {
        const expected =
          mailbox === 'ghost@x.test'
            ? 'gone'
            : mailbox === 'b@x.test' || ++toA <= 20
              ? 'stored'
              : 'full';
        expect([mailbox, outcomes[n]]).toEqual([mailbox, [expected]]);
      });
      const storedTo = (address: string) =>
        messages.filter((_, n) => targets[n] === address && outcomes[n]![0] === 'stored');
      for (const address of ['a@x.test', 'b@x.test']) {
        const stored = storedTo(address);
        expect((await store.listMessages(address)).map((m) => m.subject)).toEqual(
          stored.map((m) => m.subject).reverse(),
        );
        for (const m of stored) expect(await store.getRaw(address, m.id)).toEqual(m.raw);
        expect(await store.findMailbox(address, 3)).toMatchObject({
          messageCount: stored.length,
          sizeBytes: stored.reduce((sum, m) => sum + m.size, 0),
        });
        // No bytes of a refused message stay behind, and what stays ends with the mailbox.
        const raws = createKeys(prefix).raws(address);
        expect(await client.hlen(raws)).toBe(stored.length);
        expect(await client.pttl(raws)).toBeGreaterThan(0);
      }
      for (const key of createKeys(prefix).of('ghost@x.test')) {
        expect(await client.exists(key)).toBe(0);
      }
      await client.quit();
      await cleanup();
    },
  );

  it.each([
    ['one server', () => redis.url],
    ['a cluster', () => cluster.url],
  ])(
    'announces in its write each message it stores that carries an event, and no other, on %s',
    async (_name, url) => {
      const prefix = `t${randomBytes(4).toString('hex')}:`;
      const channelOf = (mailbox: string) => `${prefix}ev:${mailbox}`;
      const store = await createRedisStore({
        url: url(),
        prefix,
        tombstoneMs: 1000,
        announceOn: channelOf,
      });
      expect(store.announcesDeliveries).toBe(true);
      // What is published, as published (the bus would drop a payload that is not an event).
      const subscriber = await connectRedis(url(), 'sub', true);
      const heard: string[] = [];
      subscriber.on('message', (channel: string, payload: string) =>
        heard.push(`${channel} ${payload}`),
      );
      await subscriber.subscribe(channelOf('a@x.test'), channelOf('ghost@x.test'));
      await store.createMailbox({
        address: 'a@x.test',
        tokenHash: 'a',
        createdAt: 1,
        expiresAt: 9e12,
      });
      const announced = (n: number) => JSON.stringify({ type: 'inbox.cleared', n });
      // In one batch: stored, gone, stored (its bytes beside the script), stored without an
      // event, stored, over the quota of four.
      const puts: [string, number, boolean][] = [
        ['a@x.test', 100, true],
        ['ghost@x.test', 100, true],
        ['a@x.test', 40_000, true],
        ['a@x.test', 100, false],
        ['a@x.test', 100, true],
        ['a@x.test', 100, true],
      ];
      const outcomes = await Promise.all(
        puts.map(([mailbox, bytes, withEvent], n) =>
          store.putMessages(
            [
              {
                mailbox,
                message: message(n, bytes),
                announcement: withEvent ? announced(n) : undefined,
              },
            ],
            2,
            { maxMessages: 4, maxBytes: 10_000_000 },
          ),
        ),
      );
      expect(outcomes.flat()).toEqual(['stored', 'gone', 'stored', 'stored', 'stored', 'full']);
      // One more, announced by the same shard after the others: once it is heard, every event
      // of the puts before it has been too.
      await store.putMessages(
        [{ mailbox: 'a@x.test', message: message(6), announcement: announced(6) }],
        2,
        { maxMessages: 10, maxBytes: 10_000_000 },
      );
      for (let i = 0; i < 200 && heard.length < 4; i++) await new Promise((r) => setTimeout(r, 10));
      expect(heard).toEqual([0, 2, 4, 6].map((n) => `${channelOf('a@x.test')} ${announced(n)}`));
      await Promise.all([store.close(), subscriber.quit()]);
    },
  );

  it('leaves the events to the caller when puts wait for replicas', async () => {
    const store = await createRedisStore({
      url: redis.url,
      tombstoneMs: 1000,
      minReplicasAck: 1,
      announceOn: (mailbox) => mailbox,
    });
    expect(store.announcesDeliveries).toBe(false);
    await store.close();
  });

  it('stores concurrent messages, and reads concurrent polls, with fewer commands than requests', async () => {
    const { store, cleanup } = await freshStore(redis.url);
    const client = await connectRedis(redis.url, 'stats');
    const addresses = Array.from({ length: 5 }, (_, i) => `box${i}@x.test`);
    for (const address of addresses) {
      await store.createMailbox({ address, tokenHash: address, createdAt: 1, expiresAt: 9e12 });
    }
    const quota = { maxMessages: 100, maxBytes: 1_000_000 };
    await (client as Exclude<typeof client, { nodes: unknown }>).config('RESETSTAT');
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        store.putMessages([{ mailbox: addresses[n % 5]!, message: message(n) }], 2, quota),
      ),
    );
    expect(outcomes.flat()).toEqual(Array.from({ length: 50 }, () => 'stored'));
    // Put in one turn of the event loop, they go out as one script.
    expect(await scriptsRun(client)).toBe(1);
    for (const address of addresses) expect(await store.listMessages(address)).toHaveLength(10);

    // So do the reads of a moment: one command for the mailboxes of twenty polls, each poll
    // with its own mailbox's answer (the node knows the tokens and holds the lists by now).
    for (const address of addresses) await store.readInbox(address, 3);
    await (client as Exclude<typeof client, { nodes: unknown }>).config('RESETSTAT');
    const inboxes = await Promise.all(
      Array.from({ length: 20 }, (_, n) => store.readInbox(addresses[n % 5]!, 3)),
    );
    expect(inboxes.map((inbox) => inbox?.mailbox.address)).toEqual(
      Array.from({ length: 20 }, (_, n) => addresses[n % 5]),
    );
    expect(await scriptsRun(client)).toBe(1);
    await client.quit();
    await cleanup();
  });
});

describe('Redis event bus', () => {
  it.each([
    ['one server', () => redis.url],
    ['a cluster', () => cluster.url],
  ])(
    'carries events between two nodes on %s, to the nodes that listen to the mailbox',
    async (_name, url) => {
      const logger = pino({ level: 'silent' });
      const prefix = `t${randomBytes(4).toString('hex')}:`;
      const channelOf = (mailbox: string) => `${prefix}${mailbox}`;
      const connect = async () =>
        createRedisBus({
          publisher: await connectRedis(url(), 'pub'),
          subscriber: await connectRedis(url(), 'sub', true),
          channelOf,
          logger,
        });
      const [nodeA, nodeB] = await Promise.all([connect(), connect()]);
      const probe = await connectRedis(url(), 'probe');
      /** Subscribers of each channel, across the cluster's nodes if it is one. */
      const subscribers = async (...mailboxes: string[]) => {
        const nodes = 'nodes' in probe ? probe.nodes('master') : [probe];
        const counts = await Promise.all(
          nodes.map(
            async (node) =>
              (await node.call('PUBSUB', 'NUMSUB', ...mailboxes.map(channelOf))) as (
                string | number
              )[],
          ),
        );
        return mailboxes.map((_, i) => counts.reduce((sum, c) => sum + Number(c[2 * i + 1]), 0));
      };

      const seen: MailboxEvent[] = [];
      const unsubscribe = nodeB.subscribe('x@test', (e) => seen.push(e));
      nodeB.subscribe('y@test', () => {
        throw new Error('wrong mailbox');
      });
      await Promise.all([nodeB.ready('x@test'), nodeB.ready('y@test')]);
      // Only node B listens, and only to its two mailboxes: node A receives nothing.
      expect(await subscribers('x@test', 'y@test', 'z@test')).toEqual([1, 1, 0]);
      await nodeA.publish('x@test', { type: 'inbox.cleared' });
      await nodeA.publish('x@test', {
        type: 'mailbox.extended',
        expiresAt: '2026-01-01T00:00:00.000Z',
      });
      await nodeA.publish('z@test', { type: 'inbox.cleared' });
      for (let i = 0; i < 100 && seen.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
      expect(seen.map((e) => e.type)).toEqual(['inbox.cleared', 'mailbox.extended']);

      unsubscribe();
      expect(nodeB.listenerCount('x@test')).toBe(0);
      for (let i = 0; i < 100 && (await subscribers('x@test'))[0] !== 0; i++) {
        await new Promise((r) => setTimeout(r, 10));
      }
      expect(await subscribers('x@test', 'y@test')).toEqual([0, 1]);
      // Published while node B does not listen. A Cluster passes a message on to its other
      // nodes after PUBLISH returns: B listens again only once every node has seen this one.
      const witnesses = await Promise.all(
        ('nodes' in probe ? probe.nodes('master') : [probe]).map(async (node) => {
          const witness = node.duplicate();
          if (witness.status === 'wait') await witness.connect();
          const heard = new Promise((resolve) => witness.once('message', resolve));
          await witness.subscribe(channelOf('x@test'));
          return { witness, heard };
        }),
      );
      await nodeA.publish('x@test', { type: 'inbox.cleared' });
      await Promise.all(witnesses.map((w) => w.heard));
      await Promise.all(witnesses.map((w) => w.witness.quit()));
      // Listening again: the new subscription is confirmed before `ready` resolves.
      nodeB.subscribe('x@test', (e) => seen.push(e));
      await nodeB.ready('x@test');
      await nodeA.publish('x@test', { type: 'mailbox.expired' });
      for (let i = 0; i < 100 && seen.length < 3; i++) await new Promise((r) => setTimeout(r, 10));
      expect(seen.map((e) => e.type)).toEqual([
        'inbox.cleared',
        'mailbox.extended',
        'mailbox.expired',
      ]);
      await probe.quit();
      await Promise.all([nodeA.close(), nodeB.close()]);
    },
  );
});
