/**
 * The MIME structure of a raw message, found without decoding any body: where each part's
 * header block and body are, and what mailparser will make of the part (text, HTML or
 * attachment). Ingest uses it to summarise a message without mailparser when the message is
 * plain, and to hand mailparser the message without its attachment bodies otherwise
 * (parse.ts): on a 100 KB message, decoding and hashing the attachment is most of the cost of
 * receiving it with mailparser (bench/README.md, "Where the time goes"). A fast path:
 * docs/architecture.md, "Fast paths", says what pays for it and what holds it to mailparser.
 *
 * The outline must never disagree with mailparser, whose reading of the same bytes is what the
 * detail view shows. So this reads MIME the way mailparser's splitter (@zone-eu/mailsplit)
 * does, down to its quirks (a delimiter line with trailing spaces is content; a closing
 * delimiter before the first part is ignored), and it gives up (null) on anything it does not
 * reproduce exactly: a delimiter line that is not `--boundary` CRLF, a multipart that never
 * closes, a bare LF in a header block, RFC 2231 continuations in the parameters it reads,
 * `message/*` parts, deep nesting. The header functions below are ports of mailsplit's and
 * libmime's (named after them); server/test/summary.test.ts checks the result against
 * mailparser on every fixture and on thousands of mutated messages.
 */

/** A header line as mailsplit keeps it: the logical line (folds included) as a latin1 string. */
export interface HeaderLine {
  /** Field name, lower case, trimmed; empty for a line without a colon. */
  key: string;
  line: string;
}

/** A leaf part (not multipart) as mailparser sees it. */
export interface OutlineLeaf {
  /** Lower case `type/subtype`; `text/plain` when the part has no Content-Type. */
  contentType: string;
  /** The charset parameter as written, or null. */
  charset: string | null;
  /** Content-Transfer-Encoding, lower case; '' when absent. */
  encoding: string;
  /** `format=flowed` (RFC 3676): mailparser unwraps such text. */
  flowed: boolean;
  /** mailparser's test: not a text type, or not inline. */
  isAttachment: boolean;
  /** Inside a multipart/alternative (mailparser's `alternative` flag). */
  inAlternative: boolean;
  /** The message itself is this part (not multipart). */
  root: boolean;
  /** Has a Content-ID: may be referenced from the HTML as `cid:`. */
  hasContentId: boolean;
  /** The body as mailsplit hands it to the decoder: [bodyStart, bodyEnd) of the raw message. */
  bodyStart: number;
  bodyEnd: number;
}

export interface MessageOutline {
  /** Header lines of the message. */
  headers: HeaderLine[];
  /** Leaf parts in document order. */
  leaves: OutlineLeaf[];
}

/** Beyond these the outline gives up (mailsplit's own limits are 1000 parts and 1 MB). */
const MAX_PARTS = 100;
const MAX_DEPTH = 8;
const MAX_HEADER_BYTES = 256 * 1024;

const CR = 0x0d;
const LF = 0x0a;
const DASH = 0x2d;
const CRLF_CRLF = Buffer.from('\r\n\r\n');

/** mailparser's textTypes (with keepDeliveryStatus off). */
const TEXT_TYPES = new Set(['text/plain', 'text/html', 'message/delivery-status']);
const MIME_TYPE = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/;

/** The outline of `raw`, or null when it cannot be sure to read it as mailparser does. */
export function outlineMessage(raw: Buffer): MessageOutline | null {
  // A message that opens with an empty line has no header block; leave it to mailparser.
  if (raw.length < 2 || (raw[0] === CR && raw[1] === LF) || raw[0] === LF) return null;
  const reader = { raw, parts: 0, leaves: [] as OutlineLeaf[], headers: [] as HeaderLine[] };
  const ok = readPart(reader, 0, raw.length, true, [], false, 0);
  return ok ? { headers: reader.headers, leaves: reader.leaves } : null;
}

interface Reader {
  raw: Buffer;
  parts: number;
  leaves: OutlineLeaf[];
  headers: HeaderLine[];
}

/**
 * Reads the part in [start, end): its header block, then its body up to `end`. For a child
 * part, `end` is the CRLF that mailsplit strips in front of the next delimiter line.
 */
