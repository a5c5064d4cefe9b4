import { Trash2Icon } from 'lucide-react';
import { lazy } from 'react';
import { strings } from '@/content/strings';
import { LazyDialogButton } from './lazy-dialog-button';

// Rarely used: the confirmation is a chunk of its own, fetched on approach like the QR dialog.
const loadDialog = () => import('./delete-now-dialog');
const DeleteNowDialog = lazy(async () => ({ default: (await loadDialog()).DeleteNowDialog }));

export interface DeleteNowButtonProps {
  /** The address while the mailbox is active; null disables the button. */
  email: string | null;
  isDeleting: boolean;
  /** Deletes on the server; resolves true when done (the dialog closes), false on failure. */
  onConfirm: () => Promise<boolean>;
}

/** 'Elimina tutto ora': asks for confirmation, then deletes address and mail at once. */
export function DeleteNowButton({ email, isDeleting, onConfirm }: DeleteNowButtonProps) {
  return (
    <LazyDialogButton
      className="text-destructive hover:bg-destructive/10 hover:text-destructive"
      disabled={!email}
      title={strings.mailboxActions.deleteNowLabel}
      preload={loadDialog}
      dialog={({ close, returnFocusTo }) =>
        email && (
          <DeleteNowDialog
            email={email}
            isDeleting={isDeleting}
            onConfirm={async () => {
              if (await onConfirm()) close();
            }}
            onClose={close}
            returnFocusTo={returnFocusTo}
          />
        )
      }
    >
      <Trash2Icon aria-hidden="true" />
      {strings.mailboxActions.deleteNow}
    </LazyDialogButton>
  );
}
