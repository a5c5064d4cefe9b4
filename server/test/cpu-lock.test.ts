import { describe, expect, it } from 'vitest';
import {
  createCpuLock,
  newLockMemory,
  readHolder,
  type LockJob,
} from '../src/ingest/reading/cpu-lock';

const job = (id: number): LockJob => ({ id, heldMs: 0, holding: false, ended: false });

describe('a reading worker’s CPU lock', () => {
  it('gives the lock to one job at a time, in turn, and counts each one’s time at it', async () => {
    let now = 1000;
    const memory = newLockMemory();
    const lock = createCpuLock(memory, () => now);
    const [a, b] = [job(1), job(2)];
    await lock.acquire(a, 'auth');
    let bHolds = false;
    const bTurn = lock.acquire(b, 'mime').then(() => (bHolds = true));
    now += 30;
    expect(readHolder(memory, now)).toEqual({ job: 1, step: 'auth', heldMs: 30 });
    lock.step(a, 'sanitize');
    expect(readHolder(memory, now)?.step).toBe('sanitize');
    expect(lock.release(a)).toBe(false);
    await bTurn;
    expect(bHolds).toBe(true);
    expect(a.heldMs).toBe(30);
    expect(readHolder(memory, 0)?.job ?? 0).toBe(2);
    now += 5;
    expect(lock.release(b)).toBe(true);
    expect(readHolder(memory, 0)?.job ?? 0).toBe(0);
    expect(readHolder(memory, now)).toBeNull();
    // A second turn adds to the first.
    await lock.acquire(a, 'mime');
    now += 20;
    expect(readHolder(memory, now)).toEqual({ job: 1, step: 'mime', heldMs: 50 });
  });

  it('takes a job asking twice while it waits once, and never for a job that has ended', async () => {
    const memory = newLockMemory();
    const lock = createCpuLock(memory, () => 0);
    const [a, b, c] = [job(1), job(2), job(3)];
    await lock.acquire(a, 'mime');
    // b waits for the reading after its check, and a late DNS answer asks for it again.
    const first = lock.acquire(b, 'header');
    const again = lock.acquire(b, 'auth');
    const cTurn = lock.acquire(c, 'mime');
    lock.release(a);
    await Promise.all([first, again]);
    expect(readHolder(memory, 0)?.job ?? 0).toBe(2);
    b.ended = true;
    lock.release(b);
    await cTurn;
    expect(readHolder(memory, 0)?.job ?? 0).toBe(3);
    lock.release(c);
    // Nobody holds the lock for an ended job, nor waits for it.
    await lock.acquire(b, 'auth');
    expect(b.holding).toBe(false);
    expect(readHolder(memory, 0)?.job ?? 0).toBe(0);
  });
});