function readPart(
  r: Reader,
  start: number,
  end: number,
  root: boolean,
  boundaries: Buffer[],
  inAlternative: boolean,
  depth: number,
): boolean {
  const { raw } = r;
  if (++r.parts > MAX_PARTS || depth > MAX_DEPTH) return false;
  // The header block ends at the first empty line; for a child it may be the CRLF at `end`.
  const limit = root ? raw.length : end + 2;
  let bodyStart: number;
  if (raw[start] === CR && raw[start + 1] === LF) {
    bodyStart = start + 2;
  } else {
    // Searched within the part only: a part without an empty line must not cost a scan of
    // the rest of the message each time.
    const blank = raw.subarray(0, limit).indexOf(CRLF_CRLF, start);
    if (blank < 0) return false;
    bodyStart = blank + 4;
  }
  if (bodyStart - start > MAX_HEADER_BYTES) return false;
  // A bare LF could end the header block earlier for mailsplit.
  for (let lf = raw.indexOf(LF, start); lf >= 0 && lf < bodyStart; lf = raw.indexOf(LF, lf + 1)) {
    if (raw[lf - 1] !== CR) return false;
  }
  const headers = parseHeaders(raw.toString('latin1', start, bodyStart));
  if (root) r.headers = headers;
  // The body mailsplit gives the decoder: none when the empty line was the CRLF at `end`.
  const body = { start: Math.min(bodyStart, end), end };

  // The three headers that shape the part; mailsplit reads the first of each, mailparser the
  // last, so a repeated one is left to them.
  const count = (key: string) => headers.reduce((n, h) => n + (h.key === key ? 1 : 0), 0);
  const typeCount = count('content-type');
  if (typeCount > 1 || count('content-disposition') > 1) return false;
  if (count('content-transfer-encoding') > 1) return false;
  const dispositionValue = getFirst(headers, 'content-disposition');
  if (typeCount === 0 && dispositionValue) return false;
  const type = parseHeaderValue(typeCount ? getFirst(headers, 'content-type') : 'text/plain');
  if (!type) return false;
  const contentType = type.value.toLowerCase().trim();
  if (!MIME_TYPE.test(contentType)) return false;
  const disposition = parseHeaderValue(dispositionValue);
  if (!disposition || disposition.value.includes('=?')) return false;
  const encodingValue = getFirst(headers, 'content-transfer-encoding');
  if (encodingValue.includes('(')) return false;

  const boundary = type.params.get('boundary');
  if (contentType.startsWith('multipart/')) {
    if (!boundary) return false;
    const delimiter = Buffer.from(`--${boundary}`);
    if (boundaries.some((b) => b.equals(delimiter))) return false;
    return readChildren(
      r,
      body.start,
      body.end,
      delimiter,
      [...boundaries, delimiter],
      inAlternative || contentType === 'multipart/alternative',
      depth,
    );
  }
  // A leaf with a boundary would get children in mailsplit; message/* parts are parsed as
  // messages of their own.
  if (boundary !== undefined || contentType.startsWith('message/')) return false;

  // mailparser's createNode.
  let dispositionType = disposition.value.toLowerCase().trim();
  if (dispositionType && dispositionType !== 'attachment' && dispositionType !== 'inline') {
    dispositionType = 'attachment';
  }
  if (!dispositionType) dispositionType = TEXT_TYPES.has(contentType) ? 'inline' : 'attachment';
  const format = type.params.get('format');
  r.leaves.push({
    contentType,
    charset: type.params.get('charset') || null,
    encoding: encodingValue.toLowerCase().trim(),
    flowed: format !== undefined && format.toLowerCase().trim() === 'flowed',
    isAttachment: !TEXT_TYPES.has(contentType) || dispositionType !== 'inline',
    inAlternative,
    root,
    hasContentId: headers.some((h) => h.key === 'content-id'),
    bodyStart: body.start,
    bodyEnd: body.end,
  });
  return true;
}

/**
 * Splits the body [start, end) of a multipart at its delimiter lines and reads each part.
 * Every line mailsplit would take for a delimiter (it also accepts bare LF, a leading CR and a
 * few other shapes) must be a plain `--boundary` CRLF or `--boundary--`; the multipart must
 * close before `end`. What follows the closing delimiter is the epilogue, ignored as mailsplit
 * does. A delimiter of an outer multipart inside an inner one cuts the inner one short here,
 * where mailsplit would read on; the inner one then never closes and the outline gives up.
 */
