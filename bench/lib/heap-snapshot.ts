import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sleep } from './proc';

/** The fields of a V8 heap snapshot (`.heapsnapshot`) this summary reads. */
interface HeapSnapshot {
  snapshot: {
    meta: {
      node_fields: string[];
      node_types: [string[], ...unknown[]];
      edge_fields: string[];
      edge_types: [string[], ...unknown[]];
    };
  };
  nodes: number[];
  edges: number[];
  strings: string[];
}

/** One group of a heap's objects: its kind and constructor or type, their count and self size. */
export interface HeapGroup {
  what: string;
  count: number;
  bytes: number;
}

/** What a heap holds of the source text of npm packages' scripts: in all, and by package. */
export interface HeapSources {
  bytes: number;
  scripts: number;
  /** By package (`what`), largest first. */
  packages: HeapGroup[];
}

/** The package a script under node_modules belongs to (the innermost one), else null. */
function packageOf(file: string): string | null {
  const at = file.lastIndexOf('node_modules/');
  if (at < 0) return null;
  const [scope, name] = file.slice(at + 'node_modules/'.length).split('/');
  return scope?.startsWith('@') ? `${scope}/${name}` : (scope ?? null);
}

/** A heap snapshot summed up: its objects' total self size, its largest groups, packages' sources. */
export interface HeapSummary {
  total: number;
  groups: HeapGroup[];
  sources: HeapSources;
}

/**
 * Adds up a heap snapshot's objects by what they are (`object Foo` by constructor, `string`,
 * `code`, `array`, …) and returns the `top` largest groups by self size, and the total. Also the
 * source text V8 keeps of each npm package's scripts (for lazy compilation), read from each
 * script's `source` edge: a part of the `string` group.
 */
export function summarizeHeapSnapshot(path: string, top = 10): HeapSummary {
  const snap = JSON.parse(readFileSync(path, 'utf8')) as HeapSnapshot;
  const { meta } = snap.snapshot;
  const fields = meta.node_fields;
  const types = meta.node_types[0];
  const width = fields.length;
  const [typeAt, nameAt, sizeAt, edgeCountAt] = ['type', 'name', 'self_size', 'edge_count'].map(
    (f) => fields.indexOf(f),
  );
  const edgeWidth = meta.edge_fields.length;
  const [edgeTypeAt, edgeNameAt, edgeToAt] = ['type', 'name_or_index', 'to_node'].map((f) =>
    meta.edge_fields.indexOf(f),
  );
  const edgeTypes = meta.edge_types[0];
  const groups = new Map<string, HeapGroup>();
  const packages = new Map<string, HeapGroup>();
  let total = 0;
  let edge = 0;
  for (let i = 0; i < snap.nodes.length; i += width) {
    const type = types[snap.nodes[i + typeAt!]!]!;
    const bytes = snap.nodes[i + sizeAt!]!;
    const edges = snap.nodes[i + edgeCountAt!]! * edgeWidth;
    total += bytes;
    // A script is a `code` node named by its file, with a `source` edge to its text.
    const pkg = type === 'code' ? packageOf(snap.strings[snap.nodes[i + nameAt!]!]!) : null;
    for (let e = edge; pkg && e < edge + edges; e += edgeWidth) {
      const internal = edgeTypes[snap.edges[e + edgeTypeAt!]!] === 'internal';
      if (!internal || snap.strings[snap.edges[e + edgeNameAt!]!] !== 'source') continue;
      const group = packages.get(pkg) ?? { what: pkg, count: 0, bytes: 0 };
      group.count++;
      group.bytes += snap.nodes[snap.edges[e + edgeToAt!]! + sizeAt!]!;
      packages.set(pkg, group);
    }
    edge += edges;
    // Objects by their constructor; strings, code and the rest by their kind alone.
    const what = type === 'object' ? `object ${snap.strings[snap.nodes[i + nameAt!]!]}` : type;
    const group = groups.get(what) ?? { what, count: 0, bytes: 0 };
    group.count++;
    group.bytes += bytes;
    groups.set(what, group);
  }
  const bySize = (a: HeapGroup, b: HeapGroup) => b.bytes - a.bytes;
  const all = [...packages.values()];
  return {
    total,
    groups: [...groups.values()].sort(bySize).slice(0, top),
    sources: {
      bytes: all.reduce((sum, g) => sum + g.bytes, 0),
      scripts: all.reduce((sum, g) => sum + g.count, 0),
      packages: all.sort(bySize).slice(0, top),
    },
  };
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
