/** What the verification heuristic reads and what it answers. */

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
