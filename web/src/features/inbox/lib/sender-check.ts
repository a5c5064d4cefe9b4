import type { MessageSummary } from '@et/common';

/** What the page says about who sent a message. */
export type SenderCheck =
  /** DMARC passed: the From domain really sent it. */
  | { kind: 'verified'; domain: string }
  /** DMARC failed: the From domain did not send it. */
  | { kind: 'spoofed'; domain: string }
  /** Nothing to say: no DMARC record, a DNS error, or a message stored before the checks. */
  | null;

/** The domain of the From address, lower case; '' without one. */
function fromDomain(message: Pick<MessageSummary, 'from'>): string {
  const address = message.from.address;
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}

/**
 * The mark a message gets. Only DMARC speaks to the visitor: it is the one check about the From
 * line they read. SPF and DKIM alone say who handled the mail, not whom it claims to be from.
 */
export function senderCheck(message: Pick<MessageSummary, 'from' | 'authentication'>): SenderCheck {
  const auth = message.authentication;
  if (!auth) return null;
  if (auth.dmarc === 'pass' && auth.domain) return { kind: 'verified', domain: auth.domain };
  const domain = fromDomain(message);
  if (auth.dmarc === 'fail' && domain) return { kind: 'spoofed', domain };
  return null;
}
