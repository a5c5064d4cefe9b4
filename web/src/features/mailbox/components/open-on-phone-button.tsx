import { SmartphoneIcon } from 'lucide-react';
import { lazy } from 'react';
import { strings } from '@/content/strings';
import { LazyDialogButton } from './lazy-dialog-button';

// The dialog carries the QR encoder: a chunk of its own, so the home page's first download does
// not grow.
const loadDialog = () => import('./open-on-phone-dialog');
const OpenOnPhoneDialog = lazy(async () => ({ default: (await loadDialog()).OpenOnPhoneDialog }));

export interface OpenOnPhoneButtonProps {
  /** Token of the active mailbox; null disables the button. */
  token: string | null;
}

/** 'Apri sul telefono': opens the dialog with the QR code of this mailbox's share link. */
export function OpenOnPhoneButton({ token }: OpenOnPhoneButtonProps) {
  return (
    <LazyDialogButton
      disabled={!token}
      title={strings.mailboxActions.openOnPhoneLabel}
      preload={loadDialog}
      dialog={({ close, returnFocusTo }) =>
        token && <OpenOnPhoneDialog token={token} onClose={close} returnFocusTo={returnFocusTo} />
      }
    >
      <SmartphoneIcon aria-hidden="true" />
      {strings.mailboxActions.openOnPhone}
    </LazyDialogButton>
  );
}
