import { MonitorIcon, MoonIcon, SunIcon } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import type * as React from 'react';
import { strings } from '@/content/strings';
import { cn } from '@/lib/cn';
import {
  readColorSchemePreference,
  setColorSchemePreference,
  subscribeColorScheme,
  type ColorSchemePreference,
} from '@/lib/color-scheme';

const OPTIONS = [
  { value: 'system', Icon: MonitorIcon, label: strings.theme.system },
  { value: 'light', Icon: SunIcon, label: strings.theme.light },
  { value: 'dark', Icon: MoonIcon, label: strings.theme.dark },
] as const satisfies readonly {
  value: ColorSchemePreference;
  Icon: typeof SunIcon;
  label: string;
}[];

/**
 * Three pressed-or-not buttons: follow the system, always light, always dark. The prerendered
 * HTML (and hydration) shows 'system'; the stored pick is read right after, in the browser. On
 * the content pages, which React does not run, `app/static-page.ts` does the same on this markup
 * (`data-slot`, `data-value`, `aria-pressed`): keep the two in step.
 */
export function ThemeToggle({ className, ...props }: React.ComponentProps<'div'>) {
  const preference = useSyncExternalStore(
    subscribeColorScheme,
    readColorSchemePreference,
    () => 'system' as const,
  );
  return (
    <div
      role="group"
      aria-label={strings.theme.groupLabel}
      data-slot="theme-toggle"
      data-preference={preference}
      className={cn('flex items-center gap-0.5 rounded-lg border bg-muted/50 p-0.5', className)}
      {...props}
    >
      {OPTIONS.map(({ value, Icon, label }) => (
        <button
          key={value}
          type="button"
          aria-pressed={preference === value}
          aria-label={label}
          title={label}
          data-value={value}
          onClick={() => setColorSchemePreference(value)}
          className="flex size-7 items-center justify-center rounded-md text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-pressed:bg-background aria-pressed:text-foreground aria-pressed:shadow-xs dark:aria-pressed:bg-accent [&_svg]:size-4"
        >
          <Icon aria-hidden="true" />
        </button>
      ))}
    </div>
  );
}
