import { withMailauthLineEnds } from './dkim-body';
import {
  ARC_FIELDS,
  BLANK,
  CR,
  LF,
  MAX_SIGNED_NAMES,
  plainFromAddress,
  signatureFieldOverBound,
} from './dkim-verify';

/**
 * What mailauth's DKIM check (the plain path of the sender checks, message-auth.ts) is given of
 * a message, and the bounds that keep its work linear (docs/architecture.md, "Hostile mail").
 * Some of mailauth's steps cost more than a constant per byte on inputs the sender chooses: its
 * header parser splices an array once per folded line and tries `/[\r\n]+$/` from every byte of
 * a run of line breaks; its b= pattern tries every start of a run of separators; its tag parser
 * splices once per empty tag; it scans the header once per name of `h=`; nodemailer's address
 * parser tries a pattern from every character of a From without an address in brackets. Others
 * are linear with a large constant: its reader walks the header byte by byte with an allocation
 * each, and its body hashers walk the body byte by byte, rewriting each line to canonicalise on
 * its own, after every bare LF has made a chunk of its own. Checked
 * against mailauth 4.13.3 (`lib/tools.js`, `lib/parse-dkim-headers.js`, `lib/dkim/`,
 * `lib/arc/index.js`) and the nodemailer 8.0.7 it brings (`lib/addressparser`); the figures are
 * in bench/README.md ("Mail checks").
 *
 * So mailauth is given, of a message: the header fields DKIM reads (the signatures, the fields
 * their `h=` may name, and From), each signature field of a plain size and shape,
 * at most `MAX_AUTH_HEADER_LINES` lines and `MAX_AUTH_HEADER_BYTES` bytes in all. Its body
 * hashers are not given the body: message-auth.ts puts in their place the hash dkim-body.ts
 * makes of it, with mailauth's own line ends, as mailauth's hashers make it. Each of these gives
 * mailauth's own result: the fields left out are ones it would not read, the body hashes are
 * its hashers'. What is past a bound is not verified: a
 * signature field of an absurd shape is left out, as those past `MAX_DKIM_SIGNATURES` are, and
 * reported as permerror; a header past a bound is not given to mailauth's DKIM at all (one
 * permerror for its signatures), and DMARC still gets its From (`FromInput`). The DNS records
 * the sender publishes are bounded too, before mailauth's key and SPF parsers read them
 * (`MAX_KEY_RECORD_BYTES`, `spfRecordOverBound`).
 */

/**
 * Lines of the header fields mailauth is given. Its parser splices an array once per folded
 * line: a field of 1,000 folds costs 1.6x the same lines unfolded, one of 40,000 a thousand
 * times more. Real messages have a few hundred lines in all, long Received chains and ARC sets
 * included, and fewer in the fields DKIM reads.
 */
export const MAX_AUTH_HEADER_LINES = 1000;

/**
 * Bytes of the header fields mailauth is given. Its reader walks the header byte by byte with
 * an array allocated for each (60-140 ns a byte, against some 4 for a byte of body). The fields
 * DKIM reads of a real message (signatures, From, To, Subject, Date, Message-ID, References,
 * ARC sets) are 2-10 KB, a heavily forwarded one's some 15.
 */
export const MAX_AUTH_HEADER_BYTES = 32 * 1024;

/**
 * Fields mailauth may compare while it picks the signed ones: it scans the header from its end
 * for each name of each signature's `h=`. Real messages: five signatures of forty names over
 * some fifty fields, 10,000.
 */
export const MAX_NAME_LOOKUPS = 100_000;

/**
 * Bytes of From fields of other than the plain forms (`a@b`, `<a@b>`, `Name <a@b>`,
 * `"Name" <a@b>`, which it reads in one pass) that nodemailer's address parser is given: on a
 * From without an address in brackets it tries a pattern from every character (4 KB: 40 ms).
 * Real ones are under 300 bytes, a long name in encoded words included.
 */
export const MAX_FROM_BYTES = 1024;

/**
 * The longest run of CRs and LFs in a field mailauth is given: its parser tries `/[\r\n]+$/`
 * from each of them (16,000 bare CRs: 0.4 s). A field has a CRLF at each fold, a stray CR at
 * most beside it.
 */
