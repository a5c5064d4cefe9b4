/** How one `batcher` batches. */
export interface BatcherOptions<Item, Outcome> {
  /** Sends one batch; resolves with one outcome per item, in the batch's order. */
  send(items: Item[]): Promise<Outcome[]>;
  /** Items of one group may share a batch (on a Cluster: the items of one slot). */
  groupOf(item: Item): string;
  /** A batch this large is sent at once, even while another of its group is on its way. */
  maxBatchItems: number;
  /** The same by bytes: an item's, and the batch's most. */
  bytesOf?(item: Item): number;
  maxBatchBytes?: number;
}

interface Waiting<Item, Outcome> {
  item: Item;
  resolve(outcome: Outcome): void;
  reject(err: unknown): void;
}

interface Group<Item, Outcome> {
  waiting: Waiting<Item, Outcome>[];
  bytes: number;
  sending: number;
  scheduled: boolean;
}

/**
 * Batches of requests to Redis, one command per batch: an item goes out in the same turn of the
 * event loop when its group has nothing on its way, and otherwise waits for that batch to come
 * back and goes with everything that waited meanwhile. So a lone request waits for nothing, and
 * under load the number of commands follows Redis's round trips, not the number of requests.
 * "The same turn" is its check phase (`setImmediate`), not a microtask: the sockets that became
 * readable together are each handled in a callback of their own, and what all of them ask for
 * leaves as one batch (at 50 SMTP sessions a third fewer scripts per message than a batch per
 * callback: bench/README.md, "Batches per turn"). For writes this is group commit (one AOF write
 * and fsync per batch, as the SQLite writer has one transaction per turn); a read that joins a
 * batch is sent with it, after the read was asked for, so it sees every write completed before
 * it.
 */
export function batcher<Item, Outcome>(
  opts: BatcherOptions<Item, Outcome>,
): (item: Item) => Promise<Outcome> {
  const groups = new Map<string, Group<Item, Outcome>>();

  function flush(key: string, group: Group<Item, Outcome>) {
    const batch = group.waiting;
    if (batch.length === 0) return;
    group.waiting = [];
    group.bytes = 0;
    group.sending++;
    opts.send(batch.map((w) => w.item)).then(
      (outcomes) => {
        batch.forEach((w, i) => w.resolve(outcomes[i]!));
        done(key, group);
      },
      (err: unknown) => {
        for (const w of batch) w.reject(err);
        done(key, group);
      },
    );
  }

  function done(key: string, group: Group<Item, Outcome>) {
    group.sending--;
    if (group.waiting.length > 0) {
      if (group.sending === 0) flush(key, group);
    } else if (group.sending === 0 && !group.scheduled) {
      groups.delete(key);
    }
  }

  return (item) =>
    new Promise<Outcome>((resolve, reject) => {
      const key = opts.groupOf(item);
      let group = groups.get(key);
      if (group === undefined) {
        group = { waiting: [], bytes: 0, sending: 0, scheduled: false };
        groups.set(key, group);
      }
      group.waiting.push({ item, resolve, reject });
      group.bytes += opts.bytesOf?.(item) ?? 0;
      if (
        group.waiting.length >= opts.maxBatchItems ||
        group.bytes >= (opts.maxBatchBytes ?? Infinity)
      ) {
        flush(key, group);
      } else if (group.sending === 0 && !group.scheduled) {
        group.scheduled = true;
        const scheduled = group;
        setImmediate(() => {
          scheduled.scheduled = false;
          if (scheduled.waiting.length > 0) flush(key, scheduled);
          else if (scheduled.sending === 0) groups.delete(key);
        });
      }
    });
}
