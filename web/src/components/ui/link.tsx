import type * as React from 'react';

/**
 * A link to a page of the site. Every page is its own prerendered HTML file, so following a link
 * is an ordinary page load: the content pages carry no app to change page in place, and the home
 * page keeps its mailbox across the round trip as across a reload (`sessionStorage`).
 */
export function Link({ to, ...props }: Omit<React.ComponentProps<'a'>, 'href'> & { to: string }) {
  return <a href={to} {...props} />;
}
