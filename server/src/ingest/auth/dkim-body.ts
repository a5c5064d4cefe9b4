import { createHash } from 'node:crypto';

/**
 * The body of a DKIM check as mailauth 4.13.3 reads and hashes it (`lib/dkim/message-parser.js`,
 * `lib/dkim/body/`), without its byte loops. mailauth feeds the body through a line-end fixer and
 * one hasher per signature a chunk at a time, at 10-15 ns a byte of JavaScript and an allocation
 * per line it rewrites; here each step is a native search where the body needs nothing, and one
 * pass otherwise. Both the fast path (dkim-verify.ts) and the plain one (message-auth.ts, which
 * puts `bodyHash` in the place of mailauth's hashers) hash the body this way; the tests hold it
 * to mailauth's own hashers, fed the same body.
 */

// Not exported: V8 reads an exported binding from its module on every use, which costs the byte
// loops below some 15 % (dkim-verify.ts exports its own for the header readers).
const CR = 0x0d;
const LF = 0x0a;
const SP = 0x20;
const TAB = 0x09;

/**
 * The scans below search LF by LF until `DENSE_AFTER` LFs have come at least one in every
 * `LF_DENSITY` bytes, then go on byte by byte: a search costs as much as some twenty bytes of a
 * loop.
 */
const DENSE_AFTER = 1024;
const LF_DENSITY = 32;

/**
 * Whether `raw` has an LF that mailauth makes CRLF: one whose last byte before it other than an
 * LF is not a CR (`ensureLinebreaks` of its message parser, so an LF right after a CRLF stays).
 * Found LF by LF with `indexOf`, or byte by byte where LFs are dense.
 */
function hasBareLf(raw: Buffer): boolean {
  let last = -1;
  let seen = 0;
  let from = 0;
  for (let at = raw.indexOf(LF); at >= 0; at = raw.indexOf(LF, at + 1)) {
    if (++seen >= DENSE_AFTER && seen * LF_DENSITY >= at) {
      for (let i = from; i < raw.length; i++) {
        const c = raw[i]!;
        if (c !== LF) last = c;
        else if (last !== CR) return true;
      }
      return false;
    }
    if (at > 0 && raw[at - 1] !== LF) last = raw[at - 1]!;
    if (last !== CR) return true;
    from = at + 1;
  }
  return false;
}

/** `raw` as mailauth reads it: each LF of `hasBareLf` made CRLF; `raw` itself when none is. */
export function withMailauthLineEnds(raw: Buffer): Buffer {
  if (!hasBareLf(raw)) return raw;
  const out = Buffer.allocUnsafe(raw.length * 2);
  let o = 0;
  // Whether the last byte other than an LF was a CR: only an LF reads it.
  let afterCr = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === LF) {
      if (!afterCr) out[o++] = CR;
    } else afterCr = c === CR;
    out[o++] = c;
  }
  return out.subarray(0, o);
}

/**
 * Whether `body` has an LF without a CR right before it (or first), which mailauth's relaxed
 * hasher rewrites with a CR: by search, or byte by byte where LFs are dense.
 */
export function hasLfWithoutCr(body: Buffer): boolean {
  let seen = 0;
  for (let at = body.indexOf(LF); at >= 0; at = body.indexOf(LF, at + 1)) {
    if (at === 0 || body[at - 1] !== CR) return true;
    if (++seen >= DENSE_AFTER && seen * LF_DENSITY >= at) {
      for (let i = at + 1; i < body.length; i++) {
        if (body[i] === LF && body[i - 1] !== CR) return true;
      }
      return false;
    }
  }
  return false;
}

/** The end of `bytes` up to `end` without its trailing CR and LF bytes. */
function endWithoutBreaks(bytes: Buffer, end: number): number {
  while (end > 0 && (bytes[end - 1] === CR || bytes[end - 1] === LF)) end--;
  return end;
}

/** A body in relaxed canonicalisation, as mailauth's relaxed hasher makes it. */
interface RelaxedBody {
  bytes: Buffer;
  /** The end in `bytes` of the body's complete lines: past it, what follows its last LF. */
  linesEnd: number;
}

/**
 * The relaxed body (RFC 6376 §3.4.4) as mailauth's `RelaxedHash` makes it, before its trailing
 * line breaks go. It rewrites a line (`fixLineBuffer`) only when the line has a tab, two spaces in
 * a row, a space right before its CRLF, or an LF without a CR right before it; then every run of
 * blanks (space, tab) before another character becomes one space, written where the run starts
 * (before any CR inside it), blanks after the last other character go, and an LF without a CR
 * gets one. Any other line stays as it is, also one whose CR inside a run of blanks the rewrite
 * would move, and so does what follows the last LF unless it has a tab or two spaces in a row.
 * In one pass that writes each line rewritten, and copies back the rare line that mailauth
 * leaves as it is although the rewrite would change it (one with a CR not before an LF, or, at
 * the end, blanks after its last other character).
 */
