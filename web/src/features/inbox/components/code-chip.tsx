import { CheckIcon, CopyIcon, ShieldAlertIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { strings } from '@/content/strings';
import { cn } from '@/lib/cn';
import { useCopyCode } from '../hooks/use-copy-code';

export interface CodeChipProps extends Omit<React.ComponentProps<'button'>, 'onClick'> {
  code: string;
  /** The From domain of a message that fails DMARC: the chip carries the warning too. */
  spoofedDomain?: string | null;
}

/**
 * 'Codice 482913' on an inbox row: one tap copies the code, without opening the message. It is
 * a button of its own beside the row's button, never inside it (no nested interactive content).
 */
export function CodeChip({ code, spoofedDomain, className, ...props }: CodeChipProps) {
  const { copy, copied } = useCopyCode(code);
  const label = spoofedDomain
    ? strings.sender.spoofedCode(code, spoofedDomain)
    : strings.verification.chipLabel(code);
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      data-slot="code-chip"
      data-copied={copied || undefined}
      data-spoofed={spoofedDomain ? true : undefined}
      aria-label={label}
      title={label}
      onClick={() => void copy()}
      className={cn(
        'h-7 gap-1.5 rounded-full border-primary/30 bg-primary/5 px-2.5 text-xs text-primary hover:bg-primary/10 hover:text-primary',
        spoofedDomain &&
          'border-destructive/40 bg-destructive/10 text-destructive hover:bg-destructive/15 hover:text-destructive',
        className,
      )}
      {...props}
    >
      {copied ? (
        <CheckIcon aria-hidden="true" />
      ) : spoofedDomain ? (
        <ShieldAlertIcon aria-hidden="true" />
      ) : (
        <CopyIcon aria-hidden="true" />
      )}
      <span className="font-normal">
        {spoofedDomain ? strings.sender.spoofedShort : strings.verification.chip}
      </span>{' '}
      <span data-slot="code-chip-code" className="font-mono font-semibold tracking-wider">
        {code}
      </span>
    </Button>
  );
}
