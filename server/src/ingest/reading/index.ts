/**
 * The reading room: each message read once by mailparser and sanitize-html in worker threads
 * under a deadline, its sender checked first; the only room that imports those libraries.
 */
export type { Step as ReadStep } from './cpu-lock';
export { startReadingPool, type ReadingPool, type ReadingPoolOptions } from './reading-pool';
