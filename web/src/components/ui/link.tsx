import { createContext, use } from 'react';
import type * as React from 'react';

/**
 * How a `Link` changes page without reloading the document. The app provides it
 * (`app/app.tsx`): react-router's navigation, or on the home page, which starts without the
 * router, one that loads the router first. Without it (prerendering, tests) a link is a plain
 * link.
 */
export interface Navigation {
  /** Shows the page at `to`, a path of this site, in place. */
  navigate: (to: string) => void;
  /** The visitor is about to follow a link: a chance to fetch what `navigate` needs. */
  prepare?: () => void;
}

export const NavigationContext = createContext<Navigation | null>(null);

/** A click that the browser would turn into a load of the link in this tab. */
function isPlainClick(event: React.MouseEvent<HTMLAnchorElement>): boolean {
  const { target } = event.currentTarget;
  return (
    event.button === 0 &&
    !event.metaKey &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    (!target || target === '_self')
  );
}

/**
 * A link to a page of the site: a real `<a href>` (it works with JavaScript off and opens in a
 * new tab as usual), followed in place on a plain click, like react-router's `Link`.
 */
export function Link({
  to,
  onClick,
  onPointerEnter,
  onFocus,
  ...props
}: Omit<React.ComponentProps<'a'>, 'href'> & { to: string }) {
  const navigation = use(NavigationContext);
  return (
    <a
      href={to}
      {...props}
      onClick={(event) => {
        onClick?.(event);
        if (!navigation || event.defaultPrevented || !isPlainClick(event)) return;
        event.preventDefault();
        navigation.navigate(to);
      }}
      onPointerEnter={(event) => {
        onPointerEnter?.(event);
        navigation?.prepare?.();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        navigation?.prepare?.();
      }}
    />
  );
}
