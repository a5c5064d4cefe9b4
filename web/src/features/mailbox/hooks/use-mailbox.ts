/**
 * The life of the visitor's mailbox in this tab: restore or create on the first visit (or open
 * the one a 'Apri sul telefono' link names), create anew on request, extend, delete at once on
 * request ('Elimina tutto ora'), and expire. The credentials (address + token) are client state kept
 * here and in `sessionStorage`; everything the server says about the mailbox (its `expiresAt`)
 * lives in the query cache under the mailbox's key.
 */
import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { strings } from '@/content/strings';
import { ApiError, isNotFound, isUnauthorized } from '@/lib/api-client';
import { mailboxKeyRoot } from '@/lib/query-keys';
import {
  clearSession,
  readSession,
  writeSession,
  type MailboxSession,
} from '@/lib/session-storage';
import { toast } from '@/lib/toast';
import { createMailbox } from '../api/create-mailbox';
import { deleteMailbox } from '../api/delete-mailbox';
import { useExtendMailbox } from '../api/extend-mailbox';
import { mailboxQueryOptions, useMailboxInfo } from '../api/get-mailbox';
import { dropShareFragment, readShareFragment } from '../lib/share-link';

/**
 * `starting`: restoring or creating, no address yet ('Nuovo indirizzo' waits for it). `active`:
 * the server holds the mailbox.
 * `expired`: its time ran out and it was deleted. `failed`: no address could be obtained.
 */
export type MailboxPhase = 'starting' | 'active' | 'expired' | 'failed';

export interface MailboxController {
  phase: MailboxPhase;
  /** Address and token while `active`, otherwise null. */
  session: MailboxSession | null;
  /** ISO instant of deletion, as the server last said; undefined until known. */
  expiresAt: string | undefined;
  isExtending: boolean;
  /** 'Elimina tutto ora' is waiting for the server. */
  isDeleting: boolean;
  /** Drops the current mailbox (deleting it on the server) and creates a new one. */
  createNew: () => void;
  /** Resets the lifetime to the full ten minutes on the server. */
  extend: () => void;
  /**
   * Deletes the mailbox and its mail on the server now, then makes a new one. Resolves true once
   * the server has deleted it, false when it could not (the mailbox stays, an error is shown).
   */
  deleteNow: () => Promise<boolean>;
  /** The mailbox is gone (countdown at 0, push event, or a 401): forget it, once, and say so. */
  expire: () => void;
  /** Another tab extended the mailbox: take the new expiry from the push event. */
  applyExpiresAt: (expiresAt: string) => void;
}

interface State {
  phase: MailboxPhase;
  session: MailboxSession | null;
}

