import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { isNotFound, isUnauthorized } from '@/lib/api-client';
import { clearSession, readSession } from '@/lib/session-storage';
import { mailboxQueryOptions } from '../api/get-mailbox';
import { planStart, type MailboxEvent, type StartPlan } from '../lib/mailbox-life';
import * as notice from '../lib/mailbox-notices';
import { dropShareFragment, readShareFragment } from '../lib/share-link';

/**
 * The first step of the tab, once (`planStart`): open the mailbox a share link names, else
 * restore the stored one if the server confirms it still lives, else create one. Guarded by a ref
 * so StrictMode's double effect creates only one.
 */
export function useMailboxStart(
  dispatch: (event: MailboxEvent) => boolean,
  requestMailbox: () => void,
): void {
  const queryClient = useQueryClient();
  const startedRef = useRef(false);

  useEffect(() => {
    if (startedRef.current) return;
    startedRef.current = true;

    const start = (plan: StartPlan): void => {
      if (plan.kind === 'create') return requestMailbox();
      if (plan.kind === 'shared-invalid') return sharedGone();
      const shared = plan.kind === 'open-shared';
      queryClient.fetchQuery(mailboxQueryOptions(plan.token)).then(
        ({ email }) => {
          const session = { email, token: plan.token };
          if (dispatch({ type: 'obtained', session }) && shared) notice.sharedOpened(email);
        },
        (error: unknown) => {
          if (isUnauthorized(error) || isNotFound(error)) {
            if (shared) return sharedGone();
            clearSession();
            return requestMailbox();
          }
          // Server unreachable: keep the stored mailbox for a later reload, offer a new one now.
          console.error('Mailbox restore failed', error);
          if (dispatch({ type: 'unobtainable' })) notice.unreachable();
        },
      );
    };
    const sharedGone = () => {
      notice.sharedInvalid();
      start(planStart(null, readSession()));
    };

    const shared = readShareFragment(window.location.hash);
    // Out of the address bar before anything else happens, valid or not.
    if (shared) dropShareFragment();
    start(planStart(shared, readSession()));
  }, [dispatch, requestMailbox, queryClient]);
}
