import { describe, expect, it } from 'vitest';
import { clearSession, readSession, writeSession } from '@/lib/session-storage';
import {
  atLongestLife,
  initialMailboxState,
  isCurrent,
  mailboxReducer,
  planStart,
  type MailboxEvent,
  type MailboxState,
} from './mailbox-life';
import { readShareFragment } from './share-link';

const FIRST = { email: 'primo1234567@localhost', token: 'dG9rZW4tZGVsLXByaW1vLWluZGlyaXp6bw' };
const SECOND = { email: 'secondo12345@localhost', token: 'dG9rZW4tZGVsLXNlY29uZG8taW5kaXJpenpv' };

/** The state after `events`, from a tab's first state. */
function after(...events: MailboxEvent[]): MailboxState {
  return events.reduce(mailboxReducer, initialMailboxState);
}

const obtained = (session = FIRST): MailboxEvent => ({ type: 'obtained', session });

describe('mailbox life', () => {
  it('starts with no address, then shows the one the server gives', () => {
    expect(initialMailboxState).toEqual({ phase: 'starting', session: null, deleting: null });
    expect(after(obtained())).toEqual({ phase: 'active', session: FIRST, deleting: null });
  });

  it('fails when no address comes, and a retry starts again and succeeds', () => {
    const failed = after({ type: 'unobtainable' });
    expect(failed).toEqual({ phase: 'failed', session: null, deleting: null });
    const retrying = mailboxReducer(failed, { type: 'renew' });
    expect(retrying.phase).toBe('starting');
    expect(mailboxReducer(retrying, obtained(SECOND))).toEqual({
      phase: 'active',
      session: SECOND,
      deleting: null,
    });
  });

  it('asks for no second address while one is on its way', () => {
    expect(mailboxReducer(initialMailboxState, { type: 'renew' })).toBe(initialMailboxState);
  });

  it('takes an address only while one is awaited', () => {
    const active = after(obtained());
    expect(mailboxReducer(active, obtained(SECOND))).toBe(active);
    expect(mailboxReducer(active, { type: 'unobtainable' })).toBe(active);
    const expired = mailboxReducer(active, { type: 'ended' });
    expect(mailboxReducer(expired, obtained(SECOND))).toBe(expired);
  });

  it("drops the address for 'Nuovo indirizzo' and shows the next one", () => {
    const renewing = after(obtained(), { type: 'renew' });
    expect(renewing).toEqual({ phase: 'starting', session: null, deleting: null });
    expect(mailboxReducer(renewing, obtained(SECOND)).session).toEqual(SECOND);
  });

  it('expires once, however many times the end is reported', () => {
    const expired = after(obtained(), { type: 'ended' });
    expect(expired).toEqual({ phase: 'expired', session: null, deleting: null });
    expect(mailboxReducer(expired, { type: 'ended' })).toBe(expired);
    expect(mailboxReducer(initialMailboxState, { type: 'ended' })).toBe(initialMailboxState);
    expect(mailboxReducer(expired, { type: 'renew' }).phase).toBe('starting');
  });

  it("deletes at once: the server's end of that mailbox is no expiry, and a new one follows", () => {
    const deleting = after(obtained(), { type: 'deleteStarted' });
    expect(deleting).toEqual({ phase: 'active', session: FIRST, deleting: FIRST.token });
    expect(mailboxReducer(deleting, { type: 'deleteStarted' })).toBe(deleting);
    // The push event (or a 401) for the mailbox being deleted changes nothing.
    expect(mailboxReducer(deleting, { type: 'ended' })).toBe(deleting);
    expect(mailboxReducer(deleting, { type: 'deleted', token: FIRST.token })).toEqual(
      initialMailboxState,
    );
  });

  it('keeps the mailbox when the deletion fails, and lets it expire as usual again', () => {
    const kept = after(obtained(), { type: 'deleteStarted' }, { type: 'deleteFailed' });
    expect(kept).toEqual({ phase: 'active', session: FIRST, deleting: null });
    expect(mailboxReducer(kept, { type: 'deleteFailed' })).toBe(kept);
    expect(mailboxReducer(kept, { type: 'ended' }).phase).toBe('expired');
  });

  it('does not drop a newer mailbox when an older one is reported deleted', () => {
    const active = after(obtained(SECOND));
    expect(mailboxReducer(active, { type: 'deleted', token: FIRST.token })).toBe(active);
    expect(mailboxReducer(after(), { type: 'deleteStarted' })).toBe(initialMailboxState);
  });

  it('applies an extension only to the mailbox still on screen', () => {
    const active = after(obtained());
    expect(isCurrent(active, FIRST.token)).toBe(true);
    expect(isCurrent(active, SECOND.token)).toBe(false);
    expect(isCurrent(mailboxReducer(active, { type: 'renew' }), FIRST.token)).toBe(false);
    expect(isCurrent(mailboxReducer(active, { type: 'ended' }), FIRST.token)).toBe(false);
    // Extending changes no phase: the new expiry is server data, in the query cache.
    expect(isCurrent(after(obtained(), { type: 'deleteStarted' }), FIRST.token)).toBe(true);
  });

  describe('first step of a tab', () => {
    it('creates a mailbox on a first visit', () => {
      expect(planStart(readShareFragment(''), readSession())).toEqual({ kind: 'create' });
    });

    it('restores the mailbox this tab stored, after a reload', () => {
      writeSession(FIRST);
      const plan = planStart(readShareFragment(''), readSession());
      expect(plan).toEqual({ kind: 'restore', token: FIRST.token });
      // What the server then confirms is the very address that was stored.
      expect(readSession()).toEqual(FIRST);
      // Unknown to the server: the stored one goes and a new one is made.
      clearSession();
      expect(planStart(null, readSession())).toEqual({ kind: 'create' });
    });

    it('fails when the server cannot be reached to confirm the stored mailbox', () => {
      expect(after({ type: 'unobtainable' }).phase).toBe('failed');
    });

    it('asks about a shared mailbox before the stored one, and a broken link falls back to it', () => {
      writeSession(FIRST);
      expect(planStart(readShareFragment(`#apri=${SECOND.token}`), readSession())).toEqual({
        kind: 'ask-shared',
        token: SECOND.token,
      });
      expect(planStart(readShareFragment(`#apri=${SECOND.token}`), null)).toEqual({
        kind: 'ask-shared',
        token: SECOND.token,
      });
      // A link to the mailbox this tab holds already is no switch: nothing to ask.
      expect(planStart(readShareFragment(`#apri=${FIRST.token}`), readSession())).toEqual({
        kind: 'restore',
        token: FIRST.token,
      });
      expect(planStart(readShareFragment('#apri=rotto'), readSession())).toEqual({
        kind: 'shared-invalid',
      });
      expect(planStart(null, readSession())).toEqual({ kind: 'restore', token: FIRST.token });
    });
  });

  describe('longest life', () => {
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 15, 12, minutes)).toISOString();

    it('is reached when the expiry is the instant no extension goes past', () => {
      expect(atLongestLife(at(60), at(60))).toBe(true);
      expect(atLongestLife(at(59), at(60))).toBe(false);
      // Another spelling of the same instant is the same instant.
      expect(atLongestLife('2026-01-15T13:00:00Z', at(60))).toBe(true);
    });

    it('is never reached while either is unknown, nor by a mailbox that never ends', () => {
      expect(atLongestLife(undefined, at(60))).toBe(false);
      expect(atLongestLife(at(60), undefined)).toBe(false);
      expect(atLongestLife(at(60), null)).toBe(false);
    });
  });
});
