import { CheckIcon } from 'lucide-react';
import { createContext, use, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type * as React from 'react';
import { cn } from '@/lib/cn';
import { Button } from './button';

/**
 * A menu button after the WAI-ARIA pattern (https://www.w3.org/WAI/ARIA/apg/patterns/menu-button/):
 * the trigger says it opens a menu and whether it is open; the menu takes focus, arrows, Home and
 * End move in it, a letter jumps to the next item that starts with it, Enter or Space chooses,
 * Escape closes and gives focus back to the trigger, and Tab or a click elsewhere closes it.
 * Written here rather than taken from a library: a few dozen lines the home page loads anyway.
 */
interface MenuState {
  open: boolean;
  /** Which item takes focus when the menu opens. */
  openAt: 'first' | 'last' | 'checked';
  show: (at: MenuState['openAt']) => void;
  /** Closes; with `refocus`, focus goes back to the trigger. */
  hide: (refocus: boolean) => void;
  triggerId: string;
  contentId: string;
}

const MenuContext = createContext<MenuState | null>(null);

function useMenu(): MenuState {
  const menu = use(MenuContext);
  if (!menu) throw new Error('Menu parts belong inside <Menu>');
  return menu;
}

/** Holds the trigger and the menu; the menu is placed under it. */
export function Menu({ className, children, ...props }: React.ComponentProps<'div'>) {
  const [open, setOpen] = useState(false);
  const [openAt, setOpenAt] = useState<MenuState['openAt']>('checked');
  const rootRef = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const away = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  const state: MenuState = {
    open,
    openAt,
    show: (at) => {
      setOpenAt(at);
      setOpen(true);
    },
    hide: (refocus) => {
      setOpen(false);
      if (refocus) document.getElementById(`${id}-trigger`)?.focus();
    },
    triggerId: `${id}-trigger`,
    contentId: `${id}-menu`,
  };

  return (
    <MenuContext value={state}>
      <div
        ref={rootRef}
        data-slot="menu"
        className={cn('relative', className)}
        // Focus that moves on outside trigger and menu closes the menu. A blur towards nothing
        // is left to the pointer handler: Safari does not focus a button it clicks, so an item
        // clicked there would otherwise vanish before its click.
        onBlur={(event) => {
          const next = event.relatedTarget as Node | null;
          if (open && next && !rootRef.current?.contains(next)) setOpen(false);
        }}
        {...props}
      >
        {children}
      </div>
    </MenuContext>
  );
}

/**
 * The button that opens the menu. `busy` keeps it focusable but inert (`aria-disabled`), so a
 * keyboard user's focus is not lost while the chosen action runs.
 */
export function MenuTrigger({
  busy = false,
  onClick,
  onKeyDown,
  ...props
}: React.ComponentProps<typeof Button> & { busy?: boolean }) {
  const menu = useMenu();
  return (
    <Button
      id={menu.triggerId}
      type="button"
      data-slot="menu-trigger"
      aria-haspopup="menu"
      aria-expanded={menu.open}
      aria-controls={menu.open ? menu.contentId : undefined}
      aria-disabled={busy || undefined}
      onClick={(event) => {
        onClick?.(event);
        if (busy) return;
        if (menu.open) menu.hide(false);
        else menu.show('checked');
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (busy || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
        event.preventDefault();
        menu.show(event.key === 'ArrowDown' ? 'first' : 'last');
      }}
      {...props}
    />
  );
}

const ITEM = '[role^="menuitem"]';

/** The list of items, shown while open; `align` says which edge of the trigger it lines up with. */
export function MenuContent({
  className,
  align = 'start',
  ...props
}: React.ComponentProps<'div'> & { align?: 'start' | 'end' }) {
  const menu = useMenu();
  const ref = useRef<HTMLDivElement>(null);
  const { open, openAt } = menu;

  useEffect(() => {
    if (!open || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(ITEM)];
    const checked = items.find((item) => item.getAttribute('aria-checked') === 'true');
    const target =
      openAt === 'last' ? items.at(-1) : openAt === 'checked' ? (checked ?? items[0]) : items[0];
    target?.focus();
  }, [open, openAt]);

  if (!open) return null;

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>(ITEM)];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const focus = (index: number) => items[(index + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        return focus(at + 1);
      case 'ArrowUp':
        return focus(at - 1);
      case 'Home':
        return focus(0);
      case 'End':
        return focus(items.length - 1);
      case 'Escape':
        return menu.hide(true);
      case 'Tab':
        return menu.hide(false);
    }
    if (event.key.length === 1 && /\S/.test(event.key)) {
      const key = event.key.toLowerCase();
      const after = [...items.slice(at + 1), ...items.slice(0, at + 1)];
      // Leading signs (the `@` of a domain) are not what a reader types.
      const label = (item: HTMLElement) => (item.textContent ?? '').replace(/^[\s\W]+/, '');
      after.find((item) => label(item).toLowerCase().startsWith(key))?.focus();
    }
  };

  return (
    <div
      ref={ref}
      id={menu.contentId}
      role="menu"
      aria-labelledby={props['aria-label'] ? undefined : menu.triggerId}
      data-slot="menu-content"
      className={cn(
        'absolute top-full z-50 mt-1 flex max-h-72 min-w-56 flex-col overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md',
        align === 'end' ? 'right-0' : 'left-0',
        className,
      )}
      onKeyDown={(event) => {
        if (!['Tab', 'Enter', ' '].includes(event.key)) event.preventDefault();
        move(event);
      }}
      {...props}
    />
  );
}

/** One choice of a set, the current one checked; choosing closes the menu. */
export function MenuRadioItem({
  className,
  checked,
  onSelect,
  children,
  ...props
}: Omit<React.ComponentProps<'button'>, 'onSelect'> & {
  checked: boolean;
  onSelect: () => void;
}) {
  const menu = useMenu();
  return (
    <button
      type="button"
      role="menuitemradio"
      aria-checked={checked}
      tabIndex={-1}
      data-slot="menu-item"
      className={cn(
        'flex w-full items-center gap-2 rounded-sm py-2 pr-3 pl-8 text-left text-sm outline-none select-none hover:bg-accent hover:text-accent-foreground focus-visible:bg-accent focus-visible:text-accent-foreground focus:bg-accent focus:text-accent-foreground',
        'relative',
        className,
      )}
      onClick={() => {
        menu.hide(true);
        onSelect();
      }}
      {...props}
    >
      {checked && <CheckIcon aria-hidden="true" className="absolute left-2 size-4 text-primary" />}
      {children}
    </button>
  );
}
