import { CheckIcon, CopyIcon, RefreshCwIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { strings } from '@/content/strings';
import { copyText } from '@/lib/clipboard';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import type { MailboxPhase } from '../lib/mailbox-life';

// Only a service with several domains shows the menu: a chunk of its own, so that the home
// page's first download does not carry it.
const DomainMenu = lazy(async () => ({ default: (await import('./domain-menu')).DomainMenu }));

/** How long 'Copiato' stays after a copy. */
export const COPIED_FEEDBACK_MS = 2_000;

export interface AddressCardProps {
  phase: MailboxPhase;
  /** The address while the mailbox is active. */
  email: string | null;
  /** Asks for a new mailbox: the inbox empties and the countdown restarts. */
  onNewAddress: () => void;
  /**
   * The domains a new address can be made on: with two or more, 'Cambia dominio' offers them.
   */
  domains?: readonly string[];
  /** Replaces the mailbox with a new one on the domain chosen, as `onNewAddress` does. */
  onChangeDomain?: (domain: string) => void;
  /** Secondary controls shown in a row under the main buttons ('Apri sul telefono', ...). */
  actions?: ReactNode;
  className?: string;
}

/** The visitor's address with 'Copia' and 'Nuovo indirizzo', then a row of further actions. */
export function AddressCard({
  phase,
  email,
  onNewAddress,
  domains = [],
  onChangeDomain,
  actions,
  className,
}: AddressCardProps) {
  // The address that was copied last; 'Copiato' shows only for that address, so a new address
  // never inherits the feedback of the old one.
  const [copiedFor, setCopiedFor] = useState<string | null>(null);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const copied = email !== null && copiedFor === email;

  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const handleCopy = async () => {
    if (!email) return;
    try {
      await copyText(email);
    } catch {
      toast.error(strings.common.error, { description: strings.toasts.copyFailed });
      return;
    }
    setCopiedFor(email);
    clearTimeout(resetTimer.current);
    resetTimer.current = setTimeout(() => setCopiedFor(null), COPIED_FEEDBACK_MS);
    toast.success(strings.toasts.copied, { description: strings.toasts.copiedDescription });
  };

  const active = phase === 'active' && email !== null;
  // An address is on its way (created or restored): a new one can be asked for once it is here.
  const obtaining = phase === 'starting';

  return (
    <Card data-slot="address-card" className={className}>
      <CardHeader className="flex-col items-stretch gap-1.5">
        <div className="flex items-center justify-between gap-2">
          <CardTitle>{strings.mailbox.cardTitle}</CardTitle>
          {onChangeDomain && domains.length > 1 && (
            // Pulled into the title's own height, so the card does not grow when it appears.
            <Suspense fallback={null}>
              <DomainMenu
                domains={domains}
                current={active ? email.slice(email.lastIndexOf('@') + 1) : null}
                busy={obtaining}
                onChoose={onChangeDomain}
                className="-my-1.5 -mr-2.5"
              />
            </Suspense>
          )}
        </div>
        <CardDescription>{strings.mailbox.cardHint}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div
          className={cn(
            'flex min-h-12 items-center rounded-lg border bg-muted/50 px-3 py-2',
            active && 'border-primary/30 bg-primary/5',
          )}
        >
          {active ? (
            <p
              data-slot="email-address"
              className="min-w-0 font-mono text-base font-medium break-all select-all sm:text-lg"
            >
              {email}
            </p>
          ) : phase === 'starting' ? (
            <div className="flex w-full flex-col gap-1.5" aria-busy="true">
              <Skeleton className="h-5 w-3/4" />
              <span className="sr-only">{strings.mailbox.creating}</span>
            </div>
          ) : (
            <p data-slot="email-address-missing" className="text-sm text-muted-foreground">
              {phase === 'expired' ? strings.mailbox.expired : strings.mailbox.failed}
            </p>
          )}
        </div>
        <div className="grid grid-cols-2 gap-2">
          <Button
            type="button"
            variant={copied ? 'secondary' : 'default'}
            onClick={handleCopy}
            disabled={!active}
            title={strings.mailbox.copyLabel}
          >
            {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
            {copied ? strings.mailbox.copied : strings.mailbox.copy}
          </Button>
          <Button
            type="button"
            variant="outline"
            onClick={onNewAddress}
            disabled={obtaining}
            title={strings.mailbox.newAddressLabel}
          >
            <RefreshCwIcon aria-hidden="true" className={cn(obtaining && 'animate-spin')} />
            {strings.mailbox.newAddress}
          </Button>
        </div>
        {actions && (
          <div className="border-t pt-2">
            <div
              role="group"
              aria-label={strings.mailboxActions.label}
              data-slot="mailbox-actions"
              className="flex items-stretch gap-1 sm:-mx-2.5 sm:flex-wrap sm:items-center"
            >
              {actions}
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
