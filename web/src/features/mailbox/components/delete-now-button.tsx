import { Trash2Icon } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { strings } from '@/content/strings';
import { cn } from '@/lib/cn';
import { MAILBOX_ACTION_CLASS } from './address-card';

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
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const preload = () => void loadDialog().catch(() => {});

  return (
    <>
      <Button
        ref={buttonRef}
        type="button"
        variant="ghost"
        size="sm"
        className={cn(
          MAILBOX_ACTION_CLASS,
          'text-destructive hover:bg-destructive/10 hover:text-destructive',
        )}
        disabled={!email}
        onClick={() => setOpen(true)}
        onPointerEnter={preload}
        onFocus={preload}
        title={strings.mailboxActions.deleteNowLabel}
      >
        <Trash2Icon aria-hidden="true" />
        {strings.mailboxActions.deleteNow}
      </Button>
      {open && email && (
        <Suspense fallback={null}>
          <DeleteNowDialog
            email={email}
            isDeleting={isDeleting}
            onConfirm={async () => {
              if (await onConfirm()) setOpen(false);
            }}
            onClose={() => setOpen(false)}
            returnFocusTo={buttonRef}
          />
        </Suspense>
      )}
    </>
  );
}
