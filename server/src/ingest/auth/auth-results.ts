/** `Authentication-Results` (RFC 8601): ours written, incoming ones in our name taken out. */

/** Columns at which a clause is folded, as mailauth folds the clauses of its own field. */
const FOLD_COLUMNS = 160;

/** A clause folded at spaces near `FOLD_COLUMNS` (RFC 5322 §2.2.3). */
function fold(clause: string): string {
  const lines: string[] = [];
  let line = '';
  // A line break inside a clause (from a hostile selector or address) would end the field.
  for (const word of clause.replace(/[\r\n]+/g, ' ').split(' ')) {
    if (line && line.length + 1 + word.length > FOLD_COLUMNS) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  lines.push(line);
  return lines.join('\r\n ');
}

/**
 * Our field: `authservId`, then each clause (mailauth's `info` of a check) on a line of its own,
 * as `authenticate()` lays out its field; CRLF, no final line break.
 */
export function authResultsField(authservId: string, clauses: readonly string[]): string {
  return `Authentication-Results: ${authservId};\r\n ${clauses.map(fold).join(';\r\n ')}`;
}

/** An authserv-id as compared: lower case, without the final dots of a fully qualified name. */
const comparable = (id: string) => id.toLowerCase().replace(/\.+$/, '');

/** Space, tab, CR or LF. */
const isBlank = (c: number) => c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN = 0x28;
const CLOSE = 0x29;
const SEMICOLON = 0x3b;

/** Where the comment opened at `open` closes (RFC 5322 §3.2.2: nested, quoted pairs), or `end`. */
export function commentEnd(text: string, open: number, end = text.length): number {
  let i = open;
  for (let depth = 1; depth > 0 && ++i < end;) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) i++;
    else if (c === OPEN) depth++;
    else if (c === CLOSE) depth--;
  }
  return i;
}

/**
 * The authserv-id of `text[start, end)` if it is an `Authentication-Results` field, else null:
 * its first token or quoted string past CFWS (RFC 8601 §2.2).
 */
function authservIdOf(text: string, start: number, end: number): string | null {
  const name = /^authentication-results[ \t]*:/i.exec(text.slice(start, start + 64));
  if (!name) return null;
  let i = start + name[0].length;
  while (i < end) {
    const c = text.charCodeAt(i);
    if (isBlank(c)) i++;
    else if (c === OPEN) i = commentEnd(text, i, end) + 1;
    else break;
  }
  if (i >= end) return '';
  if (text.charCodeAt(i) === QUOTE) {
    // A quoted string, its quoted pairs (`\\x`) read as the character they quote.
    let id = '';
    let from = i + 1;
    for (i++; i < end; i++) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) break;
      if (c === BACKSLASH) {
        id += text.slice(from, i);
        from = ++i;
      }
    }
    return id + text.slice(from, Math.min(i, end));
  }
  const from = i;
  for (; i < end; i++) {
    const c = text.charCodeAt(i);
    if (isBlank(c) || c === SEMICOLON || c === OPEN) break;
  }
  return text.slice(from, i);
}

/**
 * `header` without the incoming `Authentication-Results` fields in our name (`authservId`, case
 * and a final dot aside), or null when it has none: RFC 8601 §5 has a border MTA delete them,
 * as they claim results we never gave. Others' fields and every other byte stay.
 */
export function stripOwnAuthenticationResults(header: Buffer, authservId: string): Buffer | null {
  const text = header.toString('latin1');
  const ours = comparable(authservId);
  const kept: Buffer[] = [];
  let keptFrom = 0;
  const lineEnd = (i: number) => {
    const lf = text.indexOf('\n', i);
    return lf < 0 ? text.length : lf + 1;
  };
  for (let start = 0; start < text.length;) {
    let end = lineEnd(start);
    while (end < text.length && (text[end] === ' ' || text[end] === '\t')) end = lineEnd(end);
    const id = authservIdOf(text, start, end);
    if (id !== null && comparable(id) === ours) {
      kept.push(header.subarray(keptFrom, start));
      keptFrom = end;
    }
    start = end;
  }
  if (!kept.length) return null;
  kept.push(header.subarray(keptFrom));
  return Buffer.concat(kept);
}
