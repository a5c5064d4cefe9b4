import { describe, expect, it } from 'vitest';
import { batcher } from '../src/store/redis/batcher';

interface Item {
  group: string;
  value: number;
  bytes?: number;
}

/** A group commit whose sends wait until the test lets them go, and the batches it sent. */
function harness(limits = { maxBatchBytes: 1000, maxBatchItems: 100 }) {
  const batches: { items: Item[]; finish(fail?: Error): void }[] = [];
  const put = batcher<Item, string>({
    send: (items) =>
      new Promise((resolve, reject) => {
        batches.push({
          items,
          finish: (fail) => (fail ? reject(fail) : resolve(items.map((i) => `ok ${i.value}`))),
        });
      }),
    groupOf: (item) => item.group,
    bytesOf: (item) => item.bytes ?? 1,
    ...limits,
  });
  return { put, batches, values: (n: number) => batches[n]!.items.map((i) => i.value) };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('batcher', () => {
  it('sends what comes in one turn at once, and what comes meanwhile together after it', async () => {
    const { put, batches, values } = harness();
    const first = [put({ group: 'a', value: 1 }), put({ group: 'a', value: 2 })];
    await turn();
    expect(batches).toHaveLength(1);
    expect(values(0)).toEqual([1, 2]);

    const later = [3, 4, 5].map((value) => put({ group: 'a', value }));
    await turn();
    expect(batches).toHaveLength(1); // waiting for the first batch
    batches[0]!.finish();
    expect(await Promise.all(first)).toEqual(['ok 1', 'ok 2']);
    await turn();
    expect(batches).toHaveLength(2);
    expect(values(1)).toEqual([3, 4, 5]);
    batches[1]!.finish();
    expect(await Promise.all(later)).toEqual(['ok 3', 'ok 4', 'ok 5']);
  });

  it('sends what several callbacks of one turn ask for as one batch', async () => {
    const { put, batches, values } = harness();
    const puts: Promise<string>[] = [];
    // Two timers due together run in one turn, each as a callback of its own, with the
    // microtasks in between, as the sockets that become readable together do.
    await new Promise<void>((resolve) => {
      setTimeout(() => puts.push(put({ group: 'a', value: 1 })), 0);
      setTimeout(() => {
        puts.push(put({ group: 'a', value: 2 }));
        resolve();
      }, 0);
    });
    await turn();
    expect(batches).toHaveLength(1);
    expect(values(0)).toEqual([1, 2]);
    batches[0]!.finish();
    expect(await Promise.all(puts)).toEqual(['ok 1', 'ok 2']);
  });

  it('keeps groups apart: each has its own batches', async () => {
    const { put, batches } = harness();
    const puts = [
      put({ group: 'a', value: 1 }),
      put({ group: 'b', value: 2 }),
      put({ group: 'a', value: 3 }),
    ];
    await turn();
    expect(batches.map((b) => b.items.map((i) => i.value))).toEqual([[1, 3], [2]]);
    for (const b of batches) b.finish();
    expect(await Promise.all(puts)).toEqual(['ok 1', 'ok 2', 'ok 3']);
  });

  it('sends a full batch at once, even while another is on its way', async () => {
    const { put, batches, values } = harness({ maxBatchBytes: 10, maxBatchItems: 3 });
    const puts = [put({ group: 'a', value: 1 })];
    await turn();
    for (const value of [2, 3, 4, 5]) puts.push(put({ group: 'a', value }));
    expect(batches).toHaveLength(2); // three items: sent without waiting for the first
    expect(values(1)).toEqual([2, 3, 4]);
    puts.push(put({ group: 'a', value: 6, bytes: 20 })); // over the bytes: with 5, at once
    expect(values(2)).toEqual([5, 6]);
    for (const b of batches) b.finish();
    expect(await Promise.all(puts)).toEqual([1, 2, 3, 4, 5, 6].map((v) => `ok ${v}`));
  });

  it('fails the items of a failed batch, and only those', async () => {
    const { put, batches } = harness();
    const failed = [put({ group: 'a', value: 1 }), put({ group: 'a', value: 2 })];
    const other = put({ group: 'b', value: 3 });
    await turn();
    const next = put({ group: 'a', value: 4 });
    batches[0]!.finish(new Error('Redis away'));
    await Promise.all(failed.map((p) => expect(p).rejects.toThrow('Redis away')));
    batches[1]!.finish();
    expect(await other).toBe('ok 3');
    await turn();
    batches[2]!.finish();
    expect(await next).toBe('ok 4');
  });
});
