import { LoaderCircleIcon, Trash2Icon } from 'lucide-react';
import type { RefObject } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { mailboxTools } from '@/content/mailbox-tools';

export interface DeleteNowDialogProps {
  email: string;
  isDeleting: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** The button that opened the dialog; focus goes back to it on close. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/** The confirmation of 'Elimina tutto ora'. 'Annulla' comes first, so it has the focus. */
export function DeleteNowDialog({
  email,
  isDeleting,
  onConfirm,
  onClose,
  returnFocusTo,
}: DeleteNowDialogProps) {
  return (
    <Dialog open onOpenChange={(open) => !open && !isDeleting && onClose()}>
      <DialogContent
        role="alertdialog"
        data-slot="delete-now-dialog"
        className="max-h-[calc(100dvh-1.5rem)] max-w-md overflow-y-auto"
        showCloseButton={false}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          // After a deletion the button is disabled until the new address arrives.
          returnFocusTo.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{mailboxTools.deleteDialog.title}</DialogTitle>
          <DialogDescription className="wrap-anywhere">
            {mailboxTools.deleteDialog.description(email)}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={isDeleting}>
            {mailboxTools.deleteDialog.cancel}
          </Button>
          <Button type="button" variant="destructive" onClick={onConfirm} disabled={isDeleting}>
            {isDeleting ? (
              <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
            ) : (
              <Trash2Icon aria-hidden="true" />
            )}
            {isDeleting ? mailboxTools.deleteDialog.deleting : mailboxTools.deleteDialog.confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
