/**
 * Finds the one-time code and the confirmation link of a sign-up or log-in mail (issue 8).
 *
 * Pure string work: no imports, no I/O, never throws on any input. The heuristic prefers
 * precision to recall: a wrong code in the inbox is worse than none, so every candidate must sit
 * next to a code word ("codice di verifica", "verification code", "OTP", …) and is dropped when
 * its neighbourhood says order, invoice, phone, price, date, address or discount; when two
 * different codes are equally likely, there is no answer. docs/architecture.md explains the
 * reasoning; server/test/verification.test.ts holds the mails it is measured on.
 */

/** A link of a message: where it points and what the reader sees for it. */
export interface MessageLink {
  /** The href as written (entities decoded); anything but an absolute http(s) URL is ignored. */
  href: string;
  /**
   * For an HTML anchor, its visible text (image alt texts included); for a URL found in plain
   * text, the line around it (or the line before, when the URL stands alone on its line).
   */
  text: string;
}

/** What the heuristic reads from one message. */
export interface VerificationInput {
  subject: string;
  /** The plain-text body (the text part, or mailparser's rendering of the HTML). */
  text: string;
  /** Visible text of the HTML part, a line per block element; empty without HTML. */
  htmlText: string;
  /** Links of the HTML anchors, then URLs of the plain text, in document order. */
  links: readonly MessageLink[];
}

/** What the heuristic found; null when nothing was likely enough. */
export interface Verification {
  /** The code as the visitor types it: spaces and dashes removed, e.g. `482913` or `K7Q9XZ`. */
  code: string | null;
  /** An absolute http(s) URL that confirms, verifies or activates (or a magic log-in link). */
  confirmLink: string | null;
}

/** Only this many characters of each part are scanned: codes sit near the top, and mail is hostile. */
const MAX_SCAN_CHARS = 30_000;
/** Links beyond this many are not considered. */
const MAX_LINKS = 300;
/** Longer URLs are not offered as a link to open. */
const MAX_URL_CHARS = 2048;

export function extractVerification(input: VerificationInput): Verification {
  try {
    return { code: findCode(input), confirmLink: findConfirmLink(input) };
  } catch {
    // A heuristic must never cost a message: no answer rather than a failed delivery.
    return { code: null, confirmLink: null };
  }
}

/**
 * The http(s) URLs of a plain text, each with its context line, for `VerificationInput.links`.
 * Text rendered from HTML by mailparser writes links as `label [url]`; the label is the context.
 */
export function findTextLinks(text: string): MessageLink[] {
  const lines = clip(text).split(/\r\n|\r|\n/);
  const links: MessageLink[] = [];
  let previous = '';
  for (const line of lines) {
    const trimmed = line.trim();
    if (!trimmed) continue;
    const words = trimmed.includes('://') ? trimmed.replace(URL_IN_TEXT, ' ') : trimmed;
    if (words !== trimmed) {
      const rest = fold(words.replace(/[[\]<>]/g, ' '));
      const context = rest.replace(/[\s:.\-–—>]+$/, '').length >= 3 ? rest : `${previous} ${rest}`;
      for (const match of trimmed.matchAll(URL_IN_TEXT)) {
        const href = match[0].replace(/[.,;:!?)\]}>»"']+$/, '');
        links.push({ href, text: fold(context).slice(0, 300) });
        if (links.length >= MAX_LINKS) return links;
      }
    }
    previous = words.slice(0, 300);
  }
  return links;
}

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'\][]+/gi;

// ---------------------------------------------------------------------------------------------
// Codes

/** Keyword classes: a strong one names a code, a weak one only says what the mail is about. */
type Strength = 2 | 1;

interface Keyword {
  start: number;
  end: number;
  strength: Strength;
}

interface Candidate {
  /** As written in the mail, e.g. `482 913`. */
  raw: string;
  /** As typed: separators removed. */
  value: string;
  start: number;
  end: number;
  /** Mixed or lower case letters: accepted only right after a strong keyword. */
  lowerCase: boolean;
  /** A 4-digit number that reads as a year (1900–2099): same restriction. */
  yearLike: boolean;
}