export const MAX_LINE_BREAK_RUN = 8;

/** A header field as mailauth's `parseHeaders` cuts it. */
interface AuthField {
  /** Its name as mailauth keys it (`/^[^:]+/` of the field, trimmed, lower-case), or null. */
  key: string | null;
  /** Its first and past-last character in `AuthHead.text`, its folds inside. */
  start: number;
  end: number;
  lines: number;
}

/** A message as mailauth's DKIM reads it. */
interface AuthHead {
  /** The message with mailauth's line ends (`withMailauthLineEnds`). */
  bytes: Buffer;
  /** The header (latin1) without its final line breaks, as mailauth parses it. */
  text: string;
  fields: AuthField[];
  /**
   * Where the body starts in `bytes`; null without a blank line, when mailauth reads the whole
   * message as its header and, its body hashes never made, verifies nothing ("none").
   */
  bodyStart: number | null;
}

/**
 * The header of `raw` cut as mailauth cuts it, in one pass: it ends at the first LF after an LF
 * or after CR LF (mailauth's message parser), loses its final CRs and LFs, and its lines (split
 * at each LF, the CR before it dropped) start a field unless they start with a blank as `/^\s/`
 * sees it; the first line always does.
 */
function readAuthHead(raw: Buffer): AuthHead {
  const bytes = withMailauthLineEnds(raw);
  const crlf = bytes.indexOf('\n\r\n');
  // An LF after an LF ends it too if it comes first (searched for only that far: on a body of
  // CRLF lines the search costs some 3 ns a byte).
  const double = bytes.subarray(0, crlf < 0 ? bytes.length : crlf + 2).indexOf('\n\n');
  const ends = [double < 0 ? -1 : double + 2, crlf < 0 ? -1 : crlf + 3].filter((e) => e >= 0);
  const headerEnd = ends.length ? Math.min(...ends) : bytes.length;
  let textEnd = headerEnd;
  while (textEnd > 0 && (bytes[textEnd - 1] === CR || bytes[textEnd - 1] === LF)) textEnd--;
  const text = bytes.toString('latin1', 0, textEnd);
  const fields: AuthField[] = [];
  let field: AuthField | null = null;
  for (let start = 0; start <= text.length;) {
    let lf = text.indexOf('\n', start);
    if (lf < 0) lf = text.length;
    // Inside the header every LF has its CR: a lone one is made CRLF, two in a row end it.
    const end = lf > start && text.charCodeAt(lf - 1) === CR ? lf - 1 : lf;
    if (field && BLANK[text.charCodeAt(start)]) {
      field.end = end;
      field.lines++;
    } else {
      field = { key: null, start, end, lines: 1 };
      fields.push(field);
    }
    start = lf + 1;
  }
  for (const f of fields) {
    const name = /^[^:]+/.exec(text.slice(f.start, f.end));
    f.key = name ? name[0].trim().toLowerCase() : null;
  }
  return { bytes, text, fields, bodyStart: ends.length ? headerEnd : null };
}

/** The fields whose tag lists mailauth parses: the signatures and the ARC set. */
const SIGNATURE_KEYS = new Set([
  'dkim-signature',
  'arc-seal',
  'arc-message-signature',
  'arc-authentication-results',
]);

/**
 * What mailauth is given of every message: From, for DMARC. The ARC set only when a signature
 * names one of its fields (dkim-verify.ts, `ARC_FIELDS`): mailauth would verify the newest
 * ARC-Message-Signature, with a DNS question of its own, for a result nothing here reports.
 */
const ALWAYS_READ = ['from'];

/** mailauth's names for a signature without `h=` (`defaultDKIMFieldNames` in its lib/tools.js). */
const DEFAULT_SIGNED_NAMES = (
  'From:Sender:Reply-To:Subject:Date:Message-ID:To:' +
  'Cc:MIME-Version:Content-Type:Content-Transfer-Encoding:Content-ID:' +
  'Content-Description:Resent-Date:Resent-From:Resent-Sender:' +
  'Resent-To:Resent-Cc:Resent-Message-ID:In-Reply-To:References:' +
  'List-Id:List-Help:List-Unsubscribe:List-Subscribe:List-Post:' +
  'List-Owner:List-Archive:BIMI-Selector'
)
  .toLowerCase()
  .split(':');

