import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';
import { authClause, type DkimOutcome, type DkimSignatureOutcome } from './auth-results';
import { bodyHash, canonicalBody, hasLfWithoutCr, withMailauthLineEnds } from './dkim-body';
import type { DnsLookup } from './dns-resolver';

/**
 * DKIM (RFC 6376) of the common case, without mailauth: rsa-sha256 or ed25519-sha256, relaxed or
 * simple canonicalisation, no `l=`, CRLF line ends in the header. A fast path behind mailauth's
 * `dkimVerify` (docs/architecture.md, "Fast paths"): `verifyDkim` answers what it is sure of, in
 * mailauth's words, and null for everything else, which message-auth.ts then hands to mailauth
 * untouched. "The same as mailauth" includes mailauth's own readings where they differ from the
 * RFC (noted below where they matter); `dkim-verify.test.ts` holds the two equal. Checked against
 * mailauth 4.13.3 (`lib/dkim/dkim-verifier.js`, `message-parser.js`, `body/`, `header/`,
 * `lib/tools.js`, `lib/parse-dkim-headers.js`).
 *
 * What it saves: mailauth parses the public key from its DNS text for every signature (twice:
 * once to check it, once more from the PEM it exports), and feeds the message through a stream
 * parser and body hashers a few bytes at a time. Here the parsed key is kept beside the DNS
 * answer it came from, for as long as the resolver keeps that answer, and the body is hashed by
 * dkim-body.ts (bench/README.md, "Mail checks").
 */

/** A header field as mailauth's `parseHeaders` cuts it: its name and where it lies in the message. */
export interface HeaderField {
  /** The name, trimmed and lower-case; null for a field that starts with a colon. */
  key: string | null;
  /** Its first byte. */
  start: number;
  /** The byte after it, before its final CRLF: its folds are inside. */
  end: number;
  /** Its first colon, or -1. */
  colon: number;
}

export interface MessageHead {
  raw: Buffer;
  /** The header (latin1), as the offsets of the fields read it. */
  text: string;
  fields: HeaderField[];
  /** Where the body starts, past the blank line. */
  bodyStart: number;
}

export const CR = 0x0d;
export const LF = 0x0a;
export const SP = 0x20;
export const TAB = 0x09;
const COLON = 0x3a;
const SEMICOLON = 0x3b;

/** The characters JavaScript's `\s` matches among latin1's, which is how mailauth reads blanks. */
export const BLANK = new Uint8Array(256);
for (const c of [TAB, LF, 0x0b, 0x0c, CR, SP, 0xa0]) BLANK[c] = 1;

/**
 * A DKIM-Signature or ARC field larger than this is not read. Real ones are 0.5-1 KB (a 4096-bit
 * RSA signature, `h=` of some forty names, a few KB with `z=`); mailauth's tag parser costs
 * 0.1-0.2 µs a byte of them, its b= pattern their size times their longest run of separators.
 */
export const MAX_SIGNATURE_FIELD_BYTES = 8 * 1024;

/**
 * The longest run of separators (`;`, `:`, blanks and line breaks, as mailauth's b= pattern
 * `/([;:\s]+b=)[^;]+/` reads them) in a signature field read. Real fields fold as `;`, CRLF and
 * a tab or eight spaces, 11 characters at most; the pattern costs the run's length for each of
 * its characters.
 */
export const MAX_SEPARATOR_RUN = 32;

/**
 * Semicolons in a signature field read: its tags, empty ones included (mailauth splices each
 * empty one out of an array). Real fields have about a dozen tags, an
 * ARC-Authentication-Results one per method.
 */
export const MAX_SIGNATURE_TAGS = 64;

/** Colons in a signature field read: the names of `h=` (and `z=`); real lists name forty at most. */
export const MAX_SIGNED_NAMES = 128;

/**
 * Why a signature field is past the bounds above, or null when it is within them. Past them it is
 * not verified on either path: the fast path leaves the message to the plain one, which reports
 * the signature as permerror and gives mailauth the rest (auth-bounds.ts).
 */