const L = '\\p{L}\\p{N}';
const word = (pattern: string) => new RegExp(`(?<![${L}])(?:${pattern})(?![${L}])`, 'giu');

/** Words that name a one-time code. `codice`/`code` are checked for qualifiers apart. */
const STRONG_KEYWORDS = word(
  [
    'codic[ei]',
    'codes?',
    'otp',
    'pin',
    'passcode',
    'one[- ]?time',
    'monouso',
    'token',
    'security code',
  ].join('|'),
);

/** Words of verification mails that, alone, do not make a number a code. */
const WEAK_KEYWORDS = word(
  [
    'verific\\p{L}*',
    'verif(?:y|ied|ying)',
    'verification',
    'conferm\\p{L}*',
    'confirm\\p{L}*',
    'attiva(?:re|zione|lo|la)?',
    'activat\\p{L}*',
    'convalid\\p{L}*',
    'validat\\p{L}*',
    'autentic\\p{L}*',
    'authenticat\\p{L}*',
    'accedi',
    'accedere',
    'accesso',
    'log[- ]?in',
    'sign[- ]?in',
    'sicurezza',
    'security',
    '2fa',
    'inserisci',
    'digita',
    'enter',
    'type',
  ].join('|'),
);

/**
 * What turns "codice"/"code" into something that is not a one-time code: "codice cliente",
 * "codice di tracciamento", "promo code", "zip code"… Matched as word prefixes, lower case.
 */
const QUALIFIERS = [
  // Italian, after "codice (di|del…)"
  'client',
  'utent',
  'ordin',
  'fiscal',
  'scont',
  'promo',
  'postal',
  'avviamento',
  'tracking',
  'tracciamento',
  'traccia',
  'spedizion',
  'articol',
  'prodott',
  'prenotazion',
  'pratic',
  'identificativ',
  'iban',
  'swift',
  'bic',
  'ateco',
  'qr',
  'error',
  'sorgent',
  'barre',
  'invit',
  'regal',
  'coupon',
  'voucher',
  'fedelt',
  'tessera',
  'contratt',
  'pod',
  'pdr',
  'destinatari',
  'riferiment',
  'fattur',
  'pagament',
  'transazion',
  'ritiro',
  'sblocco',
  'offert',
  'abbonament',
  'paese',
  'meccanografic',
  'catastal',
  'ufficio',
  'cup',
  'cig',
  'sdi',
  'univoco',
  'pec',
  'sconto',
  'tariff',
  'conto',
  // English, before "code"
  'zip',
  'post',
  'discount',
  'gift',
  'referral',
  'invitation',
  'order',
  'product',
  'item',
  'customer',
  'country',
  'area',
  'dial',
  'source',
  'bar',
  'booking',
  'reservation',
  'tax',
  'sort',
  'reference',
  'ref',
  'offer',
  'status',
  'response',
  'html',
  'embed',
  'pickup',
  'unlock',
  'shipping',
  'track',
  'voucher',
  'redeem',
  'promotional',
];

