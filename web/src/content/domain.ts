/**
 * Domain of the site and of the contact mailboxes named in the FAQ and the legal pages.
 * Must be the domain the site is actually served from: change it here, in one place. In a file
 * of its own so that `lib/config.ts`, which every page loads, does not bring all of `site.ts`.
 */
export const CONTACT_DOMAIN = 'emailtemporanea.it';