export function signatureFieldOverBound(field: string): string | null {
  if (field.length > MAX_SIGNATURE_FIELD_BYTES) return 'signature field too large to verify';
  let run = 0;
  let longest = 0;
  let semicolons = 0;
  let colons = 0;
  for (let i = 0; i < field.length; i++) {
    const c = field.charCodeAt(i);
    if (c === SEMICOLON) semicolons++;
    else if (c === COLON) colons++;
    if (c === SEMICOLON || c === COLON || (c < 256 && BLANK[c])) {
      if (++run > longest) longest = run;
    } else run = 0;
  }
  if (longest > MAX_SEPARATOR_RUN) return 'signature field of a long run of separators';
  if (semicolons > MAX_SIGNATURE_TAGS) return 'signature field of too many tags';
  if (colons > MAX_SIGNED_NAMES) return 'signature field naming too many fields';
  return null;
}

/**
 * The header of `raw` as mailauth reads it, in one pass over its bytes, when every line of it
 * ends in CRLF: mailauth turns a bare LF into CRLF before it looks for the blank line, so a
 * message with a bare CR or LF in its header is left to it, as is one without a blank line. A
 * line that starts with a blank (as /^\s/ sees it: \xa0 too) continues the field before it.
 */
export function readHead(raw: Buffer): MessageHead | null {
  const end = raw.indexOf('\r\n\r\n');
  if (end <= 0) return null;
  const text = raw.toString('latin1', 0, end);
  const fields: HeaderField[] = [];
  let start = 0;
  let colon = -1;
  for (let i = 0; i < end; i++) {
    const c = raw[i]!;
    if (c === COLON) {
      if (colon < 0) colon = i;
      continue;
    }
    if (c === LF) return null;
    if (c !== CR) continue;
    if (raw[i + 1] !== LF) return null;
    if (!BLANK[raw[i + 2]!]) {
      fields.push(fieldAt(text, start, i, colon));
      start = i + 2;
      colon = -1;
    }
    i++;
  }
  fields.push(fieldAt(text, start, end, colon));
  return { raw, text, fields, bodyStart: end + 4 };
}

/** A field, its name as mailauth's /^[^:]+/ of it, trimmed and lower-cased. */
function fieldAt(text: string, start: number, end: number, colon: number): HeaderField {
  const key =
    colon === start
      ? null
      : text
          .slice(start, colon < 0 ? end : colon)
          .trim()
          .toLowerCase();
  return { key, start, end, colon };
}

/** A field's text as mailauth has it (latin1), its folds inside. */
const lineOf = (head: MessageHead, field: HeaderField) => head.text.slice(field.start, field.end);

/** A part of a tag list with something in it, from its first character that is no blank. */
const PART = /[^;\s][^;]*/g;

/** The tags of a DKIM-Signature this path takes; any other tag sends the message to mailauth. */
const TAGS = new Set(['v', 'a', 'b', 'bh', 'c', 'd', 'h', 'i', 'q', 's', 't', 'x']);

const CANONICALISATIONS = new Set([
  'relaxed',
  'simple',
  'relaxed/relaxed',
  'relaxed/simple',
  'simple/relaxed',
  'simple/simple',
]);

const LDH_DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/i;
const SELECTOR = /^[a-z0-9_](?:[a-z0-9_-]{0,62})(?:\.[a-z0-9_](?:[a-z0-9_-]{0,62}))*$/i;
const NUMBER = /^\d{1,12}$/;

interface Signature {
  field: HeaderField;
  /** The field's text (latin1). */
  line: string;
  algorithm: 'rsa-sha256' | 'ed25519-sha256';
  headerCanon: 'relaxed' | 'simple';
  bodyCanon: 'relaxed' | 'simple';
  domain: string;
  selector: string;
  /** `h=` lower-cased and split, empty names and all (mailauth skips those). */
  signedFields: string[];
  bodyHash: string;
  signature: string;
  /** Seconds since the epoch. */
  timestamp: number | null;
  expiration: number | null;
}

/**
 * A DKIM-Signature of the common case, or null. mailauth's tag parser reads comments, quotes
 * and backslashes in its own way (a backslash doubles the characters after it); a field with
 * any of them, a tag it does not know, or a tag twice is left to it, so that for what is taken
 * here its parse and this one agree.
 */