/** Words that, right before a number or between it and its keyword, make it something else. */
const DECOYS = new Set([
  'n',
  'n.',
  'nr',
  'nr.',
  'n°',
  'nº',
  'no.',
  'num',
  'num.',
  'numero',
  'number',
  'nummer',
  '#',
  'id',
  'tel',
  'tel.',
  'telefono',
  'telephone',
  'phone',
  'cell',
  'cell.',
  'cellulare',
  'fax',
  'whatsapp',
  'chiama',
  'chiamare',
  'call',
  'cap',
  'via',
  'viale',
  'piazza',
  'corso',
  'largo',
  'street',
  'road',
  'avenue',
  'suite',
  'prezzo',
  'price',
  'totale',
  'total',
  'subtotale',
  'subtotal',
  'importo',
  'amount',
  'iva',
  'vat',
  'p.iva',
  'partita',
  'eur',
  'euro',
  'usd',
  '€',
  '$',
  '£',
  'anno',
  'year',
  'data',
  'date',
  'ore',
  'ricevuta',
  'receipt',
  'lotto',
  'serial',
  'seriale',
  'matricola',
  'modello',
  'model',
  'versione',
  'version',
  'tavolo',
  'stanza',
  'room',
  'volo',
  'flight',
  'treno',
  'train',
  'posto',
  'seat',
  'gate',
  'biglietto',
  'ticket',
  'rif',
  'rif.',
  'ref.',
  'pacco',
  'parcel',
  'package',
  'spedizione',
  'shipment',
  'tracking',
  'fattura',
  'invoice',
  'ordine',
  'order',
  'pratica',
  'cliente',
  'customer',
  'conto',
  'iban',
  'transazione',
  'transaction',
  'prenotazione',
  'booking',
  'sconto',
  'discount',
  'coupon',
  'promo',
  'voucher',
  '©',
  'copyright',
]);

/** Words right after a number that make it a quantity: "10 minuti", "49 €", "20%". */
const UNITS = new Set([
  'minuti',
  'minuto',
  'min',
  'min.',
  'minutes',
  'minute',
  'mins',
  'ore',
  'ora',
  'hours',
  'hour',
  'hrs',
  'h',
  'secondi',
  'seconds',
  'sec',
  'giorni',
  'giorno',
  'days',
  'day',
  'settimane',
  'weeks',
  'mesi',
  'months',
  'anni',
  'years',
  '€',
  'eur',
  'euro',
  'usd',
  '$',
  '£',
  'gbp',
  'chf',
  '%',
  'punti',
  'points',
  'pts',
  'km',
  'kg',
  'mb',
  'gb',
  'kb',
  'pezzi',
  'pz',
  'pcs',
  'articoli',
  'items',
  'utenti',
  'users',
  'persone',
  'people',
  'volte',
  'times',
  'caratteri',
  'characters',
  'cifre',
  'digits',
  'x',
]);

/** Filler words skipped when looking for the word that qualifies "codice". */
const STOPWORDS = new Set([
  'di',
  'del',
  'dello',
  'della',
  'dei',
  'degli',
  'delle',
  "d'",
  "dell'",
  'per',
  'il',
  'lo',
  'la',
  "l'",
  'i',
  'gli',
  'le',
  'tuo',
  'tua',
  'suo',
  'sua',
  'vostro',
  'vostra',
  'nostro',
  'nostra',
  'un',
  'una',
  'uno',
  'your',
  'the',
  'a',
  'an',
  'this',
  'my',
  'our',
  'new',
  'nuovo',
]);

