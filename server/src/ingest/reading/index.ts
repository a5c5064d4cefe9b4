/**
 * The reading room: what a message says (MIME, sanitised HTML, preview, code and link, where each
 * attachment lies), read by mailparser and sanitize-html in worker threads under a deadline, the
 * sender checked first in the same job. The only room that imports the MIME and HTML libraries;
 * the rest of the service sees only this face.
 */
export type { Step as ReadStep } from './cpu-lock';
export { startReadingPool, type ReadingPool, type ReadingPoolOptions } from './reading-pool';
