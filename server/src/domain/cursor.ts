/**
 * Cursors: a place in a mailbox's order of arrival (`MailStore.messagesAfter`) as the API shows
 * it, in `GET /messages?since=`, in the answer's `cursor` and in the `id:` of the event stream.
 * The API calls it opaque, so its spelling may change; today it is the place in decimal, which
 * any node reads the same, since the place lives in the shared store.
 */

/**
 * A cursor as the API takes it, for route schemas: places stay far below 10^15 (and below 2^53,
 * so they are exact as numbers).
 */
export const CURSOR_PATTERN = '^(0|[1-9][0-9]{0,14})$';
const CURSOR = new RegExp(CURSOR_PATTERN);

/** The cursor of a place. */
export function toCursor(place: number): string {
  return String(place);
}

/** The place a cursor names, or null when it is not one of ours. */
export function parseCursor(cursor: string): number | null {
  return CURSOR.test(cursor) ? Number(cursor) : null;
}
