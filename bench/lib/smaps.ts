import { readFileSync, readlinkSync } from 'node:fs';

/** A process's resident memory by where it lies, in MB (from /proc/PID/smaps). */
export interface RssParts {
  /** Pages of the node binary itself (its code and data). */
  node: number;
  /** Pages of other files: shared libraries, native addons, files mapped (SQLite's included). */
  files: number;
  /** The brk heap: glibc's main malloc arena. */
  brk: number;
  /**
   * Anonymous mappings: the V8 heaps of every thread, malloc's other arenas (one per thread
   * that allocates), thread stacks, code space.
   */
  anonymous: number;
}

/** Reads /proc/PID/smaps and adds up the `Rss:` of each mapping by its kind. */
export function rssParts(pid: number): RssParts {
  const parts: RssParts = { node: 0, files: 0, brk: 0, anonymous: 0 };
  const exe = readlinkSync(`/proc/${pid}/exe`);
  let kind: keyof RssParts = 'anonymous';
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    // A mapping's header: "start-end perms offset dev inode [path]".
    const header = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (header) {
      const [, inode, path] = header;
      if (path === '[heap]') kind = 'brk';
      else if (inode !== '0' && path === exe) kind = 'node';
      else if (inode !== '0') kind = 'files';
      else kind = 'anonymous';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) parts[kind] += Number(rss[1]) / 1024;
  }
  return parts;
}

/** "node 41, files 9, brk 12, anonymous 80 MB". */
export function describeRss(p: RssParts): string {
  return (
    `node binary ${p.node.toFixed(0)}, other files ${p.files.toFixed(0)}, ` +
    `brk heap ${p.brk.toFixed(0)}, anonymous ${p.anonymous.toFixed(0)} MB`
  );
}