function readChildren(
  r: Reader,
  start: number,
  end: number,
  delimiter: Buffer,
  boundaries: Buffer[],
  inAlternative: boolean,
  depth: number,
): boolean {
  const { raw } = r;
  // A delimiter holds no CR or LF (header values are unfolded), so none straddles `end`.
  const region = raw.subarray(0, end);
  let partStart = -1;
  for (let at = region.indexOf(delimiter, start); at >= 0;) {
    const next = () => region.indexOf(delimiter, at + 1);
    // mailsplit's lines end at LF; a line may open with a lone CR before the dashes.
    const leadingCr = raw[at - 1] === CR && raw[at - 2] === LF;
    if (raw[at - 1] !== LF && !leadingCr) {
      at = next();
      continue;
    }
    // Only a short line can be a delimiter: look for its end no further than that, so that
    // the work stays linear however many candidates the body holds.
    const tail = at + delimiter.length;
    const stop = Math.min(raw.length, tail + 5);
    let lineEnd = tail;
    while (lineEnd < stop && raw[lineEnd] !== LF) lineEnd++;
    if (lineEnd < stop) lineEnd++;
    else if (stop < raw.length) {
      at = next();
      continue;
    }
    const kind = compareBoundary(raw, at, lineEnd, delimiter, leadingCr ? 1 : 0);
    if (!kind) {
      at = next();
      continue;
    }
    const plain =
      !leadingCr &&
      raw[at - 2] === CR &&
      (kind === 1
        ? lineEnd === tail + 2 && raw[tail] === CR
        : lineEnd === tail + 2
          ? lineEnd === raw.length
          : lineEnd === tail + 4 && raw[tail + 2] === CR);
    if (!plain) return false;
    if (partStart < 0) {
      // A closing delimiter before the first part is ignored by mailsplit.
      if (kind === 2) return false;
    } else {
      // The CRLF in front of the delimiter belongs to it; none left means an empty part.
      if (at - 2 < partStart) return false;
      if (!readPart(r, partStart, at - 2, false, boundaries, inAlternative, depth + 1)) {
        return false;
      }
      if (kind === 2) return true;
    }
    partStart = lineEnd;
    at = region.indexOf(delimiter, lineEnd);
  }
  return false;
}

/**
 * mailsplit's compareBoundary on the line [lineStart - skip, lineEnd) whose dashes are at
 * `at`: 1 for a delimiter, 2 for the closing one, 0 for content.
 */
function compareBoundary(
  raw: Buffer,
  at: number,
  lineEnd: number,
  delimiter: Buffer,
  skip: number,
): 0 | 1 | 2 {
  const length = lineEnd - at + skip;
  // --{boundary} plus at least one byte, at most "--" and CRLF.
  if (length < delimiter.length + 1 + skip || length > delimiter.length + 4 + skip) return 0;
  let pos = 0;
  for (let i = at + delimiter.length; i < lineEnd; i++) {
    const c = raw[i];
    if (pos === 0 && (c === CR || c === LF)) return 1;
    if ((pos === 0 || pos === 1) && c !== DASH) return 0;
    if (pos === 2 && c !== CR && c !== LF) return 0;
    if (pos === 3 && c !== LF) return 0;
    pos++;
  }
  return 2;
}

// ---------------------------------------------------------------------------------------------
// Headers, as mailsplit's Headers and libmime read them

/** mailsplit's Headers#_parseHeaders on a header block given as a latin1 string. */
export function parseHeaders(block: string): HeaderLine[] {
  // The trailing line breaks, found from the end: a regex would try every run of CR inside.
  let end = block.length;
  while (end > 0 && (block.charCodeAt(end - 1) === CR || block.charCodeAt(end - 1) === LF)) end--;
  const rawLines = block.slice(0, end).split(/\r?\n/);
  const isFold = (line: string) => line.charAt(0) === ' ' || line.charAt(0) === '\t';
  const keyOf = (line: string) =>
    line
      .substring(0, Math.max(0, line.indexOf(':')))
      .toLowerCase()
      .trim();
  let i = 1;
  let first = rawLines[0]!;
  while (i < rawLines.length && isFold(rawLines[i]!)) first += `\r\n${rawLines[i++]!}`;
  const lines: HeaderLine[] = [];
  // An mbox "From " line or an HTTP request line is not a header.
  if (!/^From /i.test(first) && !/^POST /i.test(first))
    lines.push({ key: keyOf(first), line: first });
  for (; i < rawLines.length; i++) {
    const line = rawLines[i]!;
    // The first logical line took the folds after it, so a fold always has a line before it.
    const last = lines[lines.length - 1];
    if (isFold(line) && last) {
      last.line += `\r\n${line}`;
      if (!last.key) last.key = keyOf(last.line);
    } else {
      lines.push({ key: keyOf(line), line });
    }
  }
  return lines;
}

