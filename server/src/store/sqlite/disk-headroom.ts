import { statfs } from 'node:fs/promises';
import type { ReadHeadroom } from '../headroom';

/**
 * The room on the filesystem of `dir` (the SQLite file's folder) above a free-space floor, as
 * Postfix's `queue_minfree` keeps one for its queue: the blocks an unprivileged process may
 * still take, less `minFreeBytes`. The floor leaves room for what is written between two
 * readings, the write-ahead log's growth and its checkpoints, and everything else on the disk.
 */
export function diskHeadroom(dir: string, minFreeBytes: number): ReadHeadroom {
  return async () => {
    const { bavail, bsize } = await statfs(dir);
    return bavail * bsize - minFreeBytes;
  };
}
