import { CopyIcon, TriangleAlertIcon } from 'lucide-react';
import QRCode from 'qrcode';
import { useMemo, type RefObject } from 'react';
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
import { sharedMailbox } from '@/content/shared-mailbox';
import { strings } from '@/content/strings';
import { copyText } from '@/lib/clipboard';
import { toast } from '@/lib/toast';
import { shareLink } from '../lib/share-link';

/** Blank modules around the code, as the QR standard asks (ISO/IEC 18004 §6.3.8: four). */
const QUIET_ZONE_MODULES = 4;

/**
 * The QR matrix of `text` as one SVG path, a run of dark modules per `h` segment. Computed here
 * in the browser: the link (and its token) goes to no QR service.
 */
export function qrCodePath(text: string): { size: number; path: string } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const { size } = modules;
  let path = '';
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      if (!modules.get(y, x)) continue;
      let run = 1;
      while (x + run < size && modules.get(y, x + run)) run += 1;
      path += `M${x} ${y}h${run}v1h-${run}z`;
      x += run - 1;
    }
  }
  return { size, path };
}

export interface OpenOnPhoneDialogProps {
  token: string;
  onClose: () => void;
  /** The button that opened the dialog; focus goes back to it on close. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/** The QR code of this mailbox's share link, the warning that it opens the inbox, 'Copia link'. */
export function OpenOnPhoneDialog({ token, onClose, returnFocusTo }: OpenOnPhoneDialogProps) {
  const link = shareLink(token, window.location.origin);
  const qr = useMemo(() => {
    try {
      return qrCodePath(link);
    } catch (error) {
      console.error('QR code generation failed', error);
      return null;
    }
  }, [link]);
  const box = qr ? qr.size + QUIET_ZONE_MODULES * 2 : 0;

  const handleCopy = async () => {
    try {
      await copyText(link);
    } catch {
      toast.error(strings.common.error, { description: mailboxTools.openOnPhone.copyFailed });
      return;
    }
    toast.success(mailboxTools.openOnPhone.linkCopied, {
      description: mailboxTools.openOnPhone.linkCopiedDescription,
    });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        data-slot="open-on-phone-dialog"
        className="max-h-[calc(100dvh-1.5rem)] max-w-md overflow-y-auto"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogHeader className="pr-6">
          <DialogTitle>{mailboxTools.openOnPhone.title}</DialogTitle>
          <DialogDescription>{mailboxTools.openOnPhone.description}</DialogDescription>
        </DialogHeader>
        {qr ? (
          // Dark on white in both themes: phone cameras read a light background most reliably.
          <svg
            data-slot="share-qr"
            data-url={link}
            role="img"
            aria-label={mailboxTools.openOnPhone.qrLabel}
            viewBox={`${-QUIET_ZONE_MODULES} ${-QUIET_ZONE_MODULES} ${box} ${box}`}
            shapeRendering="crispEdges"
            className="mx-auto aspect-square w-full max-w-60 rounded-lg border"
          >
            <rect
              x={-QUIET_ZONE_MODULES}
              y={-QUIET_ZONE_MODULES}
              width={box}
              height={box}
              fill="#fff"
            />
            <path d={qr.path} fill="#000" />
          </svg>
        ) : (
          <p className="text-sm text-muted-foreground">{mailboxTools.openOnPhone.failed}</p>
        )}
        <p data-slot="share-phone-hint" className="text-center text-sm text-muted-foreground">
          {sharedMailbox.phoneHint}
        </p>
        <div
          data-slot="share-warning"
          role="note"
          className="flex gap-3 rounded-lg border border-destructive/30 bg-destructive/10 p-3 text-sm"
        >
          <TriangleAlertIcon
            className="mt-0.5 size-4 shrink-0 text-destructive"
            aria-hidden="true"
          />
          <div className="flex flex-col gap-1">
            <p className="font-semibold">{mailboxTools.openOnPhone.warningTitle}</p>
            <p className="text-muted-foreground">{mailboxTools.openOnPhone.warning}</p>
          </div>
        </div>
        <DialogFooter>
          <Button
            type="button"
            variant="outline"
            onClick={handleCopy}
            title={mailboxTools.openOnPhone.copyLinkLabel}
          >
            <CopyIcon aria-hidden="true" />
            {mailboxTools.openOnPhone.copyLink}
          </Button>
          <Button type="button" onClick={onClose}>
            {strings.common.close}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