/**
 * A signature field's tags as mailauth's tag parser reads them, for a field without quotes,
 * comments or backslashes (which it reads its own way: null): split at semicolons, each at its
 * first `=`, names trimmed and lower-cased, values with their blanks collapsed; the last of a
 * name wins. Enough to say which fields its `h=` may name.
 */
interface PlainSignature {
  /** Every name its `h=` may hold (a superset: every colon-separated word), lower-case. */
  names: string[];
  /** `b=` without its blanks, which mailauth's result of it carries (null without one). */
  b: string | null;
}

function readPlainSignature(field: string): PlainSignature | null {
  const value = field.slice(field.indexOf(':') + 1);
  if (/["'()\\]/.test(value)) return null;
  const names: string[] = [];
  let signsDefaults = true;
  let b: string | null = null;
  for (const part of value.split(';')) {
    const eq = part.indexOf('=');
    const key = (eq < 0 ? part : part.slice(0, eq)).replace(/\s+/g, ' ').trim().toLowerCase();
    const tag = eq < 0 ? '' : part.slice(eq + 1);
    if (key === 'h') signsDefaults = false;
    else if (key === 'b' && eq >= 0) b = tag.replace(/\s+/g, '');
    // Both the whole part and its value, blanks dropped as mailauth drops them from `h=`.
    for (const words of [part, tag]) {
      for (const name of words.replace(/\s+/g, '').split(':')) {
        if (name) names.push(name.trim().toLowerCase());
      }
    }
  }
  if (signsDefaults) names.push(...DEFAULT_SIGNED_NAMES);
  return { names, b };
}

/** How DMARC gets the From addresses of a message that mailauth's DKIM does not read. */
export type FromInput =
  /** mailauth reads them from these From fields alone, as it would from the whole header. */
  | { kind: 'mailauth'; header: Buffer }
  /** A From of an absurd form past `MAX_FROM_BYTES`: read here (`scanAddresses`). */
  | { kind: 'scanned'; addresses: string[] };

/**
 * A DKIM-Signature field of the first `MAX_DKIM_SIGNATURES`, in header order: one that mailauth
 * reads (its `b=`, which mailauth's result of it carries, to put the results in header order
 * among the others; null when its tags are not read here), or one it is not given, and why.
 */
export type SignatureEntry = { b: string | null } | { skipped: string };

export type DkimInput =
  /** No blank line: mailauth verifies nothing ("none"), only its From is read. */
  | { kind: 'unsigned'; from: FromInput }
  /** Past a bound of the header: not given to mailauth's DKIM, its From read alone. */
  | { kind: 'over'; reason: string; signed: boolean; from: FromInput }
  /**
   * What mailauth's DKIM verifies the signatures from: the header fields it reads, ending in the
   * blank line; the body with its line ends (for the hashes made in place of its hashers'); and
   * the signatures in header order.
   */
  | { kind: 'given'; header: Buffer; body: Buffer; signatures: SignatureEntry[] };

/** A field's text. */
const textOf = (head: AuthHead, f: AuthField) => head.text.slice(f.start, f.end);

/** A From field's value as mailauth reads it: after its first colon, trimmed. */
const fromValue = (field: string) => field.slice(field.indexOf(':') + 1).trim();

/** The longest run of CRs and LFs in `text`. */
function longestBreakRun(text: string): number {
  let run = 0;
  let longest = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === CR || c === LF) {
      if (++run > longest) longest = run;
    } else run = 0;
  }
  return longest;
}

/** Whether mailauth's address parser and header parser read the From fields of `head` in bounds. */
function fromInBounds(head: AuthHead): boolean {
  let bytes = 0;
  for (const f of head.fields) {
    if (f.key !== 'from') continue;
    const field = textOf(head, f);
    if (longestBreakRun(field) > MAX_LINE_BREAK_RUN) return false;
    if (plainFromAddress(fromValue(field)) === null) bytes += field.length;
  }
  return bytes <= MAX_FROM_BYTES;
}