/** Symbols that, just before or after a number, make it money, a phone or a reference. */
const SYMBOL_BEFORE = /[#+€$£¥@/\\°º%]\s?$/u;
const SYMBOL_AFTER = /^\s?[€$£¥%°º/\\]/u;

const NUMERIC_RUN = /(?<![\p{L}\p{N}])\d+(?:[ \-./:,]\d+)*(?![\p{L}\p{N}])/gu;
const ALNUM_RUN =
  /(?<![\p{L}\p{N}-])[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*(?![\p{L}\p{N}]|-[\p{L}\p{N}])/gu;

/** The gap between a keyword and its code that makes the pair "tight": `codice: 4821`. */
const TIGHT_GAP = /^[\s:=\-–—]*(?:(?:è|e'|is|sono|are)[\s:\-–—]*)?$/iu;

function findCode({ subject, text, htmlText }: VerificationInput): string | null {
  const scores = new Map<string, { value: string; score: number }>();
  const subjectLines = lines(subject);
  const subjectHasCodeWord = subjectLines.some((l) => keywordsOf(l).some((k) => k.strength === 2));
  const sources: [string[], boolean][] = [
    [subjectLines, false],
    [lines(htmlText), subjectHasCodeWord],
    [lines(text), subjectHasCodeWord],
  ];
  for (const [sourceLines, boost] of sources) {
    for (const { candidate, score, alone } of scoreLines(sourceLines)) {
      // The subject names a code: one on a line of its own is likely it (big digits under a
      // greeting), one in a sentence with a weaker word less so.
      const total = score + (boost ? (alone ? 2 : score >= 1 ? 1 : 0) : 0);
      if (total < 2) continue;
      const key = candidate.value.toUpperCase();
      const known = scores.get(key);
      if (!known) scores.set(key, { value: candidate.value, score: total });
      else known.score = Math.max(known.score, total);
    }
  }
  const ranked = [...scores.values()].sort((a, b) => b.score - a.score);
  const [best, second] = ranked;
  if (!best) return null;
  // Two different codes, equally likely: the visitor is better off reading the mail.
  if (second && second.score === best.score) return null;
  return best.value;
}

function scoreLines(
  sourceLines: string[],
): { candidate: Candidate; score: number; alone: boolean }[] {
  const out: { candidate: Candidate; score: number; alone: boolean }[] = [];
  // Keywords are looked for only where they can matter: on lines with digits and next to them.
  const keywordCache = new Map<number, Keyword[]>();
  const keywordsAt = (i: number) => {
    let found = keywordCache.get(i);
    if (!found) keywordCache.set(i, (found = keywordsOf(sourceLines[i]!)));
    return found;
  };
  sourceLines.forEach((line, i) => {
    if (!/\d/.test(line)) return;
    for (const candidate of candidatesOf(line)) {
      if (!cleanSurroundings(line, candidate)) continue;
      const alone = standsAlone(line, candidate);
      let score = 0;
      let tight = false;
      for (const k of keywordsAt(i)) {
        if (k.end <= candidate.start) {
          const gap = line.slice(k.end, candidate.start);
          if (gap.length > 48 || crossesSentence(gap) || hasDecoy(gap)) continue;
          if (k.strength === 2 && TIGHT_GAP.test(gap)) tight = true;
          score += k.strength;
        } else if (k.start >= candidate.end) {
          const gap = line.slice(candidate.end, k.start);
          if (gap.length > 32 || crossesSentence(gap) || hasDecoy(gap)) continue;
          const lead = line.slice(Math.max(0, candidate.start - 30), candidate.start);
          if (hasDecoy(lastWords(lead, 2))) continue;
          score += k.strength;
        }
      }
      if (alone) {
        // The code on a line of its own, under (or over) the line that names it.
        const before = neighbour(sourceLines, i, -1);
        const after = neighbour(sourceLines, i, +1);
        if (before !== null) score += lineScore(sourceLines[before]!, keywordsAt(before), 'after');
        if (after !== null) score += lineScore(sourceLines[after]!, keywordsAt(after), 'before');
      }
      if ((candidate.lowerCase || candidate.yearLike) && !tight) continue;
      if (score > 0 || alone) out.push({ candidate, score: Math.min(score, 4), alone });
    }
  });
  return out;
}

/** How strongly a neighbouring line names the code next to it; decoys there count against. */
function lineScore(line: string, keywords: Keyword[], side: 'after' | 'before'): number {
  let best = 0;
  for (const k of keywords) {
    const rest = side === 'after' ? line.slice(k.end) : line.slice(0, k.start);
    if (hasDecoy(rest) || candidatesOf(line).length > 0) continue;
    best = Math.max(best, k.strength);
  }
  return best;
}

/** Index of the nearest non-empty line within two lines in `direction`, or null. */
function neighbour(sourceLines: string[], i: number, direction: -1 | 1): number | null {
  for (let j = i + direction, steps = 0; j >= 0 && j < sourceLines.length && steps < 3;) {
    if (sourceLines[j]!.trim()) return j;
    j += direction;
    steps++;
  }
  return null;
}

function keywordsOf(line: string): Keyword[] {
  const found: Keyword[] = [];
  for (const m of line.matchAll(STRONG_KEYWORDS)) {
    const start = m.index;
    const end = start + m[0].length;
    if (qualified(line, start, end, m[0].toLowerCase())) continue;
    found.push({ start, end, strength: 2 });
  }
  for (const m of line.matchAll(WEAK_KEYWORDS)) {
    const start = m.index;
    if (found.some((k) => start < k.end && k.start < start + m[0].length)) continue;
    found.push({ start, end: start + m[0].length, strength: 1 });
  }
  return found;
}

/** "codice cliente", "codice di tracciamento", "promo code": a code, but not a one-time one. */
function qualified(line: string, start: number, end: number, keyword: string): boolean {
  const after = wordsOf(line.slice(end, end + 60))
    .filter((w) => !STOPWORDS.has(w))
    .slice(0, 1);
  const before = wordsOf(line.slice(Math.max(0, start - 40), start))
    .slice(-2)
    .filter((w) => !STOPWORDS.has(w));
  const isQualifier = (w: string) => QUALIFIERS.some((q) => w.startsWith(q));
  if (keyword.startsWith('codic')) return after.some(isQualifier) || before.some(isQualifier);
  if (keyword.startsWith('code')) return before.some(isQualifier) || after.some(isQualifier);
  return false;
}

function candidatesOf(line: string): Candidate[] {
  const found: Candidate[] = [];
  for (const m of line.matchAll(NUMERIC_RUN)) {
    const raw = m[0];
    const value = numericCode(raw);
    if (!value) continue;
    const n = Number(value);
    found.push({
      raw,
      value,
      start: m.index,
      end: m.index + raw.length,
      lowerCase: false,
      yearLike: value.length === 4 && n >= 1900 && n <= 2099,
    });
  }
  for (const m of line.matchAll(ALNUM_RUN)) {
    const raw = m[0];
    const value = raw.replace(/-/g, '');
    if (value.length < 4 || value.length > 8) continue;
    if (!/\d/.test(value) || !/[A-Za-z]/.test(value)) continue;
    if (raw.split('-').some((g) => g.length < 2)) continue;
    const upper = value.toUpperCase();
    // Word plus number (SCONTO20, ORD12345, COVID19), short prefix plus number (IT77345),
    // number plus unit (128GB): references and quantities, not codes.
    if (/^[A-Z]{3,}\d+$/.test(upper) || /^[A-Z]{2}\d{3,}$/.test(upper)) continue;
    if (/^\d+[A-Z]{1,3}$/.test(upper)) continue;
    found.push({
      raw,
      value,
      start: m.index,
      end: m.index + raw.length,
      lowerCase: value !== upper,
      yearLike: false,
    });
  }
  return found;
}

/**
 * The code in a run of digits, or null: 4 to 8 digits, alone or in groups split by single
 * spaces or dashes ("482 913", "482-913", "4 8 2 9 1 3"). Dates, times, prices, decimals and
 * anything longer (phones, IBANs, tracking numbers) give null.
 */
function numericCode(raw: string): string | null {
  if (/[./:,]/.test(raw)) return null;
  const groups = raw.split(/[ -]/);
  const digits = groups.join('');
  if (digits.length < 4 || digits.length > 8) return null;
  if (groups.length === 1) return digits;
  if (raw.includes(' ') && raw.includes('-')) return null;
  const sizes = groups.map((g) => g.length);
  const evenGroups = sizes.every((s) => s >= 2 && s <= 4) || sizes.every((s) => s === 1);
  if (!evenGroups || Math.max(...sizes) - Math.min(...sizes) > 1) return null;
  if (looksLikeDate(groups)) return null;
  return digits;
}

function looksLikeDate(groups: string[]): boolean {
  if (groups.length !== 3) return false;
  const [a, b, c] = groups.map(Number) as [number, number, number];
  const dayMonth = (d: number, m: number) => d >= 1 && d <= 31 && m >= 1 && m <= 12;
  if (groups[0]!.length === 4) return dayMonth(c, b) || dayMonth(b, c);
  return dayMonth(a, b) || dayMonth(b, a);
}

/** No currency, hash, plus or unit glued to the number, no decoy word right before it. */
function cleanSurroundings(line: string, c: Candidate): boolean {
  const before = line.slice(Math.max(0, c.start - 2), c.start);
  const after = line.slice(c.end, c.end + 2);
  if (SYMBOL_BEFORE.test(before) || SYMBOL_AFTER.test(after)) return false;
  // A number that continues after a single separator belongs to something longer (a phone,
  // "2025/0042", "1.234,56"): the run regex stopped at a double separator or a letter.
  if (/^[-./:,]\d/.test(after) || /\d[-./:,]$/.test(before)) return false;
  const next = wordsOf(line.slice(c.end, c.end + 40));
  if (next.slice(0, 1).some((w) => UNITS.has(w))) return false;
  // "482913 per il tuo ordine", "482913 (numero ordine)": the number belongs to the order.
  if (
    next
      .filter((w) => !STOPWORDS.has(w))
      .slice(0, 2)
      .some(isDecoyStem)
  )
    return false;
  if (hasDecoy(lastWords(line.slice(Math.max(0, c.start - 20), c.start), 1))) return false;
  return true;
}

/** The line holds the code and nothing else but punctuation or emphasis. */
function standsAlone(line: string, c: Candidate): boolean {
  const rest = line.slice(0, c.start) + line.slice(c.end);
  return /^[\s*_"'“”«»()[\]:.\-–—|>]*$/u.test(rest);
}

function crossesSentence(gap: string): boolean {
  return /[.!?;]\s+\S/u.test(gap.replace(/\b(?:n|nr|no|tel|rif)\.\s/giu, ' '));
}

function hasDecoy(text: string): boolean {
  return wordsOf(text).some(
    (w) => DECOYS.has(w) || DECOYS.has(w.replace(/\.+$/, '')) || isDecoyStem(w),
  );
}

/** Word families that rule a number out wherever they stand next to it ("chiamaci al …"). */
const DECOY_STEMS = [
  'ordin',
  'fattur',
  'spedizion',
  'tracciament',
  'prenotazion',
  'pratic',
  'chiam',
  'telefon',
  'phone',
  'cellular',
  'whatsapp',
  'numer',
];

function isDecoyStem(w: string): boolean {
  return DECOYS.has(w) || DECOY_STEMS.some((q) => w.startsWith(q));
}

function lastWords(text: string, n: number): string {
  return wordsOf(text).slice(-n).join(' ');
}

/** Lower-case words with the punctuation around them trimmed; `l'ordine` gives `ordine`. */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/u)
    .map((w) =>
      w
        .replace(/^(?:[ldn]|dell|all|dall|nell|sull|un)['’]/u, '')
        .replace(/^["'“”‘’«»()[\]{}<>*_,;:!?]+|["'“”‘’«»()[\]{}<>*_,;:!?]+$/gu, ''),
    )
    .filter(Boolean);
}

// ---------------------------------------------------------------------------------------------
// Links

/** In a URL's path or query: the page verifies, confirms or activates something. */
const URL_POSITIVE =
  /verif|confirm|conferm|activat|attiva|validat|convalid|magic[-_]?link|magiclink|email[-_]?verif/;
/** In an anchor text or a text link's line: the same, in words. */
const TEXT_POSITIVE = word(
  [
    'verific\\p{L}*',
    'verify',
    'verifying',
    'conferm\\p{L}*',
    'confirm\\p{L}*',
    'attiva(?:re|zione)?',
    'activat\\p{L}*',
    'convalid\\p{L}*',
    'validat\\p{L}*',
    'completa(?:re)? (?:la )?registrazione',
    'complete (?:your )?(?:registration|sign[- ]?up)',
    'magic link',
    'link magico',
  ].join('|'),
);
/** A log-in link counts only when it carries a token (a magic link). */
const TEXT_LOGIN = word('accedi|log ?in|sign ?in|entra');
/** A link that merely says "here". */
const TEXT_GENERIC = word('clicca qui|click here|qui|here|questo link|this link|link');
/** Where a visitor must not be sent, whatever else the link says. */
const NEGATIVE =
  /unsub|disiscri|cancella(?:zione|re)?(?:[-_ ]?(?:l['’])?iscrizion)|annulla|opt[-_ ]?out|preferen|privacy|cookie|terms|termini|condizioni|legal|help|aiuto|support|assistenza|faq|contatt|contact|facebook|twitter|instagram|linkedin|youtube|tiktok|whatsapp|apps\.apple|play\.google|app[-_ ]?store|webversion|web[-_ ]?version|view[-_ ]?(?:in|online)|browser|versione[-_ ]web|report|segnala|abuse|spam|phishing|not[-_ ]?(?:me|you)|non[-_ ]?(?:sono|sei|ero)|wasn['’]?t|didn['’]?t|cancel|block|blocca|secure[-_ ]?(?:your[-_ ]?)?account|order|ordin|track|tracc|invoice|fattur|ricevut|receipt|shipment|spedizion|cart|carrell|prodott|product|coupon|scont|discount|promo|offert|offer|\.(?:gif|png|jpe?g|webp)(?:$|\?)|pixel|\/open\b/;

/** Social networks and app stores: never the page that confirms an address. */
const HOST_NEGATIVE =
  /(?:^|\.)(?:facebook|twitter|x|instagram|linkedin|youtube|tiktok|whatsapp|pinterest)\.com$|apps\.apple\.com$|play\.google\.com$/;

/** Query parameters of campaign tracking: random-looking, but not what makes a link single-use. */
const TRACKING_PARAM = /^(?:utm_|mc_|_hs|fbclid$|gclid$|msclkid$|mkt_tok$|trk|ref$)/i;

function findConfirmLink({ subject, links }: VerificationInput): string | null {
  const subjectPositive = test(TEXT_POSITIVE, subject) && !NEGATIVE.test(subject.toLowerCase());
  let best: { href: string; score: number } | null = null;
  const seen = new Set<string>();
  for (const link of links.slice(0, MAX_LINKS)) {
    const url = absoluteHttpUrl(link.href);
    if (!url || seen.has(url.href)) continue;
    seen.add(url.href);
    const score = linkScore(url, fold(link.text), subjectPositive);
    if (score >= 2 && (!best || score > best.score)) best = { href: url.href, score };
  }
  return best?.href ?? null;
}

function linkScore(url: URL, text: string, subjectPositive: boolean): number {
  const lowerText = text.toLowerCase();
  let place = url.pathname + url.search;
  try {
    place = decodeURIComponent(place);
  } catch {
    // A malformed escape: judge the URL as written.
  }
  const lowerPlace = place.toLowerCase();
  if (NEGATIVE.test(lowerText) || NEGATIVE.test(lowerPlace)) return 0;
  if (HOST_NEGATIVE.test(url.hostname.toLowerCase())) return 0;
  const token = hasToken(url);
  let score = 0;
  if (test(TEXT_POSITIVE, lowerText)) score += 2;
  if (URL_POSITIVE.test(lowerPlace)) score += 2;
  if (token) score += 1;
  if (token && test(TEXT_LOGIN, lowerText)) score += 1;
  if (token && subjectPositive && test(TEXT_GENERIC, lowerText)) {
    score += 1;
  }
  return score;
}

/** A long random-looking path segment or query value: what makes a link single-use. */
function hasToken(url: URL): boolean {
  const values = [...url.searchParams].filter(([name]) => !TRACKING_PARAM.test(name));
  const pieces = [...url.pathname.split('/'), ...values.map(([, value]) => value)];
  if (url.hash.length > 1) pieces.push(url.hash.slice(1));
  return pieces.some(
    (p) => p.length >= 16 && /^[A-Za-z0-9_\-.~=%+]+$/.test(p) && /\d/.test(p) && /[A-Za-z]/.test(p),
  );
}

function absoluteHttpUrl(href: string): URL | null {
  const trimmed = href.trim();
  if (trimmed.length > MAX_URL_CHARS || !/^https?:\/\//i.test(trimmed)) return null;
  try {
    const url = new URL(trimmed);
    // user:password@ in a link is a phishing trick, never part of a real confirmation.
    if (url.username || url.password) return null;
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Text helpers

function test(pattern: RegExp, text: string): boolean {
  pattern.lastIndex = 0;
  const hit = pattern.test(text);
  pattern.lastIndex = 0;
  return hit;
}

function clip(text: string): string {
  return text.length > MAX_SCAN_CHARS ? text.slice(0, MAX_SCAN_CHARS) : text;
}

/** Whitespace folded, invisible characters removed. */
function fold(text: string): string {
  return text
    .replace(/[\u200b-\u200d\u2060\ufeff\u00ad]/g, '')
    .replace(/\s+/gu, ' ')
    .trim();
}

/**
 * Lines of a text with URLs and addresses blanked out, spaces folded. Longer lines (HTML without
 * blocks, hostile input) are cut at a space every MAX_LINE_CHARS, so the work per line stays
 * bounded and the scan linear in the size of the mail.
 */
function lines(text: string): string[] {
  const withoutUrls = clip(text)
    .replace(/[\u200b-\u200d\u2060\ufeff\u00ad]/g, '')
    .replace(/\bhttps?:\/\/[^\s<>"']+|\bwww\.[^\s<>"']+/gi, ' ');
  return blankAddresses(withoutUrls)
    .split(/\r\n|\r|\n/)
    .flatMap((l) => cut(l.replace(/[\s\u00a0\u2007\u202f]+/gu, ' ').trim()));
}

const MAX_LINE_CHARS = 500;

/**
 * Blanks out what looks like an address, so that its digits are never taken for a code: the
 * same as `text.replace(/[^\s@<>()[\]"']{1,64}@[^\s@<>()[\]"']{1,255}/g, ' ')`, but working
 * out from each '@' instead of trying the pattern at every position. The regex tried up to 64
 * characters at each of them and was most of the cost of the heuristic on plain text (issue 6).
 */
function blankAddresses(text: string): string {
  let at = text.indexOf('@');
  if (at < 0) return text;
  let out = '';
  // Everything before `done` is in `out` already (or was blanked); a match never starts before.
  let done = 0;
  while (at >= 0) {
    let start = at;
    while (start > done && at - start < 64 && isAddressChar(text.charCodeAt(start - 1))) start--;
    let end = at + 1;
    while (end < text.length && end - at <= 255 && isAddressChar(text.charCodeAt(end))) end++;
    if (start < at && end > at + 1) {
      out += `${text.slice(done, start)} `;
      done = end;
    }
    at = text.indexOf('@', Math.max(at + 1, done));
  }
  return out + text.slice(done);
}

/** Not whitespace (as `\s`), not `@<>()[]"'`. */
function isAddressChar(c: number): boolean {
  switch (c) {
    case 0x40: // @
    case 0x3c: // <
    case 0x3e: // >
    case 0x28: // (
    case 0x29: // )
    case 0x5b: // [
    case 0x5d: // ]
    case 0x22: // "
    case 0x27: // '
      return false;
  }
  return c > 0x20
    ? c < 0x80 || !WHITESPACE.test(String.fromCharCode(c))
    : c !== 0x20 && (c < 0x09 || c > 0x0d);
}

const WHITESPACE = /\s/;

function cut(line: string): string[] {
  if (line.length <= MAX_LINE_CHARS) return [line];
  const pieces: string[] = [];
  let rest = line;
  while (rest.length > MAX_LINE_CHARS) {
    const space = rest.lastIndexOf(' ', MAX_LINE_CHARS);
    const at = space > MAX_LINE_CHARS / 2 ? space : MAX_LINE_CHARS;
    pieces.push(rest.slice(0, at).trim());
    rest = rest.slice(at);
  }
  pieces.push(rest.trim());
  return pieces;
}
