import { MAILBOX_TTL_SECONDS } from '@et/common';
import { TimerIcon, TimerResetIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { strings } from '@/content/strings';
import { cn } from '@/lib/cn';
import { countdownPercent, formatCountdown } from '@/lib/format';
import { useCountdown } from '../hooks/use-countdown';
import { atLongestLife } from '../lib/mailbox-life';

/** Below this many seconds the countdown turns to the warning colour. */
export const COUNTDOWN_WARNING_SECONDS = 60;

export interface CountdownCardProps {
  /** The server's deletion instant; undefined while unknown or after expiry. */
  expiresAt: string | undefined;
  /**
   * The instant past which no extension carries the mailbox (null: never ends); once
   * `expiresAt` is there, 'Estendi' says it can do no more.
   */
  maxExpiresAt?: string | null;
  /** Called once when the countdown reaches 0 for this `expiresAt`. */
  onExpire: () => void;
  onExtend: () => void;
  /** The mailbox can be extended (it is active). */
  canExtend: boolean;
  /** A mailbox is being created: show its full lifetime instead of 00:00 meanwhile. */
  pending?: boolean;
  isExtending: boolean;
  className?: string;
}

/**
 * Time left as mm:ss with a bar (remaining / 600 s) and 'Estendi', which says so when the address
 * is at the end of its longest life.
 */
export function CountdownCard({
  expiresAt,
  maxExpiresAt,
  onExpire,
  onExtend,
  canExtend,
  pending = false,
  isExtending,
  className,
}: CountdownCardProps) {
  const remaining = useCountdown(expiresAt, onExpire) ?? (pending ? MAILBOX_TTL_SECONDS : 0);
  const time = formatCountdown(remaining);
  const ended = remaining === 0;
  const warning = !ended && remaining <= COUNTDOWN_WARNING_SECONDS;
  const atLimit = !ended && atLongestLife(expiresAt, maxExpiresAt);

  return (
    <Card data-slot="countdown-card" className={className}>
      <CardHeader>
        <TimerIcon className="size-4 text-muted-foreground" aria-hidden="true" />
        <CardTitle>{strings.mailbox.countdownTitle}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-3">
        <p
          data-slot="countdown"
          role="timer"
          aria-label={strings.mailbox.countdownLabel(time)}
          className={cn(
            'font-mono text-4xl font-semibold tracking-tight tabular-nums',
            (warning || (ended && !canExtend)) && 'text-destructive',
          )}
        >
          {time}
        </p>
        <Progress
          value={countdownPercent(remaining)}
          aria-label={strings.mailbox.countdownTitle}
          indicatorClassName={cn(warning && 'bg-destructive')}
        />
        <p className="text-xs text-muted-foreground">
          {ended && !canExtend
            ? strings.mailbox.countdownExpiredHint
            : atLimit
              ? strings.mailbox.countdownLimitHint
              : strings.mailbox.countdownHint}
        </p>
        <Button
          type="button"
          variant="outline"
          className="mt-auto"
          onClick={onExtend}
          disabled={!canExtend || isExtending || atLimit}
          title={atLimit ? strings.mailbox.extendAtLimitLabel : strings.mailbox.extendLabel}
        >
          <TimerResetIcon aria-hidden="true" />
          {atLimit ? strings.mailbox.extendAtLimit : strings.mailbox.extend}
        </Button>
      </CardContent>
    </Card>
  );
}
