import { ImageIcon, ShieldCheckIcon } from 'lucide-react';
import { useMemo, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { messageReader } from '@/content/message-reader';
import { buildMailDocument, MAIL_SANDBOX, type RemoteResources } from '../lib/mail-document';

/**
 * The HTML body in a sandboxed iframe (no scripts, no same origin, no forms; links open in a new
 * tab) and a CSP that keeps every remote resource blocked until the visitor allows it
 * (`allowRemote`, from {@link RemoteContentNotice}). See `lib/mail-document.ts`.
 */
export function MessageHtml({ html, allowRemote }: { html: string; allowRemote: boolean }) {
  const srcDoc = useMemo(() => buildMailDocument(html, { allowRemote }), [html, allowRemote]);
  return (
    <div className="flex flex-col gap-2">
      <p className="text-xs text-muted-foreground">{messageReader.message.htmlLinksHint}</p>
      <iframe
        data-slot="message-html"
        title={messageReader.message.htmlFrameTitle}
        sandbox={MAIL_SANDBOX}
        srcDoc={srcDoc}
        referrerPolicy="no-referrer"
        className="h-[50vh] min-h-64 w-full rounded-md border"
      />
    </div>
  );
}

/**
 * How many remote loads the message tried and we blocked ('3 immagini remote bloccate'), with
 * 'Mostra immagini' for this message only. Nothing when the message loads nothing remote.
 */
export function RemoteContentNotice({
  resources,
  shown,
  onShow,
}: {
  resources: RemoteResources;
  shown: boolean;
  onShow: () => void;
}) {
  // The button goes once pressed: keyboard focus moves to the notice instead of getting lost.
  const ref = useRef<HTMLDivElement>(null);
  const count = resources.images.length + resources.other.length;
  if (count === 0) return null;
  const label =
    resources.other.length === 0
      ? messageReader.tracking.blockedImages(count)
      : messageReader.tracking.blockedContent(count);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      data-slot="remote-content-notice"
      data-blocked={shown ? 0 : count}
      className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 rounded-md bg-muted px-3 py-2 text-sm outline-none"
    >
      <p className="flex min-w-0 items-start gap-2">
        {shown ? (
          <ImageIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        ) : (
          <ShieldCheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
        )}
        {shown ? (
          <span className="text-muted-foreground">{messageReader.tracking.shown}</span>
        ) : (
          <span>
            <span data-slot="remote-content-count" className="font-medium">
              {label}
            </span>
            <span className="block text-xs text-muted-foreground">
              {messageReader.tracking.blockedHint}
            </span>
          </span>
        )}
      </p>
      {!shown && (
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => {
            onShow();
            ref.current?.focus();
          }}
        >
          <ImageIcon aria-hidden="true" />
          {messageReader.message.showImages}
        </Button>
      )}
    </div>
  );
}
