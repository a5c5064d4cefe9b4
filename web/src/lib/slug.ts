/**
 * A fragment id made from a heading: lowercase ASCII words joined by dashes, accents dropped
 * (`Perché li trattiamo` → `perche-li-trattiamo`).
 */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