function relaxBody(body: Buffer): RelaxedBody {
  const out = Buffer.allocUnsafe(body.length * 2);
  let o = 0;
  let lineStart = 0;
  let lineOut = 0;
  // What mailauth reads of the line: whether it rewrites it, whether it has a CR not before an LF.
  let rewrite = false;
  let loneCr = false;
  // The run of blanks and CRs since the last other character: blanks seen, CRs to write.
  let blanks = false;
  let crs = 0;
  let prev = -1;
  const length = body.length;
  // Other characters first: they are most of any body, and one comparison tells most apart.
  for (let i = 0; i < length; i++) {
    const c = body[i]!;
    if (prev === CR && c !== LF) loneCr = true;
    if (c > SP || (c !== SP && c !== LF && c !== CR && c !== TAB)) {
      if (blanks) out[o++] = SP;
      for (; crs > 0; crs--) out[o++] = CR;
      blanks = false;
      out[o++] = c;
    } else if (c === SP) {
      if (prev === SP) rewrite = true;
      blanks = true;
    } else if (c === LF) {
      if (prev !== CR || (i >= 2 && body[i - 2] === SP)) rewrite = true;
      if (rewrite || !loneCr) {
        for (; crs > 0; crs--) out[o++] = CR;
        if (prev !== CR) out[o++] = CR;
        out[o++] = LF;
      } else {
        o = lineOut + body.copy(out, lineOut, lineStart, i + 1);
      }
      lineStart = i + 1;
      lineOut = o;
      rewrite = loneCr = blanks = false;
      crs = 0;
    } else if (c === CR) {
      crs++;
    } else {
      rewrite = true;
      blanks = true;
    }
    prev = c;
  }
  if (lineStart < body.length) {
    if (rewrite || !(loneCr || blanks || crs > 0)) {
      for (; crs > 0; crs--) out[o++] = CR;
    } else {
      o = lineOut + body.copy(out, lineOut, lineStart, body.length);
    }
  }
  return { bytes: out.subarray(0, o), linesEnd: lineOut };
}

/**
 * Whether mailauth's relaxed hasher leaves every line of `body` as it is: no tab, no two spaces
 * in a row, no space before CRLF, no LF without a CR (known to be none when `crlf`). Native
 * searches on ordinary mail.
 */
function needsNoRewrite(body: Buffer, crlf: boolean): boolean {
  return (
    body.indexOf(TAB) < 0 &&
    body.indexOf('  ') < 0 &&
    body.indexOf(' \r\n') < 0 &&
    (crlf || !hasLfWithoutCr(body))
  );
}

/** A body canonicalised for a body hasher of mailauth's, as far as its `l=` does not matter. */
export interface CanonicalBody {
  canon: 'relaxed' | 'simple';
  bytes: Buffer;
  /** The end of what the hasher hashes of `bytes`: without the trailing CRs and LFs. */
  end: number;
  /**
   * For relaxed, the end of what it hashes of the complete lines (the body up to its last LF)
   * before what follows them, which is when it checks `l=` first.
   */
  linesEnd: number;
}

/**
 * `body` (with mailauth's line ends) canonicalised as mailauth's hasher of `canon` does it.
 * `crlf`: the caller has found that every LF of it has a CR before it (`hasLfWithoutCr`).
 */
export function canonicalBody(
  body: Buffer,
  canon: 'relaxed' | 'simple',
  crlf = false,
): CanonicalBody {
  if (canon === 'simple') {
    const end = endWithoutBreaks(body, body.length);
    return { canon, bytes: body, end, linesEnd: end };
  }
  const relaxed = needsNoRewrite(body, crlf)
    ? { bytes: body, linesEnd: body.lastIndexOf(LF) + 1 }
    : relaxBody(body);
  return {
    canon,
    bytes: relaxed.bytes,
    end: endWithoutBreaks(relaxed.bytes, relaxed.bytes.length),
    linesEnd: endWithoutBreaks(relaxed.bytes, relaxed.linesEnd),
  };
}

/** What a body hasher of mailauth's gives: the hash and the two counts its results report. */
export interface BodyHash {
  /** base64. */
  hash: string;
  /** Bytes of the canonical body hashed (`bodyHashedBytes`): `l=` of them at most. */
  hashedBytes: number;
  /** Bytes of the canonical body counted (`canonicalizedLength`), hashed or not past `l=`. */
  canonicalLength: number;
}

const CRLF = Buffer.from('\r\n');

/**
 * The body hash of a signature as mailauth's `dkimBody(canon, algorithm, limit)` gives it for a
 * body written to it in one piece (`body`, canonicalised), as its verifier writes a message read
 * in one chunk. `limit` is the hasher's `maxBodyLength` (the `l=` tag as mailauth reads it: a
 * number, or '' without one): it counts only as a number from 0 up, 0 hashing nothing at all, a
 * fraction as its whole part. Simple: the body without its trailing CRs and LFs, then CRLF.
 * Relaxed: the relaxed body without them, then CRLF unless nothing was hashed. Where `l=` cuts the
 * body, mailauth's count goes on to the end of the piece it was given when the cut came: for
 * relaxed, the complete lines first (their trailing line breaks held back), the rest at the end;
 * for simple, all of it, the final CRLF even with `l=0`.
 */
export function bodyHash(body: CanonicalBody, algorithm = 'sha256', limit: unknown = ''): BodyHash {
  const max = typeof limit === 'number' && limit >= 0 ? Math.floor(limit) : Infinity;
  let total: number;
  let counted: number;
  if (body.canon === 'simple') {
    total = body.end + 2;
    counted = limit === 0 ? 2 : total;
  } else {
    total = body.end + (Math.min(body.end, max) > 0 ? 2 : 0);
    counted = limit === 0 ? 0 : body.linesEnd > max ? body.linesEnd : total;
  }
  const hashed = limit === 0 ? 0 : Math.min(max, total);
  const hash = createHash(algorithm);
  hash.update(body.bytes.subarray(0, Math.min(hashed, body.end)));
  if (hashed > body.end) hash.update(CRLF.subarray(0, hashed - body.end));
  return { hash: hash.digest('base64'), hashedBytes: hashed, canonicalLength: counted };
}