/** The From addresses of `head` for DMARC, when mailauth's DKIM is not given the message. */
function fromInputOf(head: AuthHead): FromInput {
  const fields = head.fields.filter((f) => f.key === 'from');
  if (fromInBounds(head)) {
    const header = fields.map((f) => `${textOf(head, f)}\r\n`).join('');
    return { kind: 'mailauth', header: Buffer.from(`${header}\r\n`, 'latin1') };
  }
  return {
    kind: 'scanned',
    addresses: fields.flatMap((f) => scanAddresses(fromValue(textOf(head, f)))),
  };
}

/**
 * The addresses of a From value in one pass, for a From too large for nodemailer's parser: each
 * `<...>` holding an @, or when there is none, each word holding one, quoted strings and
 * comments skipped, as that parser takes them on the forms it reads in one pass. DMARC needs
 * exactly one.
 */
function scanAddresses(value: string): string[] {
  const bracketed: string[] = [];
  const words: string[] = [];
  let word = '';
  const endWord = () => {
    if (word.includes('@')) words.push(word);
    word = '';
  };
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (c === '"') {
      endWord();
      for (i++; i < value.length && value[i] !== '"'; i++) if (value[i] === '\\') i++;
    } else if (c === '(') {
      endWord();
      for (let depth = 1; ++i < value.length && depth > 0;) {
        if (value[i] === '\\') i++;
        else if (value[i] === '(') depth++;
        else if (value[i] === ')') depth--;
      }
      i--;
    } else if (c === '<') {
      endWord();
      const close = value.indexOf('>', i + 1);
      const inside = value.slice(i + 1, close < 0 ? value.length : close).trim();
      if (inside.includes('@')) bracketed.push(inside);
      i = close < 0 ? value.length : close;
    } else if (/[\s,;:>]/.test(c)) endWord();
    else word += c;
  }
  endWord();
  return bracketed.length ? bracketed : words;
}

/** A field after the last one given, of a name no signature names (`names` holds them all). */
function fillerField(names: ReadonlySet<string>, allNames: boolean): string {
  let name = 'x-auth-bounds';
  while (names.has(name) && !allNames) name += '-';
  return `${name}: 1\r\n`;
}

/**
 * What mailauth's DKIM is given of `raw`: the first `maxSignatures` DKIM-Signature fields of
 * them those within `signatureFieldOverBound` (the others skipped, with why), the ARC fields
 * within it when a signature names one, From, the fields the signatures may name, and the body
 * as mailauth hashes it, all within the bounds above; 'over' past them, 'unsigned' without a
 * blank line.
 */
