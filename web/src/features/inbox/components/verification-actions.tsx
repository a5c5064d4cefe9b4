import { CheckIcon, CopyIcon, ExternalLinkIcon, KeyRoundIcon } from 'lucide-react';
import { useId } from 'react';
import { Button, buttonVariants } from '@/components/ui/button';
import { messageReader } from '@/content/message-reader';
import { cn } from '@/lib/cn';
import { useCopyCode } from '../hooks/use-copy-code';

export interface VerificationActionsProps extends React.ComponentProps<'section'> {
  code: string | null;
  confirmLink: string | null;
}

/** The host a link leads to, said before it is opened (the mail chose it, not us). */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * The reader's 'Copia codice' and 'Apri link di conferma'. The link opens in a new tab with
 * neither opener nor referrer, so the site learns nothing about this page.
 */
export function VerificationActions({
  code,
  confirmLink,
  className,
  ...props
}: VerificationActionsProps) {
  const { copy, copied } = useCopyCode(code);
  const hostId = useId();
  if (!code && !confirmLink) return null;
  const host = confirmLink ? hostOf(confirmLink) : '';
  // The link is the main action when there is no code to copy beside it.
  const linkVariant = code ? 'outline' : 'default';
  return (
    <section
      data-slot="verification-actions"
      aria-label={messageReader.verification.title}
      className={cn(
        'flex flex-wrap items-center gap-x-4 gap-y-3 rounded-lg border border-primary/20 bg-primary/5 p-3 sm:p-4',
        className,
      )}
      {...props}
    >
      {code && (
        <div className="flex min-w-0 items-center gap-3">
          <KeyRoundIcon className="size-5 shrink-0 text-primary" aria-hidden="true" />
          <div className="flex min-w-0 flex-col">
            <span className="text-xs text-muted-foreground">
              {messageReader.verification.codeLabel}
            </span>
            <span
              data-slot="verification-code"
              className="font-mono text-xl font-semibold tracking-widest break-all"
            >
              {code}
            </span>
          </div>
          <Button
            type="button"
            size="sm"
            variant={copied ? 'secondary' : 'default'}
            onClick={() => void copy()}
          >
            {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
            {copied ? messageReader.verification.codeCopied : messageReader.verification.copyCode}
          </Button>
        </div>
      )}
      {confirmLink && (
        <div className="flex min-w-0 flex-col gap-1 sm:ml-auto sm:items-end">
          <a
            data-slot="confirm-link"
            data-variant={linkVariant}
            className={buttonVariants({ size: 'sm', variant: linkVariant })}
            href={confirmLink}
            target="_blank"
            rel="noopener noreferrer"
            title={messageReader.verification.openLinkLabel(host)}
            aria-describedby={hostId}
          >
            <ExternalLinkIcon aria-hidden="true" />
            {messageReader.verification.openLink}
          </a>
          <span id={hostId} className="max-w-full truncate text-xs text-muted-foreground">
            {messageReader.verification.linkHost(host)}
          </span>
        </div>
      )}
    </section>
  );
}
