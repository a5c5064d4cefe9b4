/** Source of the current time. Tests pass a fake one; nothing else in the server reads Date.now(). */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
