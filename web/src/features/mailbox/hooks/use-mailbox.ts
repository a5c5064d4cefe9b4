/**
 * The life of the visitor's mailbox in this tab: restore or create on the first visit (or, once
 * the visitor agrees, open the one a 'Apri sul telefono' link names), create anew on request,
 * extend, delete at once on request ('Elimina tutto ora'), and expire. The phases and what moves them are the pure
 * `mailboxReducer`; this hook runs the requests and the side effects of each change. The
 * credentials (address + token) are client state kept here and in `sessionStorage`; everything
 * the server says about the mailbox (its `expiresAt`) lives in the query cache.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { ApiError, isUnauthorized } from '@/lib/api-client';
import { mailboxKeyRoot } from '@/lib/query-keys';
import { clearSession, type MailboxSession } from '@/lib/session-storage';
import { useCreateMailbox } from '../api/create-mailbox';
import { useDeleteMailbox } from '../api/delete-mailbox';
import { isLifetimeExceeded, useExtendMailbox } from '../api/extend-mailbox';
import { domainsQueryOptions, useDomains } from '../api/get-domains';
import { setMailboxExpiry, useMailboxInfo } from '../api/get-mailbox';
import { atLongestLife, isCurrent, type MailboxPhase } from '../lib/mailbox-life';
import * as notice from '../lib/mailbox-notices';
import { useMailboxStart, type SharedOffer } from './use-mailbox-start';
import { useMailboxState } from './use-mailbox-state';

export type { MailboxPhase, SharedOffer };

export interface MailboxController {
  phase: MailboxPhase;
  /** Address and token while `active`, otherwise null. */
  session: MailboxSession | null;
  /** ISO instant of deletion, as the server last said; undefined until known. */
  expiresAt: string | undefined;
  /**
   * ISO instant past which no extension carries the mailbox (null: the operator's, which never
   * end); undefined until known. 'Estendi' can do no more once `expiresAt` is there.
   */
  maxExpiresAt: string | null | undefined;
  isExtending: boolean;
  /** 'Elimina tutto ora' is waiting for the server. */
  isDeleting: boolean;
  /** Drops the current mailbox (deleting it on the server) and creates a new one. */
  createNew: () => void;
  /** The domains a new address can be made on; the menu shows only with more than one. */
  domains: readonly string[];
  /** As `createNew`, on `domain` ('Cambia dominio'). */
  changeDomain: (domain: string) => void;
  /** Resets the lifetime to the full ten minutes on the server, within its longest life. */
  extend: () => void;
  /** Deletes mailbox and mail now, then makes a new one; false when the server could not. */
  deleteNow: () => Promise<boolean>;
  /** The mailbox is gone (countdown at 0, push event, or a 401): forget it, once, and say so. */
  expire: () => void;
  /** Another tab extended the mailbox: take the new expiry from the push event. */
  applyExpiresAt: (expiresAt: string) => void;
  /** A share link's mailbox, waiting for the visitor to say whether to open it here. */
  sharedOffer: SharedOffer | null;
  /** Opens the offered mailbox in this tab (`true`) or keeps the tab's own (`false`). */
  answerSharedOffer: (open: boolean) => void;
}

/** The server no longer makes addresses on the domain asked for (or never did). */
function isDomainRefused(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === 'DOMAIN_RETIRED' || error.code === 'UNKNOWN_DOMAIN')
  );
}

