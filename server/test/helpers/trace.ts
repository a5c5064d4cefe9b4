/**
 * Our trace header fields at the top of a stored message: `Return-Path:`, then
 * `Authentication-Results:` when present, then one `Received:` with its folded lines.
 */
const OUR_TRACE =
  /^Return-Path: [^\n]*\n(?:Authentication-Results: [^\n]*\n(?:[ \t][^\n]*\n)*)?Received: [^\n]*\n(?:\t[^\n]*\n)*/;

/**
 * Splits a stored message into our trace fields and the bytes as received; throws when the
 * trace fields are missing, so a test that uses it also checks they are there.
 */
export function splitTrace(stored: Buffer): { trace: string; received: Buffer } {
  const match = OUR_TRACE.exec(stored.toString('latin1'));
  if (!match) throw new Error(`no trace fields at the top of:\n${stored.subarray(0, 300)}`);
  const length = match[0].length;
  return { trace: stored.subarray(0, length).toString('utf8'), received: stored.subarray(length) };
}