/** mailsplit's Headers#getFirst: the first value of `key`, unfolded and trimmed; '' if none. */
export function getFirst(headers: HeaderLine[], key: string): string {
  const header = headers.find((h) => h.key === key);
  return header ? decodeHeader(utf8IfValid(header.line)).trim() : '';
}

/** mailsplit's Headers#_decodeHeaderValue: the line as UTF-8 unless that needs U+FFFD. */
function utf8IfValid(line: string): string {
  // eslint-disable-next-line no-control-regex
  if (!/[^\x00-\x7f]/.test(line)) return line;
  const utf8 = Buffer.from(line, 'latin1').toString('utf8');
  return utf8.includes('\uFFFD') ? line : utf8;
}

/** libmime's decodeHeader: the value of a header line, unfolded and trimmed. */
export function decodeHeader(line: string): string {
  const unfolded = line.replace(/(?:\r?\n|\r)[ \t]*/g, ' ').trim();
  const match = unfolded.match(/^\s*([^:]+):(.*)$/);
  return ((match && match[2]) || '').trim();
}

const isWsp = (c: string) =>
  c === ' ' || c === '\t' || c === '\r' || c === '\n' || c === '\f' || c === '\v';

/**
 * libmime's parseHeaderValue (`type/subtype; key=value; …`), or null when a parameter that
 * the outline reads uses an RFC 2231 continuation (libmime would reassemble it).
 */
export function parseHeaderValue(
  str: string,
): { value: string; params: Map<string, string> } | null {
  const params = new Map<string, string>();
  let result = '';
  let key: string | false = false;
  let value = '';
  let valueEnd = 0;
  let inKey = false;
  let quote = false;
  let escaped = false;
  const commit = () => {
    const collected = value.substring(0, valueEnd);
    value = '';
    valueEnd = 0;
    if (inKey) {
      if (collected) params.set(collected.toLowerCase(), '');
    } else if (key === false) {
      result = collected;
    } else {
      params.set(key, collected);
    }
  };
  for (let i = 0; i < str.length; i++) {
    const chr = str.charAt(i);
    if (inKey) {
      if (chr === '=') {
        key = value.substring(0, valueEnd).toLowerCase();
        value = '';
        valueEnd = 0;
        inKey = false;
      } else if (chr === ';') {
        commit();
      } else if (isWsp(chr)) {
        if (value.length) value += chr;
      } else {
        value += chr;
        valueEnd = value.length;
      }
      continue;
    }
    if (escaped) {
      value += chr;
      valueEnd = value.length;
    } else if (chr === '\\') {
      escaped = true;
      continue;
    } else if (chr === '"') {
      quote = !quote;
    } else if (!quote && chr === ';') {
      commit();
      inKey = true;
    } else if (!quote && isWsp(chr)) {
      if (value.length) value += chr;
    } else {
      value += chr;
      valueEnd = value.length;
    }
    escaped = false;
  }
  commit();
  for (const name of params.keys()) {
    const match = /\*((\d+)\*?)?$/.exec(name);
    if (match && ['boundary', 'charset', 'format', 'delsp'].includes(name.slice(0, match.index))) {
      return null;
    }
  }
  return { value: result, params };
}

/**
 * libmime's decodeWords (RFC 2047 encoded words) for words in UTF-8, the charset almost all
 * mail uses; null when a word names another charset (libmime would convert it).
 */
