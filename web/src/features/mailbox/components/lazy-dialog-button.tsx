import {
  Suspense,
  useRef,
  useState,
  type ComponentProps,
  type ReactNode,
  type RefObject,
} from 'react';
import { ActionButton } from '@/components/ui/button';

export interface LazyDialogButtonProps extends Omit<
  ComponentProps<typeof ActionButton>,
  'onClick' | 'ref'
> {
  /** Imports the dialog's chunk; called when the pointer or focus reaches the button. */
  preload: () => Promise<unknown>;
  /** The (lazy) dialog, rendered while open and the button enabled. */
  dialog: (props: {
    close: () => void;
    returnFocusTo: RefObject<HTMLButtonElement | null>;
  }) => ReactNode;
}

/**
 * An action whose dialog is rarely opened and lives in a chunk of its own, so the home page's
 * first download does not carry it: the chunk is fetched on approach, ahead of the click, and the
 * dialog is mounted only while open. Disabling the button closes the dialog, so it does not come
 * back by itself for the next address.
 */
export function LazyDialogButton({ preload, dialog, disabled, ...props }: LazyDialogButtonProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  if (open && disabled) setOpen(false);
  const warm = () => void preload().catch(() => {});

  return (
    <>
      <ActionButton
        ref={buttonRef}
        type="button"
        disabled={disabled}
        onClick={() => setOpen(true)}
        onPointerEnter={warm}
        onFocus={warm}
        {...props}
      />
      {open && !disabled && (
        <Suspense fallback={null}>
          {dialog({ close: () => setOpen(false), returnFocusTo: buttonRef })}
        </Suspense>
      )}
    </>
  );
}
