/**
 * The reading room: what a message says (MIME, sanitised HTML, preview, code and link), read by
 * mailparser and sanitize-html in the parse pool's worker threads. The only room that imports
 * them; the rest of the service sees only this face.
 */
export { createMessageParser } from './parse';
export { startParsePool, type ParsePool } from './parse-pool';
