/**
 * The one-time code of a mail: numbers and letter-digit runs next to a word that names a code,
 * scored by what stands around them (word-lists.ts).
 */
import type { VerificationInput } from './types';
import { eachMatch, isSpace, scanLines } from './text';
import {
  DECOYS,
  DECOY_STEMS,
  QUALIFIERS,
  STOPWORDS,
  STRONG_KEYWORDS,
  UNITS,
  WEAK_KEYWORDS,
} from './word-lists';

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

/** Symbols that, just before or after a number, make it money, a phone or a reference. */
const SYMBOL_BEFORE = /[#+€$£¥@/\\°º%]\s?$/u;
const SYMBOL_AFTER = /^\s?[€$£¥%°º/\\]/u;

const NUMERIC_RUN = /(?<![\p{L}\p{N}])\d+(?:[ \-./:,]\d+)*(?![\p{L}\p{N}])/gu;
const ALNUM_RUN =
  /(?<![\p{L}\p{N}-])[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*(?![\p{L}\p{N}]|-[\p{L}\p{N}])/gu;

/** The gap between a keyword and its code that makes the pair "tight": `codice: 4821`. */
const TIGHT_GAP = /^[\s:=\-–—]*(?:(?:è|e'|is|sono|are)[\s:\-–—]*)?$/iu;

export function findCode({ subject, text, htmlText }: VerificationInput): string | null {
  const scores = new Map<string, { value: string; score: number }>();
  // A multipart mail says the same lines in its HTML and its text: each is read once.
  const lines = new Map<string, LineFacts>();
  const subjectLines = scanLines(subject);
  const subjectHasCodeWord = subjectLines.some((l) =>
    keywordsIn(factsOf(lines, l), l).some((k) => k.strength === 2),
  );
  const sources: [string[], boolean][] = [
    [subjectLines, false],
    [scanLines(htmlText), subjectHasCodeWord],
    [scanLines(text), subjectHasCodeWord],
  ];
  for (const [sourceLines, boost] of sources) {
    for (const { candidate, score, alone } of scoreLines(sourceLines, lines)) {
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

/** What a line says whatever stands around it, read when first needed. */
interface LineFacts {
  keywords?: Keyword[];
  candidates?: Candidate[];
  /** By candidate: its score from the keywords of its own line, and whether a pair is tight. */
  scores: ({ clean: boolean; score: number; tight: boolean } | undefined)[];
  /** `lineScore` by side. */
  after?: number;
  before?: number;
}

function factsOf(lines: Map<string, LineFacts>, line: string): LineFacts {
  let facts = lines.get(line);
  if (!facts) lines.set(line, (facts = { scores: [] }));
  return facts;
}

function keywordsIn(facts: LineFacts, line: string): Keyword[] {
  if (!facts.keywords) {
    if (work) work.keywordLines++;
    facts.keywords = keywordsOf(line);
  }
  return facts.keywords;
}

function candidatesIn(facts: LineFacts, line: string): Candidate[] {
  return (facts.candidates ??= candidatesOf(line));
}

/**
 * Candidates scored per source (subject, HTML text, text): codes sit near the top, and a real
 * mail has a handful. The cap keeps the work on hostile input (a code word and a code repeated
 * to the scan limit) a constant beyond the linear passes over the text.
 */
export const MAX_SCORED_CANDIDATES = 48;
/** Keywords read per line: a real line names its code once or twice, not dozens of times. */
export const MAX_KEYWORDS_PER_LINE = 12;
/** Farthest a keyword may stand before (after) its code, in characters. */
const MAX_GAP_BEFORE = 48;
const MAX_GAP_AFTER = 32;

/** Work done by `findCode`, for the tests that hold it linear (hostile-mail.test.ts). */
export interface CodeFinderWork {
  /** Candidates whose surroundings and keywords were read. */
  scored: number;
  /** Keyword-candidate pairs whose gap was read. */
  pairs: number;
  /** Lines whose keywords were looked for. */
  keywordLines: number;
}

/** Counts the work of the next `findCode` calls into `into` (null to stop counting). */
export function countCodeFinderWork(into: CodeFinderWork | null): void {
  work = into;
}

let work: CodeFinderWork | null = null;

function scoreLines(
  sourceLines: string[],
  lines: Map<string, LineFacts>,
): { candidate: Candidate; score: number; alone: boolean }[] {
  const out: { candidate: Candidate; score: number; alone: boolean }[] = [];
  // What a neighbouring line says depends on the line and the side only.
  const lineScoreAt = (j: number, side: 'after' | 'before') => {
    const line = sourceLines[j]!;
    const facts = factsOf(lines, line);
    return (facts[side] ??= lineScore(line, facts, side));
  };
  let scored = 0;
  for (let i = 0; i < sourceLines.length && scored < MAX_SCORED_CANDIDATES; i++) {
    const line = sourceLines[i]!;
    if (!/\d/.test(line)) continue;
    const facts = factsOf(lines, line);
    const candidates = candidatesIn(facts, line);
    for (let c = 0; c < candidates.length; c++) {
      const candidate = candidates[c]!;
      const alone = standsAlone(line, candidate);
      // Keywords are looked for only where they can matter: on lines with digits and next to
      // them.
      const keywords = keywordsIn(facts, line);
      // Only a keyword within reach or a line of its own can give a score: the rest is skipped
      // before its surroundings are read.
      if (!alone && !keywords.some((k) => inReach(k, candidate))) continue;
      if (++scored > MAX_SCORED_CANDIDATES) break;
      if (work) work.scored++;
      const own = (facts.scores[c] ??= scoreInLine(line, keywords, candidate));
      if (!own.clean) continue;
      let score = own.score;
      if (alone) {
        // The code on a line of its own, under (or over) the line that names it.
        const before = neighbour(sourceLines, i, -1);
        const after = neighbour(sourceLines, i, +1);
        if (before !== null) score += lineScoreAt(before, 'after');
        if (after !== null) score += lineScoreAt(after, 'before');
      }
      if ((candidate.lowerCase || candidate.yearLike) && !own.tight) continue;
      if (score > 0 || alone) out.push({ candidate, score: Math.min(score, 4), alone });
    }
  }
  return out;
}

/** How the keywords of its own line name a candidate: their strengths, and a tight pair. */
function scoreInLine(line: string, keywords: Keyword[], candidate: Candidate) {
  if (!cleanSurroundings(line, candidate)) return { clean: false, score: 0, tight: false };
  let score = 0;
  let tight = false;
  for (const k of keywords) {
    if (!inReach(k, candidate)) continue;
    if (work) work.pairs++;
    if (k.end <= candidate.start) {
      const gap = line.slice(k.end, candidate.start);
      if (crossesSentence(gap) || hasDecoy(gap)) continue;
      if (k.strength === 2 && TIGHT_GAP.test(gap)) tight = true;
      score += k.strength;
    } else {
      const gap = line.slice(candidate.end, k.start);
      if (crossesSentence(gap) || hasDecoy(gap)) continue;
      const lead = line.slice(Math.max(0, candidate.start - 30), candidate.start);
      if (hasDecoy(lastWords(lead, 2))) continue;
      score += k.strength;
    }
  }
  return { clean: true, score, tight };
}

/** The keyword stands close enough before or after the candidate to name it. */
function inReach(k: Keyword, c: Candidate): boolean {
  if (k.end <= c.start) return c.start - k.end <= MAX_GAP_BEFORE;
  return k.start >= c.end && k.start - c.end <= MAX_GAP_AFTER;
}

/** How strongly a neighbouring line names the code next to it; decoys there count against. */
function lineScore(line: string, facts: LineFacts, side: 'after' | 'before'): number {
  const keywords = keywordsIn(facts, line);
  if (keywords.length === 0 || candidatesIn(facts, line).length > 0) return 0;
  let best = 0;
  // Strong keywords first: once one counts, no other can count more.
  for (const k of [...keywords].sort((a, b) => b.strength - a.strength)) {
    if (k.strength <= best) break;
    const rest = side === 'after' ? line.slice(k.end) : line.slice(0, k.start);
    if (hasDecoy(rest)) continue;
    best = k.strength;
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
  eachMatch(STRONG_KEYWORDS, line, (word, start) => {
    if (found.length >= MAX_KEYWORDS_PER_LINE) return false;
    const end = start + word.length;
    if (!qualified(line, start, end, word.toLowerCase())) found.push({ start, end, strength: 2 });
    return true;
  });
  const strong = found.length;
  eachMatch(WEAK_KEYWORDS, line, (word, start) => {
    if (found.length >= MAX_KEYWORDS_PER_LINE) return false;
    const end = start + word.length;
    if (!found.some((k, j) => j < strong && start < k.end && k.start < end)) {
      found.push({ start, end, strength: 1 });
    }
    return true;
  });
  return found;
}

/** A word that makes a code a kind of reference: "cliente", "promo", "tracciamento". */
const isQualifier = (w: string) => QUALIFIERS.some((q) => w.startsWith(q));

/** "codice cliente", "codice di tracciamento", "promo code": a code, but not a one-time one. */
function qualified(line: string, start: number, end: number, keyword: string): boolean {
  if (!keyword.startsWith('cod')) return false;
  const after = wordsOf(line.slice(end, end + 60))
    .filter((w) => !STOPWORDS.has(w))
    .slice(0, 1);
  const before = wordsOf(line.slice(Math.max(0, start - 40), start))
    .slice(-2)
    .filter((w) => !STOPWORDS.has(w));
  if (keyword.startsWith('codic')) return after.some(isQualifier) || before.some(isQualifier);
  if (keyword.startsWith('code')) return before.some(isQualifier) || after.some(isQualifier);
  return false;
}

function candidatesOf(line: string): Candidate[] {
  const found: Candidate[] = [];
  eachMatch(NUMERIC_RUN, line, (raw, start) => {
    const value = numericCode(raw);
    if (!value) return true;
    const n = Number(value);
    found.push({
      raw,
      value,
      start,
      end: start + raw.length,
      lowerCase: false,
      yearLike: value.length === 4 && n >= 1900 && n <= 2099,
    });
    return true;
  });
  eachMatch(ALNUM_RUN, line, (raw, start) => {
    const value = raw.replace(/-/g, '');
    if (value.length < 4 || value.length > 8) return true;
    if (!/\d/.test(value) || !/[A-Za-z]/.test(value)) return true;
    if (raw.split('-').some((g) => g.length < 2)) return true;
    const upper = value.toUpperCase();
    // Word plus number (SCONTO20, ORD12345, COVID19), short prefix plus number (IT77345),
    // number plus unit (128GB): references and quantities, not codes.
    if (/^[A-Z]{3,}\d+$/.test(upper) || /^[A-Z]{2}\d{3,}$/.test(upper)) return true;
    if (/^\d+[A-Z]{1,3}$/.test(upper)) return true;
    found.push({
      raw,
      value,
      start,
      end: start + raw.length,
      lowerCase: value !== upper,
      yearLike: false,
    });
    return true;
  });
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
  // Each side on its own: the test fails at the first word, without copying the line.
  return ONLY_EMPHASIS.test(line.slice(0, c.start)) && ONLY_EMPHASIS.test(line.slice(c.end));
}

const ONLY_EMPHASIS = /^[\s*_"'“”«»()[\]:.\-–—|>]*$/u;

function crossesSentence(gap: string): boolean {
  return /[.!?;]\s+\S/u.test(gap.replace(/\b(?:n|nr|no|tel|rif)\.\s/giu, ' '));
}

function hasDecoy(text: string): boolean {
  return wordsOf(text).some(
    (w) => DECOYS.has(w) || DECOYS.has(w.replace(/\.+$/, '')) || isDecoyStem(w),
  );
}

function isDecoyStem(w: string): boolean {
  return DECOYS.has(w) || DECOY_STEMS.some((q) => w.startsWith(q));
}

function lastWords(text: string, n: number): string {
  return wordsOf(text).slice(-n).join(' ');
}

/** An elided article or preposition at the start of a word (`l'`, `dell'`). */
const ELISION = /^(?:[ldn]|dell|all|dall|nell|sull|un)['’]/u;
/** The punctuation `wordsOf` trims from both ends of a word. */
const PUNCTUATION = '"\'“”‘’«»()[]{}<>*_,;:!?';
const PUNCTUATION_CLASS = `[${PUNCTUATION.replace(/[\]\\^-]/g, '\\$&')}]`;
const EDGE_PUNCTUATION = new RegExp(`^${PUNCTUATION_CLASS}+|${PUNCTUATION_CLASS}+$`, 'gu');

/**
 * Lower-case words with the punctuation around them trimmed; `l'ordine` gives `ordine`. Each
 * pattern runs only on a word it can change (an apostrophe in it, punctuation at an end): the
 * heuristic reads the words around every keyword, and most have neither. Words are cut at
 * whitespace by hand: `split(/\s+/u)` copies its regex on every call.
 */
export function wordsOf(text: string): string[] {
  const words: string[] = [];
  const lower = text.toLowerCase();
  let start = -1;
  for (let i = 0; i <= lower.length; i++) {
    if (i < lower.length && !isSpace(lower.charCodeAt(i))) {
      if (start < 0) start = i;
      continue;
    }
    if (start < 0) continue;
    let w = lower.slice(start, i);
    start = -1;
    if (w.includes("'") || w.includes('’')) w = w.replace(ELISION, '');
    if (w && (PUNCTUATION.includes(w.charAt(0)) || PUNCTUATION.includes(w.charAt(w.length - 1)))) {
      w = w.replace(EDGE_PUNCTUATION, '');
    }
    if (w) words.push(w);
  }
  return words;
}
