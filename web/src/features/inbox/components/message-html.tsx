import { ImageIcon, ShieldCheckIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { strings } from '@/content/strings';
import { buildMailDocument } from '../lib/mail-document';

/**
 * The HTML body in an iframe with `sandbox=""` (no scripts, no same origin) and a CSP that keeps
 * every remote resource blocked until 'Mostra immagini'. See `lib/mail-document.ts`.
 */
export function MessageHtml({ html }: { html: string }) {
  const [allowRemote, setAllowRemote] = useState(false);
  const srcDoc = useMemo(() => buildMailDocument(html, { allowRemote }), [html, allowRemote]);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-muted px-3 py-2 text-xs text-muted-foreground">
        <span className="flex items-center gap-1.5">
          <ShieldCheckIcon className="size-3.5 shrink-0" aria-hidden="true" />
          {allowRemote ? strings.message.imagesShown : strings.message.imagesBlocked}{' '}
          {strings.message.htmlLinksHint}
        </span>
        {!allowRemote && (
          <Button type="button" size="sm" variant="outline" onClick={() => setAllowRemote(true)}>
            <ImageIcon aria-hidden="true" />
            {strings.message.showImages}
          </Button>
        )}
      </div>
      <iframe
        data-slot="message-html"
        title={strings.message.htmlFrameTitle}
        sandbox=""
        srcDoc={srcDoc}
        referrerPolicy="no-referrer"
        className="h-[50vh] min-h-64 w-full rounded-md border"
      />
    </div>
  );
}
