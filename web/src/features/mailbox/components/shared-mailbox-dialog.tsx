import { TriangleAlertIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { sharedMailbox } from '@/content/shared-mailbox';
import { useNow } from '@/lib/use-now';
import type { SharedOffer } from '../hooks/use-mailbox-start';

const MINUTE_MS = 60_000;

export interface SharedMailboxDialogProps {
  offer: SharedOffer;
  /** `true`: open the shared mailbox in this tab; `false` (also Escape): keep to one's own. */
  onAnswer: (open: boolean) => void;
}

/**
 * 'Stai aprendo una casella condivisa': whose mailbox a share link opens and until when, that
 * whoever holds the link reads it too, and what it would replace here. The way out comes first
 * and has the focus; on the visitor's own phone, after the QR code, one tap opens it.
 */
export function SharedMailboxDialog({ offer, onAnswer }: SharedMailboxDialogProps) {
  const now = useNow(MINUTE_MS / 4);
  const expires = new Date(offer.expiresAt);
  const time = expires.toLocaleTimeString('it-IT', { hour: '2-digit', minute: '2-digit' });
  const minutes = Math.ceil((expires.getTime() - now) / MINUTE_MS);
  return (
    <Dialog open onOpenChange={(open) => !open && onAnswer(false)}>
      <DialogContent
        role="alertdialog"
        data-slot="shared-mailbox-dialog"
        className="max-h-[calc(100dvh-1.5rem)] max-w-md overflow-y-auto"
        showCloseButton={false}
      >
        <DialogHeader>
          <DialogTitle>{sharedMailbox.title}</DialogTitle>
          <DialogDescription asChild>
            <div className="flex flex-col gap-2">
              <p>{sharedMailbox.opening}</p>
              <p
                data-slot="shared-address"
                className="rounded-md bg-muted px-3 py-2 font-mono text-base font-semibold break-all text-foreground"
              >
                {offer.email}
              </p>
              <p>{sharedMailbox.expires(time, minutes)}</p>
            </div>
          </DialogDescription>
        </DialogHeader>
        <p className="flex items-start gap-2 rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
          <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{sharedMailbox.warning}</span>
        </p>
        {offer.replaces && (
          <p className="text-sm text-muted-foreground wrap-anywhere">
            {sharedMailbox.replaces(offer.replaces)}
          </p>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onAnswer(false)}>
            {offer.replaces ? sharedMailbox.keepOwn : sharedMailbox.keepNew}
          </Button>
          <Button type="button" onClick={() => onAnswer(true)}>
            {sharedMailbox.open}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
