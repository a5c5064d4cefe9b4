/** How one `groupCommit` batches. */
export interface GroupCommitOptions<Item, Outcome> {
  /** Writes one batch; resolves with one outcome per item, in the batch's order. */
  send(items: Item[]): Promise<Outcome[]>;
  /** Items of one group may share a batch (on a Cluster: the items of one slot). */
  groupOf(item: Item): string;
  /** An item's bytes, counted against `maxBatchBytes`. */
  bytesOf(item: Item): number;
  /** A batch this large is sent at once, even while another of its group is on its way. */
  maxBatchBytes: number;
  maxBatchItems: number;
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
 * Group commit: an item goes out at once when its group has nothing on its way (in a batch
 * with whatever else was added in the same turn of the event loop), and otherwise waits for
 * that batch to come back and goes with everything that waited meanwhile. So a lone message
 * waits for nothing, and under load the number of writes (and fsyncs) follows the store's
 * round trips, not the number of messages, as the SQLite writer's transactions do.
 */
export function groupCommit<Item, Outcome>(
  opts: GroupCommitOptions<Item, Outcome>,
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
      group.bytes += opts.bytesOf(item);
      if (group.waiting.length >= opts.maxBatchItems || group.bytes >= opts.maxBatchBytes) {
        flush(key, group);
      } else if (group.sending === 0 && !group.scheduled) {
        group.scheduled = true;
        const scheduled = group;
        queueMicrotask(() => {
          scheduled.scheduled = false;
          if (scheduled.waiting.length > 0) flush(key, scheduled);
          else if (scheduled.sending === 0) groups.delete(key);
        });
      }
    });
}
