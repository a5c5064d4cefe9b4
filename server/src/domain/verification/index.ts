/**
 * Finds the one-time code and the confirmation link of a sign-up or log-in mail.
 *
 * Pure string work: no imports beyond this folder, no I/O, never throws on any input. The
 * heuristic prefers precision to recall: a wrong code in the inbox is worse than none, so every
 * candidate must sit next to a code word ("codice di verifica", "verification code", "OTP", …)
 * and is dropped when its neighbourhood says order, invoice, phone, price, date, address or
 * discount; when two different codes are equally likely, there is no answer. The code finder is
 * code-finder.ts with its words in word-lists.ts, the link finder link-finder.ts.
 * docs/architecture.md explains the reasoning; server/test/verification.test.ts holds the mails
 * it is measured on.
 */
import { findCode } from './code-finder';
import { findConfirmLink, MAX_LINKS } from './link-finder';
import { clipForScan, collapseWhitespace, trimEndWhere } from './text';
import type { MessageLink, Verification, VerificationInput } from './types';

export type { MessageLink, Verification, VerificationInput } from './types';

/** The code and the confirmation link of one message; nulls when nothing is likely enough. */
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
  const lines = clipForScan(text).split(/\r\n|\r|\n/);
  const links: MessageLink[] = [];
  let previous = '';
  for (const line of lines) {
    const trimmed = line.trim();
    if (!trimmed) continue;
    const words = trimmed.includes('://') ? trimmed.replace(URL_IN_TEXT, ' ') : trimmed;
    if (words !== trimmed) {
      const rest = collapseWhitespace(words.replace(/[[\]<>]/g, ' '));
      const context = trimEndWhere(rest, isContextEnd).length >= 3 ? rest : `${previous} ${rest}`;
      // The line's words, once for all its URLs: per URL, a long line full of them costs its
      // length times theirs.
      const text = collapseWhitespace(context).slice(0, 300);
      for (const match of trimmed.matchAll(URL_IN_TEXT)) {
        const href = trimEndWhere(match[0], isUrlEnd);
        links.push({ href, text });
        if (links.length >= MAX_LINKS) return links;
      }
    }
    previous = words.slice(0, 300);
  }
  return links;
}

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'\][]+/gi;
/** What ends a line without saying anything: `Confirm here: ` before a URL. */
const isContextEnd = (c: string) => /[\s:.\-–—>]/.test(c);
/** Punctuation after a URL in a sentence, not part of it. */
const isUrlEnd = (c: string) => /[.,;:!?)\]}>»"']/.test(c);
