import type { MessageSummary } from './wire';

/** A string matches when it is contained, case aside; a RegExp when it tests true. */
export type TextPattern = string | RegExp;

/** What a wait looks for; every criterion given must hold, and none given matches any message. */
export interface MessageCriteria {
  /** The sender's address or display name. */
  from?: TextPattern;
  subject?: TextPattern;
  /** The plain-text body: the message is read whole for it (one request per candidate). */
  text?: TextPattern;
  /** Any test of the summary (`code`, `confirmLink`, `authentication`, `hasAttachments`…). */
  match?: (message: MessageSummary) => boolean;
}

/** Whether `value` matches `pattern` (see {@link TextPattern}). */
export function matchesText(pattern: TextPattern, value: string): boolean {
  if (typeof pattern === 'string') return value.toLowerCase().includes(pattern.toLowerCase());
  // A global or sticky pattern remembers where it stopped; each message is tested afresh.
  pattern.lastIndex = 0;
  return pattern.test(value);
}

/** Whether the summary meets every criterion that a summary can answer (all but `text`). */
export function matchesSummary(criteria: MessageCriteria, message: MessageSummary): boolean {
  const { from, subject, match } = criteria;
  if (from !== undefined && !matchesText(from, message.from.address)) {
    if (!matchesText(from, message.from.name)) return false;
  }
  if (subject !== undefined && !matchesText(subject, message.subject)) return false;
  return match === undefined || match(message);
}

const showPattern = (pattern: TextPattern) =>
  typeof pattern === 'string' ? JSON.stringify(pattern) : String(pattern);

/** The criteria in words, after `what`: `a message from "x" with subject /y/`. */
export function describeCriteria(what: string, criteria: MessageCriteria): string {
  const parts = [what];
  if (criteria.from !== undefined) parts.push(`from ${showPattern(criteria.from)}`);
  if (criteria.subject !== undefined) parts.push(`with subject ${showPattern(criteria.subject)}`);
  if (criteria.text !== undefined) parts.push(`with text ${showPattern(criteria.text)}`);
  if (criteria.match !== undefined) parts.push('passing the match function');
  return parts.join(' ');
}
