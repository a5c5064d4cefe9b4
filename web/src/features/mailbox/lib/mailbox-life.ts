/**
 * The life of the visitor's mailbox in this tab, as pure functions: where the first visit starts
 * (`planStart`) and how each thing that happens moves the phase (`mailboxReducer`). The hook
 * (`useMailbox`) runs the requests and the side effects; it does one only when the reducer says
 * the event changed something, which is what makes an end reported twice (countdown and push
 * event in the same tick) announce itself once.
 */
import type { MailboxSession } from '@/lib/session-storage';

/**
 * `starting`: restoring or creating, no address yet ('Nuovo indirizzo' waits for it). `active`:
 * the server holds the mailbox.
 * `expired`: its time ran out and it was deleted. `failed`: no address could be obtained.
 */
export type MailboxPhase = 'starting' | 'active' | 'expired' | 'failed';

export interface MailboxState {
  phase: MailboxPhase;
  /** Address and token while `active`, otherwise null. */
  session: MailboxSession | null;
  /**
   * The token 'Elimina tutto ora' is deleting: the end the server then reports for it (push event
   * or a 401 on the way) is the visitor's own doing, not an expiry to announce.
   */
  deleting: string | null;
}

export type MailboxEvent =
  /** The server gave a new mailbox or confirmed a stored or shared one. */
  | { type: 'obtained'; session: MailboxSession }
  /** Creation failed, or the server could not be reached to confirm a stored mailbox. */
  | { type: 'unobtainable' }
  /** 'Nuovo indirizzo': the current mailbox is dropped and another one is asked for. */
  | { type: 'renew' }
  /** The mailbox is gone: countdown at 0, the server's push event, or a 401. */
  | { type: 'ended' }
  /** 'Elimina tutto ora' was confirmed and the request is on its way. */
  | { type: 'deleteStarted' }
  /** The server could not delete it: the mailbox stays. */
  | { type: 'deleteFailed' }
  /** The server deleted the mailbox of `token` (or it was gone already). */
  | { type: 'deleted'; token: string };

/** A phase with no deletion under way. */
const settled = (phase: MailboxPhase, session: MailboxSession | null = null): MailboxState => ({
  phase,
  session,
  deleting: null,
});

export const initialMailboxState: MailboxState = settled('starting');

/** The next state; the very same object when the event changes nothing. */
export function mailboxReducer(state: MailboxState, event: MailboxEvent): MailboxState {
  switch (event.type) {
    case 'obtained':
      // Only the one request that `starting` allows can bring an address.
      return state.phase === 'starting' ? settled('active', event.session) : state;
    case 'unobtainable':
      return state.phase === 'starting' ? settled('failed') : state;
    case 'renew':
      // While starting an address is already on its way: a second request waits for it.
      return state.phase === 'starting' ? state : initialMailboxState;
    case 'ended':
      if (!state.session || state.session.token === state.deleting) return state;
      return settled('expired');
    case 'deleteStarted':
      return state.session && state.deleting === null
        ? { ...state, deleting: state.session.token }
        : state;
    case 'deleteFailed':
      return state.deleting === null ? state : { ...state, deleting: null };
    case 'deleted':
      if (state.session?.token === event.token) return initialMailboxState;
      return state.deleting === event.token ? { ...state, deleting: null } : state;
  }
}

/** Whether `token` is still the mailbox on screen: answers that arrive later are about the past. */
export function isCurrent(state: MailboxState, token: string): boolean {
  return state.phase === 'active' && state.session?.token === token;
}

/**
 * The first step of a tab: a share link (`/#apri=<token>`) to a mailbox this tab does not hold is
 * asked about first (`ask-shared`; a malformed link is `shared-invalid`); one to the very
 * mailbox this tab stored is that mailbox (`restore`), as is the one this tab stored before a
 * reload; else `create`. A stored mailbox the server no longer knows, or a shared one declined or
 * gone, falls back to the visitor's own: `planStart(null, stored)`.
 */
export type StartPlan =
  | { kind: 'ask-shared'; token: string }
  | { kind: 'shared-invalid' }
  | { kind: 'restore'; token: string }
  | { kind: 'create' };

export function planStart(
  shared: { token: string | null } | null,
  stored: MailboxSession | null,
): StartPlan {
  if (shared && shared.token !== stored?.token) {
    return shared.token ? { kind: 'ask-shared', token: shared.token } : { kind: 'shared-invalid' };
  }
  return stored ? { kind: 'restore', token: stored.token } : { kind: 'create' };
}

/**
 * Whether the mailbox is at the end of its longest life: its expiry is its `maxExpiresAt`, so
 * 'Estendi' can do no more. False while either is unknown, and for the operator's mailboxes
 * (`maxExpiresAt` null), which never end.
 */
export function atLongestLife(
  expiresAt: string | undefined,
  maxExpiresAt: string | null | undefined,
): boolean {
  if (!expiresAt || !maxExpiresAt) return false;
  return Date.parse(expiresAt) >= Date.parse(maxExpiresAt);
}