export function useMailbox(): MailboxController {
  const queryClient = useQueryClient();
  const extendMutation = useExtendMailbox();
  const [state, setState] = useState<State>({ phase: 'starting', session: null });
  // The latest session, readable synchronously so that `expire` fires once even when the
  // countdown and a push event report the end within the same tick.
  const sessionRef = useRef<MailboxSession | null>(null);
  const startedRef = useRef(false);
  // The token being deleted by 'Elimina tutto ora': the server's `mailbox.expired` for it (or a
  // 401 on the way) is our own doing, not an expiry to announce.
  const deletingTokenRef = useRef<string | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);

  const commit = useCallback((next: State) => {
    sessionRef.current = next.session;
    setState(next);
  }, []);
  /**
   * Shows the mailbox the server just gave or confirmed. As a transition: the address, the
   * countdown and a new inbox are a large render, which React then does in slices instead of one
   * long task that would hold up the page while it starts.
   */
  const activate = useCallback(
    (session: MailboxSession) => {
      writeSession(session);
      startTransition(() => commit({ phase: 'active', session }));
    },
    [commit],
  );

  const forget = useCallback(
    (session: MailboxSession) => {
      void queryClient.cancelQueries({ queryKey: mailboxKeyRoot(session.token) });
      queryClient.removeQueries({ queryKey: mailboxKeyRoot(session.token) });
    },
    [queryClient],
  );

  /**
   * Asks the server for a mailbox; the phase must already be `starting`, which is what keeps a
   * second request from starting meanwhile.
   */
  const requestMailbox = useCallback(() => {
    createMailbox().then(
      (created) => {
        queryClient.setQueryData(mailboxQueryOptions(created.token).queryKey, {
          email: created.email,
          expiresAt: created.expiresAt,
        });
        activate({ email: created.email, token: created.token });
        toast.success(strings.toasts.created, { description: created.email });
      },
      (error: unknown) => {
        console.error('Mailbox creation failed', error);
        commit({ phase: 'failed', session: null });
        toast.error(strings.common.error, { description: creationFailure(error) });
      },
    );
  }, [activate, commit, queryClient]);

  const createNew = useCallback(() => {
    const previous = sessionRef.current;
    commit({ phase: 'starting', session: null });
    clearSession();
    if (previous) {
      forget(previous);
      deleteMailbox(previous.token).catch(() => {
        // Already expired or unreachable: the sweeper removes it at expiry in any case.
      });
    }
    requestMailbox();
  }, [commit, forget, requestMailbox]);

  // First visit of this tab: open the mailbox a share link names, else restore the stored one if
  // the server confirms it still lives, else create one. Guarded by a ref so StrictMode's double
  // effect creates only one.
  useEffect(() => {
    if (startedRef.current) return;
    startedRef.current = true;

    const restore = (token: string, onGone: () => void, onRestored?: (email: string) => void) => {
      queryClient.fetchQuery(mailboxQueryOptions(token)).then(
        (info) => {
          activate({ email: info.email, token });
          onRestored?.(info.email);
        },
        (error: unknown) => {
          if (isUnauthorized(error) || isNotFound(error)) {
            onGone();
            return;
          }
          // Server unreachable: keep the stored mailbox for a later reload, offer a new one now.
          console.error('Mailbox restore failed', error);
          commit({ phase: 'failed', session: null });
          toast.error(strings.common.error, { description: strings.toasts.unreachable });
        },
      );
    };
    const startOwn = () => {
      const stored = readSession();
      if (!stored) {
        requestMailbox(); // the initial phase is already `starting`
        return;
      }
      restore(stored.token, () => {
        clearSession();
        requestMailbox();
      });
    };
    const sharedMailboxGone = () => {
      toast.error(strings.sharedLink.invalid, {
        description: strings.sharedLink.invalidDescription,
        duration: 15_000,
      });
      startOwn();
    };

    const shared = readShareFragment(window.location.hash);
    if (!shared) {
      startOwn();
      return;
    }
    // Out of the address bar before anything else happens, valid or not.
    dropShareFragment();
    if (!shared.token) {
      sharedMailboxGone();
      return;
    }
    restore(shared.token, sharedMailboxGone, (email) =>
      toast.success(strings.sharedLink.opened, { description: email }),
    );
  }, [activate, commit, requestMailbox, queryClient]);

  const expire = useCallback(() => {
    const session = sessionRef.current;
    if (!session || session.token === deletingTokenRef.current) return;
    clearSession();
    forget(session);
    commit({ phase: 'expired', session: null });
    toast.error(strings.toasts.expired, {
      description: strings.toasts.expiredDescription,
      duration: 15_000,
    });
  }, [commit, forget]);

  const { mutate: extendMutate } = extendMutation;
  const extend = useCallback(() => {
    const session = sessionRef.current;
    if (!session) return;
    extendMutate(session.token, {
      onSuccess: (info) => {
        if (sessionRef.current?.token !== session.token) return;
        queryClient.setQueryData(mailboxQueryOptions(session.token).queryKey, info);
        toast.success(strings.toasts.extended, {
          description: strings.toasts.extendedDescription,
        });
      },
      onError: (error) => {
        if (isUnauthorized(error)) {
          expire();
          return;
        }
        console.error('Extend failed', error);
        toast.error(strings.common.error, { description: strings.toasts.extendFailed });
      },
    });
  }, [expire, extendMutate, queryClient]);

  const deleteNow = useCallback(async () => {
    const session = sessionRef.current;
    if (!session) return false;
    deletingTokenRef.current = session.token;
    setIsDeleting(true);
    try {
      await deleteMailbox(session.token);
    } catch (error) {
      // A 401 means it is gone already, which is what was asked for.
      if (!isUnauthorized(error)) {
        console.error('Mailbox deletion failed', error);
        deletingTokenRef.current = null;
        toast.error(strings.common.error, { description: strings.deleteNow.failed });
        return false;
      }
    } finally {
      setIsDeleting(false);
    }
    if (sessionRef.current?.token === session.token) {
      commit({ phase: 'starting', session: null });
      clearSession();
      forget(session);
      toast.success(strings.deleteNow.done, { description: strings.deleteNow.doneDescription });
      requestMailbox();
    }
    deletingTokenRef.current = null;
    return true;
  }, [commit, forget, requestMailbox]);

  const applyExpiresAt = useCallback(
    (expiresAt: string) => {
      const session = sessionRef.current;
      if (!session) return;
      queryClient.setQueryData(mailboxQueryOptions(session.token).queryKey, (old) =>
        old ? { ...old, expiresAt } : old,
      );
    },
    [queryClient],
  );

  const info = useMailboxInfo(state.phase === 'active' ? (state.session?.token ?? null) : null);
  // A refetch (window focus) that meets a 401 means the server already deleted the mailbox.
  useEffect(() => {
    if (isUnauthorized(info.error)) expire();
  }, [info.error, expire]);

  return {
    phase: state.phase,
    session: state.session,
    expiresAt: info.data?.expiresAt,
    isExtending: extendMutation.isPending,
    isDeleting,
    createNew,
    extend,
    deleteNow,
    expire,
    applyExpiresAt,
  };
}

/** What to tell the visitor when no mailbox could be made: how long to wait if rate-limited. */
function creationFailure(error: unknown): string {
  if (!(error instanceof ApiError) || error.code !== 'RATE_LIMITED')
    return strings.toasts.createFailed;
  return error.retryAfterSeconds === null
    ? strings.toasts.rateLimited
    : strings.toasts.rateLimitedFor(error.retryAfterSeconds);
}
