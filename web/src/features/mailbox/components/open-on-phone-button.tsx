import { SmartphoneIcon } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { strings } from '@/content/strings';
import { MAILBOX_ACTION_CLASS } from './address-card';

// The dialog carries the QR encoder: a chunk of its own, so the home page's first download does
// not grow. It is fetched when the pointer or focus reaches the button, ahead of the click.
const loadDialog = () => import('./open-on-phone-dialog');
const OpenOnPhoneDialog = lazy(async () => ({ default: (await loadDialog()).OpenOnPhoneDialog }));

export interface OpenOnPhoneButtonProps {
  /** Token of the active mailbox; null disables the button. */
  token: string | null;
}

/** 'Apri sul telefono': opens the dialog with the QR code of this mailbox's share link. */
export function OpenOnPhoneButton({ token }: OpenOnPhoneButtonProps) {
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
        className={MAILBOX_ACTION_CLASS}
        disabled={!token}
        onClick={() => setOpen(true)}
        onPointerEnter={preload}
        onFocus={preload}
        title={strings.mailboxActions.openOnPhoneLabel}
      >
        <SmartphoneIcon aria-hidden="true" />
        {strings.mailboxActions.openOnPhone}
      </Button>
      {open && token && (
        <Suspense fallback={null}>
          <OpenOnPhoneDialog
            token={token}
            onClose={() => setOpen(false)}
            returnFocusTo={buttonRef}
          />
        </Suspense>
      )}
    </>
  );
}