export function decodeWords(str: string): string | null {
  if (!str.includes('=?')) return str;
  for (const m of str.matchAll(/=\?([^?]+)\?[QqBb]\?/g)) {
    if (!/^utf-8$/i.test(m[1]!)) return null;
  }
  return (
    str
      // adjacent words of one encoding (and, here, one charset) are joined, then decoded
      .replace(
        /(=\?([^?]+)\?[Bb]\?[^?]*\?=)\s*(?==\?([^?]+)\?[Bb]\?[^?]*\?=)/g,
        '$1__\x00JOIN\x00__',
      )
      .replace(
        /(=\?([^?]+)\?[Qq]\?[^?]*\?=)\s*(?==\?([^?]+)\?[Qq]\?[^?]*\?=)/g,
        '$1__\x00JOIN\x00__',
      )
      // eslint-disable-next-line no-control-regex -- libmime's marker, for the same result
      .replace(/(\?=)?__\x00JOIN\x00__(=\?([^?]+)\?[QqBb]\?)?/g, '')
      .replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=)\s+(?==\?[^?]+\?[QqBb]\?[^?]*\?=)/g, '$1')
      .replace(
        /=\?([\w_\-*]+)\?([QqBb])\?([^?]*)\?=/g,
        (_m, _charset, encoding: string, text: string) =>
          (encoding.toUpperCase() === 'Q' ? decodeQWord(text) : decodeBase64(text)).toString(
            'utf8',
          ),
      )
  );
}

/** libmime's decodeWord for the Q encoding. */
function decodeQWord(text: string): Buffer {
  const buf = Buffer.from(text.replace(/=\s+([0-9a-fA-F])/g, '=$1').replace(/[_\s]/g, ' '));
  const bytes: number[] = [];
  const isHex = (c: number | undefined) =>
    c !== undefined &&
    ((c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46));
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i]!;
    if (i <= buf.length - 2 && c === 0x3d && isHex(buf[i + 1]) && isHex(buf[i + 2])) {
      bytes.push(parseInt(String.fromCharCode(buf[i + 1]!, buf[i + 2]!), 16));
      i += 2;
      continue;
    }
    bytes.push(c);
  }
  return Buffer.from(bytes);
}

/** libbase64's decode: input made of several padded pieces is decoded piece by piece. */
function decodeBase64(str: string): Buffer {
  const pad = str.indexOf('=');
  if (pad >= 0 && /[a-zA-Z0-9+/\-_]/.test(str.substr(pad))) {
    return Buffer.concat(
      str
        .split(/[=]+/)
        .filter(Boolean)
        .map((piece) => Buffer.from(piece, 'base64')),
    );
  }
  return Buffer.from(str, 'base64');
}

// ---------------------------------------------------------------------------------------------
// Bodies

/**
 * The decoded body of a leaf as mailparser's decoders give it, or null for a base64 body whose
 * padding is not at its end (libbase64 decodes such input piece by piece, depending on how
 * it arrived).
 */
export function decodeBody(raw: Buffer, leaf: OutlineLeaf): Buffer | null {
  const body = raw.subarray(leaf.bodyStart, leaf.bodyEnd);
  if (leaf.encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (leaf.encoding !== 'base64') return body;
  // libbase64's Decoder reads its input as 'ascii', which drops the high bit of every byte.
  const clean = body.toString('ascii').replace(/[^a-zA-Z0-9+/=]/g, '');
  return /^[a-zA-Z0-9+/]*={0,2}$/.test(clean) ? Buffer.from(clean, 'base64') : null;
}

/** libqp's decode, as its Decoder applies it to the whole body. */
function decodeQuotedPrintable(body: Buffer): Buffer {
  const str = body
    .toString('latin1')
    // whitespace at the end of lines is not content, soft line breaks go. libqp's
    // `/[\t ]+$/gm`, tried only where a run of blanks starts: tried at every blank of a long
    // run that goes on with text, it costs the square of the run (a latin1 string holds no
    // line terminator but CR and LF, so the lookahead is its `$`).
    .replace(/(?<![\t ])[\t ]+(?=[\r\n]|$)/g, '')
    .replace(/=(?:\r?\n|$)/g, '');
  const encoded = (str.match(/=[\da-fA-F]{2}/g) ?? []).length;
  const out = Buffer.alloc(str.length - encoded * 2);
  let pos = 0;
  for (let i = 0; i < str.length; i++) {
    const chr = str.charAt(i);
    const hex = chr === '=' ? str.substr(i + 1, 2) : '';
    if (hex && /[\da-fA-F]{2}/.test(hex)) {
      out[pos++] = parseInt(hex, 16);
      i += 2;
      continue;
    }
    out[pos++] = chr.charCodeAt(0);
  }
  return out;
}
