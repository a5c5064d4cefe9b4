/** A recipient mailbox as the caps see it. */
export interface CappedMailbox {
  /** Lower case, as resolved at RCPT. */
  address: string;
  /** The client key of whoever created it (`MailboxRecord.creator`); null for none. */
  creator: string | null;
}

/** One message that has arrived whole, as a cap sees it before it is stored. */
export interface CappedDelivery {
  /** The sending client's IP address. */
  ip: string;
  /** The recipient mailboxes, resolved at RCPT. */
  mailboxes: readonly CappedMailbox[];
  /** Size of the message as received, in bytes. */
  bytes: number;
}

/** What the caps counted for one admitted message. */
export interface Admission {
  /**
   * Gives back what was counted for the copies not stored after all (mailboxes full or gone
   * meanwhile, or the store failing): the caps count mail taken in, not mail offered. Never
   * rejects.
   */
  refund(mailboxes: readonly string[]): Promise<void>;
}

/**
 * Caps on what one sender, or the mailboxes of one creator, may take in, asked by the SMTP
 * listener (`byte-caps.ts` counts them on the rate counters). A refusal is
 * `451 4.7.1` (try later), and each mailbox it concerns records it (`sender-limit`). Either call
 * rejects when the caps' counters cannot be reached: the sender is told 451 4.3.0.
 */
export interface DeliveryCap {
  /**
   * RCPT TO: whether `mailbox` may take mail from `ip` at all now; false once a window it is
   * counted in is known to be spent, so that no message is sent in vain and one recipient's
   * spent cap does not hold back the others of the message. Counts nothing, and answers from
   * what the node knows, without a round trip.
   */
  admitsRecipient(ip: string, mailbox: CappedMailbox): boolean;
  /**
   * DATA, once the message is whole and before anything of it is stored: counts it in every
   * window it concerns and resolves what was counted, or null, counting nothing, when that
   * would take one past its cap.
   */
  admit(delivery: CappedDelivery): Promise<Admission | null>;
}
