import type { MailboxInfo } from '@et/common';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isNotFound, isUnauthorized } from '@/lib/api-client';
import { mailboxKeyRoot } from '@/lib/query-keys';
import { clearSession, readSession } from '@/lib/session-storage';
import { mailboxQueryOptions } from '../api/get-mailbox';
import { planStart, type MailboxEvent } from '../lib/mailbox-life';
import * as notice from '../lib/mailbox-notices';
import { dropShareFragment, readShareFragment } from '../lib/share-link';

/** A share link's mailbox, alive on the server, that waits for the visitor's answer. */
export interface SharedOffer {
  token: string;
  email: string;
  /** ISO instant of its deletion, as the server said. */
  expiresAt: string;
  /** The address this tab held before the link, which opening it replaces; null for none. */
  replaces: string | null;
}

export interface MailboxStart {
  /** The shared mailbox the page asks about; null when there is no question. */
  offer: SharedOffer | null;
  /** The visitor's answer: `open` makes it this tab's mailbox, else the tab keeps its own. */
  answer: (open: boolean) => void;
}

/**
 * The first step of the tab, once (`planStart`): restore the stored mailbox if the server
 * confirms it still lives, else create one. A share link names someone's mailbox: anyone can put
 * one in a mail, a chat or a QR code, and a visitor who took it for their own would sign up with
 * an address its sender reads. So the mailbox of a link is only read (`GET /mailbox`, which
 * confirms it lives and gives its expiry) and offered; nothing is replaced or stored until the
 * visitor answers. Guarded by a ref so StrictMode's double effect creates only one.
 */
export function useMailboxStart(
  dispatch: (event: MailboxEvent) => boolean,
  requestMailbox: () => void,
): MailboxStart {
  const queryClient = useQueryClient();
  const startedRef = useRef(false);
  const [offer, setOffer] = useState<SharedOffer | null>(null);

  /** Asks the server about `token`: `alive` with its record, `gone` when it no longer exists. */
  const confirm = useCallback(
    (token: string, alive: (info: MailboxInfo) => void, gone: () => void) => {
      queryClient.fetchQuery(mailboxQueryOptions(token)).then(alive, (error: unknown) => {
        if (isUnauthorized(error) || isNotFound(error)) return gone();
        // Server unreachable: keep the stored mailbox for a later reload, offer a new one now.
        console.error('Mailbox restore failed', error);
        if (dispatch({ type: 'unobtainable' })) notice.unreachable();
      });
    },
    [dispatch, queryClient],
  );

  /** The tab's own mailbox: the stored one if the server confirms it lives, else a new one. */
  const startOwn = useCallback(() => {
    const stored = readSession();
    if (!stored) {
      requestMailbox();
      return;
    }
    confirm(
      stored.token,
      ({ email }) => dispatch({ type: 'obtained', session: { email, token: stored.token } }),
      () => {
        clearSession();
        requestMailbox();
      },
    );
  }, [confirm, dispatch, requestMailbox]);

  useEffect(() => {
    if (startedRef.current) return;
    startedRef.current = true;
    const shared = readShareFragment(window.location.hash);
    // Out of the address bar before anything else happens, valid or not.
    if (shared) dropShareFragment();
    const plan = planStart(shared, readSession());
    const gone = () => {
      notice.sharedInvalid();
      startOwn();
    };
    if (plan.kind === 'ask-shared') {
      confirm(
        plan.token,
        ({ email, expiresAt }) =>
          setOffer({ token: plan.token, email, expiresAt, replaces: readSession()?.email ?? null }),
        gone,
      );
    } else if (plan.kind === 'shared-invalid') gone();
    else startOwn();
  }, [confirm, startOwn]);

  // A share link pasted into this very tab changes only the fragment: the page starts again
  // from it, and so asks before it replaces the mailbox the tab holds.
  useEffect(() => {
    const reopen = () => {
      if (readShareFragment(window.location.hash)) window.location.reload();
    };
    window.addEventListener('hashchange', reopen);
    return () => window.removeEventListener('hashchange', reopen);
  }, []);

  const answer = useCallback(
    (open: boolean) => {
      if (!offer) return;
      setOffer(null);
      if (!open) {
        queryClient.removeQueries({ queryKey: mailboxKeyRoot(offer.token) });
        startOwn();
        return;
      }
      const session = { email: offer.email, token: offer.token };
      if (dispatch({ type: 'obtained', session })) notice.sharedOpened(offer.email);
    },
    [offer, dispatch, queryClient, startOwn],
  );

  return { offer, answer };
}
