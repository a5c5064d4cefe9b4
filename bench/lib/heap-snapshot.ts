import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sleep } from './proc';

/** The fields of a V8 heap snapshot (`.heapsnapshot`) this summary reads. */
interface HeapSnapshot {
  snapshot: {
    meta: { node_fields: string[]; node_types: [string[], ...unknown[]] };
  };
  nodes: number[];
  strings: string[];
}

/** One group of a heap's objects: its kind and constructor or type, their count and self size. */
export interface HeapGroup {
  what: string;
  count: number;
  bytes: number;
}

/**
 * Adds up a heap snapshot's objects by what they are (`object Foo` by constructor, `string`,
 * `code`, `array`, …) and returns the `top` largest groups by self size, and the total.
 */
export function summarizeHeapSnapshot(
  path: string,
  top = 10,
): { total: number; groups: HeapGroup[] } {
  const snap = JSON.parse(readFileSync(path, 'utf8')) as HeapSnapshot;
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const width = fields.length;
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const groups = new Map<string, HeapGroup>();
  let total = 0;
  for (let i = 0; i < snap.nodes.length; i += width) {
    const type = types[snap.nodes[i + typeAt!]!]!;
    const bytes = snap.nodes[i + sizeAt!]!;
    total += bytes;
    // Objects by their constructor; strings, code and the rest by their kind alone.
    const what = type === 'object' ? `object ${snap.strings[snap.nodes[i + nameAt!]!]}` : type;
    const group = groups.get(what) ?? { what, count: 0, bytes: 0 };
    group.count++;
    group.bytes += bytes;
    groups.set(what, group);
  }
  const sorted = [...groups.values()].sort((a, b) => b.bytes - a.bytes);
  return { total, groups: sorted.slice(0, top) };
}

/**
 * Asks a node started with `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=DIR` for a snapshot
 * of its main thread's heap and resolves the file once node has finished writing it.
 */
export async function takeHeapSnapshot(pid: number, dir: string): Promise<string> {
  const known = new Set(existsSync(dir) ? readdirSync(dir) : []);
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 1200; i++) {
    await sleep(250);
    const file = readdirSync(dir).find((f) => f.endsWith('.heapsnapshot') && !known.has(f));
    if (!file) continue;
    // Written in one go at the end: complete once its size holds still for a second.
    const path = join(dir, file);
    let size = -1;
    while (size !== statSync(path).size) {
      size = statSync(path).size;
      await sleep(1000);
    }
    if (size > 0) return path;
  }
  throw new Error(`no heap snapshot of ${pid} in ${dir} after five minutes`);
}