function readSignature(head: MessageHead, field: HeaderField): Signature | null {
  const line = lineOf(head, field);
  const value = line.slice(line.indexOf(':') + 1);
  // mailauth reads the field as UTF-8; plain ASCII reads the same either way.
  if (/[^\x20-\x7e\r\n\t]|[\\()"']/.test(value)) return null;
  const tags = new Map<string, string>();
  // The parts with something in them; mailauth drops the blank ones. A known tag may come once,
  // so past a dozen parts the field is left to mailauth, however long it is.
  for (const [part] of value.matchAll(PART)) {
    const eq = part.indexOf('=');
    if (eq < 0) return null;
    const key = part.slice(0, eq).trim();
    if (!TAGS.has(key) || tags.has(key)) return null;
    const text = part.slice(eq + 1);
    // mailauth collapses the blanks of a value, and drops them from b=, bh= and h=.
    tags.set(
      key,
      key === 'b' || key === 'bh' || key === 'h'
        ? text.replace(/\s+/g, '')
        : text.replace(/\s+/g, ' ').trim(),
    );
  }
  const algorithm = tags.get('a');
  const canonicalization = tags.get('c') ?? 'simple/simple';
  const domain = tags.get('d') ?? '';
  const selector = tags.get('s') ?? '';
  // Empty names are skipped where the fields are picked.
  const signedFields = (tags.get('h') ?? '').toLowerCase().split(':');
  const bodyHash = tags.get('bh') ?? '';
  const signature = tags.get('b') ?? '';
  const t = tags.get('t');
  const x = tags.get('x');
  if (
    tags.get('v') !== '1' ||
    (algorithm !== 'rsa-sha256' && algorithm !== 'ed25519-sha256') ||
    !CANONICALISATIONS.has(canonicalization) ||
    !LDH_DOMAIN.test(domain) ||
    !SELECTOR.test(selector) ||
    !signedFields.some(Boolean) ||
    !bodyHash ||
    !signature ||
    (t !== undefined && !NUMBER.test(t)) ||
    (x !== undefined && !NUMBER.test(x))
  ) {
    return null;
  }
  const [headerCanon, bodyCanon = 'simple'] = canonicalization.split('/') as [
    'relaxed' | 'simple',
    ('relaxed' | 'simple')?,
  ];
  return {
    field,
    line,
    algorithm,
    headerCanon,
    bodyCanon,
    domain,
    selector,
    signedFields,
    bodyHash,
    signature,
    timestamp: t === undefined ? null : Number(t),
    expiration: x === undefined ? null : Number(x),
  };
}

/**
 * The From addresses, for the plain forms `local@domain`, `<local@domain>` and
 * `Display Name <local@domain>` (the name plain words or one quoted string), each field holding
 * one address; null for anything else (groups, comments, lists, encoded or 8-bit text), which
 * mailauth reads with nodemailer's address parser.
 */
function fromAddresses(head: MessageHead): string[] | null {
  const addresses: string[] = [];
  for (const field of head.fields) {
    if (field.key !== 'from') continue;
    const line = lineOf(head, field);
    const address = plainFromAddress(line.slice(line.indexOf(':') + 1).trim());
    if (address === null) return null;
    addresses.push(address);
  }
  return addresses;
}

const ADDRESS =
  "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,63}";
// No two neighbouring parts may both take a blank: the match stays linear on a run of them.
const FROM = new RegExp(
  `^(?:(${ADDRESS})|(?:"[^"\\\\\\r\\n<>@]*" *|[A-Za-z0-9!#$%&'*+/=?^_\`{|}~. -]*)<(${ADDRESS})>)$`,
);

/**
 * The address of a From value (the field after its colon, trimmed) of a plain form, or null:
 * nodemailer's address parser, mailauth's reader, reads these forms in one pass too.
 */
export function plainFromAddress(value: string): string | null {
  const match = FROM.exec(value);
  return match ? (match[1] ?? match[2]!) : null;
}

/**
 * The fields `h=` names, as mailauth picks them: for each name the last one not yet taken. By
 * name, so that the work is linear in the names and the fields (mailauth's loops are not).
 */
function signedFieldsOf(byName: Map<string, number[]>, fields: HeaderField[], names: string[]) {
  const left = new Map<string, number>();
  const out: HeaderField[] = [];
  for (const name of names) {
    if (!name) continue;
    const at = byName.get(name);
    if (!at) continue;
    const next = left.get(name) ?? at.length;
    if (next === 0) continue;
    left.set(name, next - 1);
    out.push(fields[at[next - 1]!]!);
  }
  return out;
}

/**
 * `bytes` from `start` to `end` with every run of blanks made one space and none at either end,
 * written at `at` of `out`, lower-cased if `lower` as JavaScript lower-cases latin1 (A-Z and
 * À-Þ but ×); where it ends. mailauth first drops the CRLFs of folds, then turns runs of blanks
 * into a space: the same, since in a field every CRLF is followed by a blank.
 */
function collapse(
  bytes: Buffer,
  start: number,
  end: number,
  out: Buffer,
  at: number,
  lower = false,
): number {
  let o = at;
  let pending = false;
  for (let i = start; i < end; i++) {
    let c = bytes[i]!;
    if (BLANK[c]) {
      pending = o > at;
      continue;
    }
    if (pending) {
      out[o++] = SP;
      pending = false;
    }
    if (lower && ((c >= 0x41 && c <= 0x5a) || (c >= 0xc0 && c <= 0xde && c !== 0xd7))) c += 0x20;
    out[o++] = c;
  }
  return o;
}

/**
 * A field in relaxed canonicalisation (RFC 6376 §3.4.2), byte for byte as mailauth's
 * `formatRelaxedLine` makes it with its regexes: the name lower-cased, blanks collapsed, none
 * around the colon or at the ends. Written at `at` of `out`; where it ends.
 */
export function relaxField(raw: Buffer, field: HeaderField, out: Buffer, at: number): number {
  if (field.colon < 0) return collapse(raw, field.start, field.end, out, at);
  const o = collapse(raw, field.start, field.colon, out, at, true);
  out[o] = COLON;
  return collapse(raw, field.colon + 1, field.end, out, o + 1);
}

/** The characters mailauth's b= pattern takes before `b=`: `[;:\s]`. */
const isSeparator = (c: string) => c === ';' || c === ':' || /\s/.test(c);

/**
 * The signature field with its b= value taken out, as mailauth's
 * `.replace(/([;:\s]+b=)[^;]+/, '$1')` does it: the first `b=` after a separator whose value is
 * not empty loses its value, up to the next `;`. Found in one pass: on a long run of separators
 * the regex tries every start of the run to its end.
 */
export function withoutB(line: string): string {
  for (let at = line.indexOf('b='); at >= 0; at = line.indexOf('b=', at + 1)) {
    if (at === 0 || !isSeparator(line[at - 1]!)) continue;
    const value = at + 2;
    if (value >= line.length || line[value] === ';') continue;
    const end = line.indexOf(';', value);
    return line.slice(0, value) + (end < 0 ? '' : line.slice(end));
  }
  return line;
}

/** The header hash input of `sig` (RFC 6376 §3.7), as mailauth's `generateCanonicalizedHeader`. */
function canonicalHeader(sig: Signature, head: MessageHead, byName: Map<string, number[]>): Buffer {
  const chosen = signedFieldsOf(byName, head.fields, sig.signedFields);
  let size = sig.field.end - sig.field.start;
  for (const field of chosen) size += field.end - field.start + 2;
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  for (const field of chosen) {
    at =
      sig.headerCanon === 'relaxed'
        ? relaxField(head.raw, field, out, at)
        : at + head.raw.copy(out, at, field.start, field.end);
    out[at++] = CR;
    out[at++] = LF;
  }
  let own: string;
  if (sig.headerCanon === 'relaxed') {
    const end = relaxField(head.raw, sig.field, out, at);
    own = out.toString('latin1', at, end);
  } else own = sig.line;
  at += out.write(withoutB(own), at, 'latin1');
  return out.subarray(0, at);
}

/** The indexes of the fields of each name, in header order. */
function fieldsByName(fields: HeaderField[]): Map<string, number[]> {
  const byName = new Map<string, number[]>();
  fields.forEach((field, i) => {
    if (field.key === null) return;
    const list = byName.get(field.key);
    if (list) list.push(i);
    else byName.set(field.key, [i]);
  });
  return byName;
}

/** A public key of a DKIM key record, parsed, with its type. */
interface ParsedKey {
  key: KeyObject;
  type: 'rsa' | 'ed25519';
}

/**
 * Parsed keys by the DNS answer they came from: the record's array of strings, which the
 * resolver hands out as the same object for as long as it keeps the answer
 * (`dns-resolver.test.ts` holds it to that). So a key is parsed once per answer, and a new
 * answer (the TTL ran out, the record changed) is parsed anew.
 */
const parsedKeys = new WeakMap<object, ParsedKey | null>();

/** Joi's `string().base64({ paddingRequired: false })`, which mailauth checks `p=` with. */
const BASE64 =
  /^(?:[A-Za-z0-9+/]{2}[A-Za-z0-9+/]{2})*(?:[A-Za-z0-9+/]{2}(==)?|[A-Za-z0-9+/]{3}=?)?$/;

/**
 * The key of a DKIM key record (RFC 6376 §3.6.1) as mailauth's `getPublicKey` takes it: the
 * first TXT record, its strings joined and its blanks dropped; `p=` base64, a 32-byte key read
 * as ed25519, any other as an RSA SubjectPublicKeyInfo; `v=` DKIM1 if present, `k=` the key's
 * type if present, RSA of 1024 bits at least. Null for any record it would refuse, and for any
 * that its tag parser would read differently from a plain split (quotes, comments, backslashes,
 * a tag twice): mailauth answers those.
 */
export function publicKeyOf(answer: unknown): ParsedKey | null {
  if (!Array.isArray(answer) || !Array.isArray(answer[0])) return null;
  const record = answer[0] as unknown[];
  const kept = parsedKeys.get(record);
  if (kept !== undefined) return kept;
  const parsed = parseKey(record.join('').replace(/\s+/g, ''));
  parsedKeys.set(record, parsed);
  return parsed;
}

function parseKey(rr: string): ParsedKey | null {
  if (!rr || /[\\()"']/.test(rr)) return null;
  const tags = new Map<string, string>();
  for (const part of rr.split(';')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    if (eq <= 0) return null;
    const key = part.slice(0, eq).toLowerCase();
    if (!/^[a-z]+$/.test(key) || tags.has(key)) return null;
    tags.set(key, part.slice(eq + 1));
  }
  const p = tags.get('p');
  const v = tags.get('v');
  const k = tags.get('k');
  if (!p || !BASE64.test(p) || (v !== undefined && v.toLowerCase() !== 'dkim1')) return null;
  const der = Buffer.from(p, 'base64');
  let key: KeyObject;
  try {
    key =
      der.length === 32
        ? createPublicKey({
            key: Buffer.concat([Buffer.from('302A300506032B6570032100', 'hex'), der]),
            format: 'der',
            type: 'spki',
          })
        : createPublicKey({
            // The PEM mailauth builds, so that what OpenSSL accepts is the same.
            key: `-----BEGIN PUBLIC KEY-----\n${(p + '='.repeat((4 - (p.length % 4)) % 4)).replace(/.{64}/g, '$&\n').trim()}\n-----END PUBLIC KEY-----`,
            format: 'pem',
          });
  } catch {
    return null;
  }
  const type = key.asymmetricKeyType;
  if (type !== 'rsa' && type !== 'ed25519') return null;
  if (k !== undefined && k.toLowerCase() !== type) return null;
  if (type === 'rsa' && (key.asymmetricKeyDetails?.modulusLength ?? 0) < 1024) return null;
  return { key, type };
}

/** A clause of mailauth's for one signature. */
function clause(sig: Signature, result: string, comment: string | false): DkimSignatureOutcome {
  return {
    signingDomain: sig.domain,
    result,
    info: authClause('dkim', result, comment, [
      ['header.i', `@${sig.domain}`],
      ['header.s', sig.selector],
      ['header.a', sig.algorithm],
      ['header.b', sig.signature.slice(0, 8)],
    ]),
  };
}

/**
 * The ARC set (RFC 8617). mailauth's `dkimVerify` verifies the newest ARC-Message-Signature
 * beside the DKIM signatures but keeps its result apart from theirs, and nothing here reports
 * ARC: so ARC fields are fields like any other, read only when a signature names them.
 */
export const ARC_FIELDS: ReadonlySet<string> = new Set([
  'arc-seal',
  'arc-message-signature',
  'arc-authentication-results',
]);

/**
 * DKIM of `raw` the way mailauth's `dkimVerify` gives it, for the common case; null to leave it to
 * mailauth: a header it reads differently (bare CR or LF, no blank line), a signature field past
 * `signatureFieldOverBound` (reported as permerror there), a signature that names an ARC field
 * (mailauth would be given the ARC set), more signatures than `maxSignatures`
 * (mailauth is given only the first ones), a signature outside the common case, a From this path
 * does not read, and any key or DNS error (mailauth words each its own way). The body is read
 * with mailauth's line ends (`withMailauthLineEnds`). Each key is asked for through `lookup`, in order, only for a
 * signature whose body hash matched, as mailauth does.
 */
export async function verifyDkim(
  raw: Buffer,
  lookup: DnsLookup,
  maxSignatures: number,
): Promise<DkimOutcome | null> {
  const now = Date.now();
  const head = readHead(raw);
  if (!head) return null;
  const signatures: Signature[] = [];
  let arc = false;
  for (const field of head.fields) {
    if (field.key !== null && ARC_FIELDS.has(field.key)) arc = true;
    if (field.key !== 'dkim-signature') continue;
    if (signatureFieldOverBound(lineOf(head, field)) !== null) return null;
    const sig = readSignature(head, field);
    if (!sig || signatures.length === maxSignatures) return null;
    signatures.push(sig);
  }
  if (arc && signatures.some((sig) => sig.signedFields.some((name) => ARC_FIELDS.has(name)))) {
    return null;
  }
  const headerFrom = fromAddresses(head);
  if (!headerFrom) return null;
  if (!signatures.length) {
    return {
      headerFrom,
      signatures: [{ result: 'none', info: authClause('dkim', 'none', 'message not signed', []) }],
    };
  }

  let body = raw.subarray(head.bodyStart);
  const crlf = !hasLfWithoutCr(body);
  // The header has no bare LF, so the body starts where it did.
  if (!crlf) body = withMailauthLineEnds(raw).subarray(head.bodyStart);
  const bodyHashes = new Map<string, string>();
  let byName: Map<string, number[]> | undefined;
  const outcomes: DkimSignatureOutcome[] = [];
  for (const sig of signatures) {
    let hash = bodyHashes.get(sig.bodyCanon);
    if (hash === undefined) {
      hash = bodyHash(canonicalBody(body, sig.bodyCanon, crlf)).hash;
      bodyHashes.set(sig.bodyCanon, hash);
    }
    if (sig.bodyHash !== hash) {
      outcomes.push(clause(sig, 'neutral', 'body hash did not verify'));
      continue;
    }
    let answer: unknown;
    try {
      answer = await lookup(`${sig.selector}._domainkey.${sig.domain}`, 'TXT');
    } catch {
      return null;
    }
    const parsed = publicKeyOf(answer);
    if (!parsed || parsed.type !== sig.algorithm.split('-')[0]) return null;
    byName ??= fieldsByName(head.fields);
    const data = canonicalHeader(sig, head, byName);
    let good: boolean;
    try {
      good =
        parsed.type === 'rsa'
          ? verify('sha256', data, parsed.key, Buffer.from(sig.signature, 'base64'))
          : verify(
              null,
              createHash('sha256').update(data).digest(),
              parsed.key,
              Buffer.from(sig.signature, 'base64'),
            );
    } catch {
      return null;
    }
    if (!good) {
      outcomes.push(clause(sig, 'fail', 'bad signature'));
      continue;
    }
    // mailauth checks the times of a good signature only, the second check winning.
    let result = 'pass';
    let comment: string | false = false;
    if (sig.expiration !== null && sig.timestamp !== null && sig.expiration < sig.timestamp) {
      result = 'neutral';
      comment = 'invalid expiration';
    }
    if (sig.expiration !== null && sig.expiration * 1000 < now) {
      result = 'neutral';
      comment = 'expired';
    }
    outcomes.push(clause(sig, result, comment));
  }
  return { headerFrom, signatures: outcomes };
}