export function dkimInput(raw: Buffer, maxSignatures: number): DkimInput {
  const head = readAuthHead(raw);
  if (head.bodyStart === null) return { kind: 'unsigned', from: fromInputOf(head) };

  const dkim: AuthField[] = [];
  const arc: AuthField[] = [];
  const left = new Set<AuthField>();
  const skipped = new Map<AuthField, string>();
  const considered: AuthField[] = [];
  for (const field of head.fields) {
    if (!field.key || !SIGNATURE_KEYS.has(field.key)) continue;
    const isDkim = field.key === 'dkim-signature';
    if (isDkim && considered.push(field) > maxSignatures) {
      left.add(field);
      continue;
    }
    const over = signatureFieldOverBound(textOf(head, field));
    if (over === null) (isDkim ? dkim : arc).push(field);
    else {
      left.add(field);
      if (isDkim) skipped.set(field, over);
    }
  }
  const over = (reason: string): DkimInput => ({
    kind: 'over',
    reason,
    signed: dkim.length + skipped.size > 0,
    from: fromInputOf(head),
  });
  if (!fromInBounds(head)) return over('From too large to read');

  // The fields the signatures may name; all of them when one reads its tags its own way.
  const readings = new Map<AuthField, PlainSignature | null>();
  const names = new Set(ALWAYS_READ);
  let allNames = false;
  const read = (field: AuthField) => {
    const reading = readPlainSignature(textOf(head, field));
    readings.set(field, reading);
    if (!reading) allNames = true;
    else for (const name of reading.names) names.add(name);
  };
  dkim.forEach(read);
  // The ARC set goes whole when a signature names one of its fields, and then mailauth verifies
  // its newest signature too, so the fields that one names go as well.
  const arcGiven = [...ARC_FIELDS].some((name) => allNames || names.has(name));
  if (arcGiven) for (const name of ARC_FIELDS) names.add(name);
  else arc.length = 0;
  for (const field of arc) if (field.key !== 'arc-authentication-results') read(field);
  const kept = head.fields.filter(
    (f) => f.key !== null && !left.has(f) && (allNames || names.has(f.key) || dkim.includes(f)),
  );
  // mailauth drops the final CRs of the header: a field that ends in one where it was not last
  // gets a field after it that no signature names, so that it keeps its CR.
  const last = kept.at(-1);
  const end =
    last && last !== head.fields.at(-1) && head.text.charCodeAt(last.end - 1) === CR
      ? fillerField(names, allNames)
      : '';

  let bytes = 0;
  let lines = 0;
  for (const f of kept) {
    bytes += f.end - f.start + 2;
    lines += f.lines;
    if (bytes > MAX_AUTH_HEADER_BYTES || lines > MAX_AUTH_HEADER_LINES) {
      return over('header too large to verify');
    }
    if (longestBreakRun(textOf(head, f)) > MAX_LINE_BREAK_RUN) {
      return over('header of a long run of line breaks');
    }
  }
  let lookups = 0;
  for (const reading of readings.values()) {
    lookups += (reading ? reading.names.length : MAX_SIGNED_NAMES + 1) * kept.length;
  }
  if (lookups > MAX_NAME_LOOKUPS) return over('header too large to verify');

  return {
    kind: 'given',
    header: Buffer.from(
      `${kept.map((f) => `${textOf(head, f)}\r\n`).join('')}${end}\r\n`,
      'latin1',
    ),
    body: head.bytes.subarray(head.bodyStart),
    signatures: considered.slice(0, maxSignatures).map((f) => {
      const reason = skipped.get(f);
      return reason ? { skipped: reason } : { b: readings.get(f)?.b ?? null };
    }),
  };
}

/**
 * Bytes of a DKIM key record (its first TXT record, joined, as mailauth reads it) given to
 * mailauth, whose tag parser splices once per empty tag (a 64 KB record of them: seconds). A
 * 4096-bit RSA key's record is some 800 bytes, an 8192-bit one's 1,500.
 */
export const MAX_KEY_RECORD_BYTES = 4096;

/**
 * Bytes of an SPF record given to mailauth, which costs some 5 µs a term (a record of 64 KB over
 * TCP: 25 ms). RFC 7208 §3.4 asks for records that fit a 512-byte answer; real ones are that or
 * two or three times that.
 */
export const MAX_SPF_RECORD_BYTES = 4096;

/**
 * The longest run of letters, digits and hyphens in an SPF record given to mailauth: its check
 * of the names it looks up (`/^([\x20-\x2D\x2f-\x7e]+\.)+[a-z]+[a-z\-0-9]*$/i`) tries every
 * length of such a run that does not end a valid name (a name with a label of 16,000: 0.6 s).
 * DNS labels have 63 characters at most.
 */
export const MAX_SPF_LABEL = 63;

/**
 * Macros of an SPF record given to mailauth that expand to what the sender chose without a dot
 * in it (`%{l}` and `%{s}`, the local part; `%{h}`, the HELO name): each may make a label of
 * some 300 characters for that check. Real records use them once if at all.
 */
export const MAX_SPF_SENDER_MACROS = 2;

/** Why mailauth is not given a TXT record as an SPF record, or null when it may be. */
export function spfRecordOverBound(record: string): string | null {
  if (!/^\s*v=spf1(?:\s|$)/i.test(record)) return null;
  if (record.length > MAX_SPF_RECORD_BYTES) return 'SPF record too large';
  let run = 0;
  for (let i = 0; i < record.length; i++) {
    const c = record.charCodeAt(i) | 0x20;
    if ((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x2d) {
      if (++run > MAX_SPF_LABEL) return 'SPF record with a label too long';
    } else run = 0;
  }
  const macros = record.match(/%\{[lsh]/gi)?.length ?? 0;
  if (macros > MAX_SPF_SENDER_MACROS) return 'SPF record with too many sender macros';
  return null;
}