export function useMailbox(): MailboxController {
  const queryClient = useQueryClient();
  const createMailbox = useCreateMailbox();
  const deleteMailbox = useDeleteMailbox();
  const { mutate: extendMailbox, isPending: isExtending } = useExtendMailbox();
  const { state, current, dispatch } = useMailboxState();
  const domains = useDomains();

  // Made once: they read the latest state when called and use only stable parts.
  const { requestMailbox, ...actions } = useMemo(() => {
    const requestMailbox = (domain?: string): Promise<void> =>
      createMailbox(domain).then(
        ({ email, token }) => {
          if (dispatch({ type: 'obtained', session: { email, token } })) notice.created(email);
        },
        (error: unknown) => {
          // The domain was retired since the list was read: the old address is gone already,
          // so one on another domain serves better than none; the menu reads the list anew.
          if (domain !== undefined && isDomainRefused(error)) {
            void queryClient.invalidateQueries({ queryKey: domainsQueryOptions().queryKey });
            notice.domainUnavailable(domain);
            return requestMailbox();
          }
          console.error('Mailbox creation failed', error);
          if (dispatch({ type: 'unobtainable' })) notice.createFailed(error);
        },
      );
    /** Drops what the cache holds of the mailbox of `token`. */
    const forget = (token: string) => {
      void queryClient.cancelQueries({ queryKey: mailboxKeyRoot(token) });
      queryClient.removeQueries({ queryKey: mailboxKeyRoot(token) });
    };
    const expire = () => {
      const session = current().session;
      if (!session || !dispatch({ type: 'ended' })) return;
      clearSession();
      forget(session.token);
      notice.expired();
    };

    /** Drops the mailbox as 'Nuovo indirizzo' does: deleted on the server, forgotten here. */
    const renew = (domain?: string) => {
      const previous = current().session;
      if (!dispatch({ type: 'renew' })) return;
      clearSession();
      if (previous) {
        forget(previous.token);
        // Already expired or unreachable: the sweeper removes it at expiry in any case.
        deleteMailbox(previous.token).catch(() => {});
      }
      void requestMailbox(domain);
    };

    return {
      requestMailbox,
      expire,
      createNew: () => renew(),
      changeDomain: (domain: string) => renew(domain),
      extend: () => {
        const token = current().session?.token;
        if (!token) return;
        extendMailbox(token, {
          onSuccess: (info) => {
            if (!isCurrent(current(), token)) return;
            if (atLongestLife(info.expiresAt, info.maxExpiresAt)) notice.extendedToLimit();
            else notice.extended();
          },
          onError: (error) => {
            if (isUnauthorized(error)) return expire();
            if (isLifetimeExceeded(error)) return notice.lifetimeReached();
            console.error('Extend failed', error);
            notice.extendFailed();
          },
        });
      },
      deleteNow: async () => {
        const token = current().session?.token;
        if (!token || !dispatch({ type: 'deleteStarted' })) return false;
        try {
          await deleteMailbox(token);
        } catch (error) {
          console.error('Mailbox deletion failed', error);
          dispatch({ type: 'deleteFailed' });
          notice.deleteFailed();
          return false;
        }
        const wasCurrent = isCurrent(current(), token);
        if (dispatch({ type: 'deleted', token }) && wasCurrent) {
          clearSession();
          notice.deleted();
          void requestMailbox();
        }
        return true;
      },
      applyExpiresAt: (expiresAt: string) => {
        const token = current().session?.token;
        if (token) setMailboxExpiry(queryClient, token, expiresAt);
      },
    };
  }, [createMailbox, current, deleteMailbox, dispatch, extendMailbox, queryClient]);
  const { offer: sharedOffer, answer: answerSharedOffer } = useMailboxStart(
    dispatch,
    requestMailbox,
  );

  const info = useMailboxInfo(state.phase === 'active' ? (state.session?.token ?? null) : null);
  // A refetch (window focus) that meets a 401 means the server already deleted the mailbox.
  const { expire } = actions;
  useEffect(() => {
    if (isUnauthorized(info.error)) expire();
  }, [info.error, expire]);

  return {
    phase: state.phase,
    session: state.session,
    expiresAt: info.data?.expiresAt,
    maxExpiresAt: info.data?.maxExpiresAt,
    isExtending,
    isDeleting: state.deleting !== null,
    domains,
    sharedOffer,
    answerSharedOffer,
    ...actions,
  };
}
