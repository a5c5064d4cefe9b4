import type { Block } from '../blocks';

/** One blog article: the card on `/blog` and the page at `/blog/{slug}`. */
export interface Article {
  /** URL segment under `/blog/`; lowercase words joined by dashes. */
  slug: string;
  /** Headline: the `<h1>` of the page and the JSON-LD `headline`. At most 60 characters. */
  title: string;
  /** One or two sentences for the card, the meta description and JSON-LD (120-160 characters). */
  description: string;
  /** Short label shown on the card, e.g. `Sicurezza`. */
  category: string;
  /** Publication date, ISO `YYYY-MM-DD` (JSON-LD `datePublished`). */
  date: string;
  /** Date of the last change of the text, ISO `YYYY-MM-DD` (JSON-LD `dateModified`). */
  dateModified: string;
  /**
   * Fingerprint of the text (title, description, body) as it was on `dateModified`:
   * `revisions.test.ts` fails when the text changes and these two do not.
   */
  textFingerprint: string;
  /** Estimated reading time in minutes, shown on the card. */
  readTimeMinutes: 7 | 8 | 9 | 10 | 12;
  /** The body of the article, after the title. */
  blocks: Block[];
}
