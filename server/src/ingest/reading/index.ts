/** The reading room's face: mailparser and sanitize-html in workers under a deadline. */
export type { Step as ReadStep } from './cpu-lock';
export { startReadingPool, type ReadingPool, type ReadingPoolOptions } from './reading-pool';
