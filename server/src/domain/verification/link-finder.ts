/**
 * The link of a mail that confirms the address: what its text and its URL say, whether it
 * carries a single-use token, and where a visitor must never be sent.
 */
import type { VerificationInput } from './types';
import { collapseWhitespace, matches, wordPattern } from './text';

/** Links beyond this many are not considered. */
export const MAX_LINKS = 300;
/** Longer URLs are not offered as a link to open. */
const MAX_URL_CHARS = 2048;

/** In a URL's path or query: the page verifies, confirms or activates something. */
const URL_POSITIVE =
  /verif|confirm|conferm|activat|attiva|validat|convalid|magic[-_]?link|magiclink|email[-_]?verif/;
/** In an anchor text or a text link's line: the same, in words. */
const TEXT_POSITIVE = wordPattern(
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
const TEXT_LOGIN = wordPattern('accedi|log ?in|sign ?in|entra');
/** A link that merely says "here". */
const TEXT_GENERIC = wordPattern('clicca qui|click here|qui|here|questo link|this link|link');
/** Where a visitor must not be sent, whatever else the link says. */
const NEGATIVE =
  /unsub|disiscri|cancella(?:zione|re)?(?:[-_ ]?(?:l['’])?iscrizion)|annulla|opt[-_ ]?out|preferen|privacy|cookie|terms|termini|condizioni|legal|help|aiuto|support|assistenza|faq|contatt|contact|facebook|twitter|instagram|linkedin|youtube|tiktok|whatsapp|apps\.apple|play\.google|app[-_ ]?store|webversion|web[-_ ]?version|view[-_ ]?(?:in|online)|browser|versione[-_ ]web|report|segnala|abuse|spam|phishing|not[-_ ]?(?:me|you)|non[-_ ]?(?:sono|sei|ero)|wasn['’]?t|didn['’]?t|cancel|block|blocca|secure[-_ ]?(?:your[-_ ]?)?account|order|ordin|track|tracc|invoice|fattur|ricevut|receipt|shipment|spedizion|cart|carrell|prodott|product|coupon|scont|discount|promo|offert|offer|\.(?:gif|png|jpe?g|webp)(?:$|\?)|pixel|\/open\b/;

/** Social networks and app stores: never the page that confirms an address. */
const HOST_NEGATIVE =
  /(?:^|\.)(?:facebook|twitter|x|instagram|linkedin|youtube|tiktok|whatsapp|pinterest)\.com$|apps\.apple\.com$|play\.google\.com$/;

/** Query parameters of campaign tracking: random-looking, but not what makes a link single-use. */
const TRACKING_PARAM = /^(?:utm_|mc_|_hs|fbclid$|gclid$|msclkid$|mkt_tok$|trk|ref$)/i;

export function findConfirmLink({ subject, links }: VerificationInput): string | null {
  const subjectPositive = matches(TEXT_POSITIVE, subject) && !NEGATIVE.test(subject.toLowerCase());
  let best: { href: string; score: number } | null = null;
  const seen = new Set<string>();
  for (const link of links.slice(0, MAX_LINKS)) {
    const url = absoluteHttpUrl(link.href);
    if (!url || seen.has(url.href)) continue;
    seen.add(url.href);
    const score = linkScore(url, collapseWhitespace(link.text), subjectPositive);
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
  if (matches(TEXT_POSITIVE, lowerText)) score += 2;
  if (URL_POSITIVE.test(lowerPlace)) score += 2;
  if (token) score += 1;
  if (token && matches(TEXT_LOGIN, lowerText)) score += 1;
  if (token && subjectPositive && matches(TEXT_GENERIC, lowerText)) {
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
