import { useEffect } from 'react';

/** `(3) Title` while there are unread messages, the plain title otherwise. */
export function titleWithUnread(count: number, baseTitle: string): string {
  return count > 0 ? `(${count}) ${baseTitle}` : baseTitle;
}

/**
 * Shows the unread count in the tab title, so new mail is visible from another tab. On the way
 * out the plain title comes back, but only if the title is still ours: after a navigation the
 * next page has already set its own (its head is applied in a layout effect, before this
 * passive cleanup runs), and that one must stay.
 */
export function useUnreadTitle(count: number, baseTitle: string): void {
  useEffect(() => {
    const title = titleWithUnread(count, baseTitle);
    document.title = title;
    return () => {
      if (document.title === title) document.title = baseTitle;
    };
  }, [count, baseTitle]);
}
