import { ChevronDownIcon, GlobeIcon } from 'lucide-react';
import { Menu, MenuContent, MenuRadioItem, MenuTrigger } from '@/components/ui/menu';
import { strings } from '@/content/strings';
import { cn } from '@/lib/cn';

export interface DomainMenuProps {
  /** The active domains; the menu is for two or more. */
  domains: readonly string[];
  /** Domain of the address shown, checked in the list; null when there is none. */
  current: string | null;
  /** A new address is on its way: the trigger stays focusable but does nothing. */
  busy: boolean;
  /** Makes a new random address on `domain` in place of the current one. */
  onChoose: (domain: string) => void;
  className?: string;
}

/**
 * 'Cambia dominio': sites that refuse disposable domains refuse them one by one, so an address on
 * another domain often gets through where the first did not.
 */
export function DomainMenu({ domains, current, busy, onChoose, className }: DomainMenuProps) {
  return (
    <Menu className={className}>
      <MenuTrigger
        variant="ghost"
        size="sm"
        busy={busy}
        title={strings.domainMenu.triggerLabel}
        className={cn('h-7 text-primary', busy && 'opacity-50')}
      >
        <GlobeIcon aria-hidden="true" />
        {strings.domainMenu.trigger}
        <ChevronDownIcon aria-hidden="true" />
      </MenuTrigger>
      <MenuContent align="end" aria-label={strings.domainMenu.menuLabel}>
        {domains.map((domain) => (
          <MenuRadioItem
            key={domain}
            checked={domain === current}
            onSelect={() => {
              if (domain !== current) onChoose(domain);
            }}
            className="font-mono"
          >
            @{domain}
          </MenuRadioItem>
        ))}
      </MenuContent>
    </Menu>
  );
}
