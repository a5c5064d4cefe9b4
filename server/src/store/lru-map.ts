/**
 * A map whose iteration order is its eviction order, least recently used first. A read moves
 * its entry to the end (a `delete` and a `set`) only when the entry is not already among the
 * newer half: fewer than size/2 entries were added or moved since it was, so at most that many
 * stand after it. On a map of a few entries every move makes V8 rebuild the table within a few
 * calls, and each poll of an open inbox reads two entries; an entry the polls keep reading
 * stays put. Eviction still takes the older entries first; only within the newer half is the
 * order no longer exact.
 */
export function createLruMap<V>() {
  const entries = new Map<string, { value: V; stamp: number }>();
  let stamps = 0;
  return {
    get size() {
      return entries.size;
    },
    get(key: string): V | undefined {
      const entry = entries.get(key);
      if (entry === undefined) return undefined;
      if (stamps - entry.stamp >= entries.size / 2) {
        entries.delete(key);
        entry.stamp = ++stamps;
        entries.set(key, entry);
      }
      return entry.value;
    },
    /** Adds or replaces `key` as the most recently used. */
    set(key: string, value: V) {
      entries.delete(key);
      entries.set(key, { value, stamp: ++stamps });
    },
    /** Removes `key`; returns what it held. */
    take(key: string): V | undefined {
      const entry = entries.get(key);
      entries.delete(key);
      return entry?.value;
    },
    oldestKey(): string | undefined {
      return entries.keys().next().value;
    },
    clear() {
      entries.clear();
    },
  };
}
