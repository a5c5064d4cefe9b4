/** Where one key stands in its current window. */
export interface RateWindow {
  /** The amount counted in the key's window so far, this call's included; 0 without a window. */
  count: number;
  /** Milliseconds until the window ends and the key counts from 0 again; 0 without a window. */
  resetInMs: number;
}

/**
 * Amounts counted per key in fixed windows: requests per client for the HTTP rate limits, and
 * as well any amount a limit needs (bytes accepted per sending client per hour). A key's window
 * opens with the first amount counted for it and lasts the `windowMs` of that call; when it
 * ends the key is forgotten, and never before: however many other keys are counted meanwhile,
 * a heavy client keeps its count (a bounded table that evicts the least recent key would let a
 * client that rotates through enough others start again from 0).
 *
 * Callers compare `count` with their own maximum, so one set of counters serves every limit;
 * keys carry the limit's name. One node keeps them in memory (`local-counters.ts`); nodes on a
 * shared Redis share them (`redis-counters.ts`), so a client cannot multiply its allowance by
 * the number of nodes. `service/` picks one.
 */
export interface RateCounters {
  /**
   * Adds `amount` to `key` in its current window, opening a window of `windowMs` when it has
   * none, and resolves where the key then stands. An `amount` of 0 only reads, and a negative
   * one gives back what a caller counted and did not use (bytes of a message then refused):
   * neither opens a window. Rejects with the `unavailable` AppError (503) when the shared
   * counters cannot be reached.
   */
  consume(key: string, amount: number, windowMs: number): Promise<RateWindow>;
}
