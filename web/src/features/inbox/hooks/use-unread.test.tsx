import type { MessageSummary } from '@et/common';
import { act, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { readStoredEmails, writeSession, type StoredEmail } from '@/lib/session-storage';
import { useUnread } from './use-unread';

const TOKEN = 'tok';

const message = (id: string, name: string): MessageSummary => ({
  id,
  from: { name, address: `${id}@mittente.example` },
  subject: `Oggetto ${id}`,
  preview: '',
  receivedAt: '2025-01-15T12:00:00Z',
  size: 10,
  hasAttachments: false,
  code: null,
  confirmLink: null,
  authentication: null,
});

function withToaster({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Toaster />
    </>
  );
}

function setup(initial: MessageSummary[] | undefined, restored?: StoredEmail[]) {
  writeSession({ email: 'a@localhost', token: TOKEN });
  return renderHook(({ messages }) => useUnread(TOKEN, messages, restored), {
    initialProps: { messages: initial },
    wrapper: withToaster,
  });
}

describe('useUnread', () => {
  it('treats mail that shows up later as unread and announces its sender', async () => {
    const { result, rerender } = setup([]);
    expect(result.current.unreadIds.size).toBe(0);

    rerender({ messages: [message('m1', 'Negozio Rossi')] });
    expect([...result.current.unreadIds]).toEqual(['m1']);
    expect(await screen.findByText('Nuova email ricevuta!')).toBeInTheDocument();
    expect(screen.getByText('Da Negozio Rossi')).toBeInTheDocument();
    expect(readStoredEmails(TOKEN)).toEqual([{ ...message('m1', 'Negozio Rossi'), isNew: true }]);
  });

  it('marks a message read when opened, and remembers that for a reload', () => {
    const { result, rerender } = setup([]);
    rerender({ messages: [message('m2', 'B'), message('m1', 'A')] });
    act(() => result.current.markRead('m1'));
    expect([...result.current.unreadIds]).toEqual(['m2']);
    expect(readStoredEmails(TOKEN)?.map((m) => [m.id, m.isNew])).toEqual([
      ['m2', true],
      ['m1', false],
    ]);
  });

  it('forgets a deleted message', () => {
    const { result, rerender } = setup([]);
    rerender({ messages: [message('m2', 'B'), message('m1', 'A')] });
    rerender({ messages: [message('m1', 'A')] });
    expect([...result.current.unreadIds]).toEqual(['m1']);
  });

  it('does not announce again what was already shown before a reload', () => {
    const restored = [
      { ...message('m1', 'Visto'), isNew: false },
      { ...message('m2', 'Non aperto'), isNew: true },
    ];
    const { result } = setup(restored, restored);
    expect([...result.current.unreadIds]).toEqual(['m2']);
    expect(screen.queryByText('Nuova email ricevuta!')).toBeNull();
  });

  it('sums up a burst of new mail in one toast', async () => {
    const { rerender } = setup([]);
    rerender({
      messages: ['a', 'b', 'c', 'd', 'e'].map((id) => message(id, `Mittente ${id}`)),
    });
    expect(await screen.findByText('5 nuovi messaggi nell’inbox')).toBeInTheDocument();
    for (const id of ['a', 'b', 'c', 'd', 'e']) {
      expect(screen.queryByText(`Da Mittente ${id}`)).toBeNull();
    }
  });
});
