import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { titleWithUnread, useUnreadTitle } from './use-unread-title';

const BASE = 'Email Temporanea – indirizzo email usa e getta gratuito';

describe('useUnreadTitle', () => {
  it('puts the unread count in front of the title and removes it at zero', () => {
    const { rerender } = renderHook(({ count }) => useUnreadTitle(count, BASE), {
      initialProps: { count: 0 },
    });
    expect(document.title).toBe(BASE);
    rerender({ count: 2 });
    expect(document.title).toBe(`(2) ${BASE}`);
    rerender({ count: 1 });
    expect(document.title).toBe(`(1) ${BASE}`);
    rerender({ count: 0 });
    expect(document.title).toBe(BASE);
  });

  it('gives the plain title back when the inbox goes away', () => {
    const { unmount } = renderHook(() => useUnreadTitle(3, BASE));
    expect(document.title).toBe(`(3) ${BASE}`);
    unmount();
    expect(document.title).toBe(BASE);
  });

  it("leaves the next page's title alone after a navigation", () => {
    const { unmount } = renderHook(() => useUnreadTitle(3, BASE));
    document.title = 'Domande frequenti | Email Temporanea';
    unmount();
    expect(document.title).toBe('Domande frequenti | Email Temporanea');
  });

  it('formats the count', () => {
    expect(titleWithUnread(0, 'T')).toBe('T');
    expect(titleWithUnread(12, 'T')).toBe('(12) T');
  });
});
