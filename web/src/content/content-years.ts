/**
 * The years of the site's content for the footer's copyright line: the first publication and the
 * latest change. Two numbers rather than a reading of the articles and the legal pages, so that
 * the footer, in the home page's first download too, does not carry the content itself;
 * `revisions.test.ts` holds them to the dates the content states.
 */
export const CONTENT_YEARS = { first: 2025, last: 2026 } as const;
