import type { MessageSummary } from '@et/common';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { InboxPanel, type InboxPanelProps } from './inbox-panel';

const NOW = Date.parse('2025-01-15T12:00:00Z');

const messages: MessageSummary[] = [
  {
    id: 'm2',
    from: { name: 'Negozio Rossi', address: 'ordini@rossi.example' },
    subject: 'Il tuo codice di conferma',
    preview: 'Inserisci 482913 per completare la registrazione',
    receivedAt: new Date(NOW - 20_000).toISOString(),
    size: 2048,
    hasAttachments: true,
    code: '482913',
    confirmLink: null,
    authentication: null,
  },
  {
    id: 'm1',
    from: { name: '', address: 'newsletter@esempio.example' },
    subject: '',
    preview: '',
    receivedAt: new Date(NOW - 5 * 60_000).toISOString(),
    size: 900,
    hasAttachments: false,
    code: null,
    confirmLink: null,
    authentication: null,
  },
];

/** Renders the panel; with messages, once their rows (a lazy chunk) are there. */
async function renderPanel(overrides: Partial<InboxPanelProps> = {}) {
  const props: InboxPanelProps = {
    messages: [],
    mailboxState: 'ready',
    unreadIds: new Set(),
    deletingIds: new Set(),
    live: true,
    isRefreshing: false,
    isClearing: false,
    now: NOW,
    onRefresh: vi.fn(),
    onClear: vi.fn(),
    onOpen: vi.fn(),
    onDelete: vi.fn(),
    ...overrides,
  };
  render(<InboxPanel {...props} />);
  if (props.messages?.length) await screen.findAllByRole('listitem');
  return props;
}

const rows = () => screen.queryAllByRole('listitem');

describe('InboxPanel', () => {
  it('shows the empty state, no badge, and cannot be cleared', async () => {
    await renderPanel();
    expect(screen.getByRole('heading', { name: 'Inbox' })).toBeInTheDocument();
    expect(screen.getByText('Nessuna email ricevuta')).toBeInTheDocument();
    expect(screen.getByText(/compariranno qui in tempo reale/)).toBeInTheDocument();
    expect(document.querySelector('[data-slot="inbox-count"]')).toBeNull();
    expect(screen.getByRole('button', { name: 'Svuota inbox' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Aggiorna' })).toBeEnabled();
  });

  it('lists the messages newest first with a count badge', async () => {
    await renderPanel({ messages });
    expect(screen.getByLabelText('2 messaggi')).toHaveTextContent('2');
    expect(rows()).toHaveLength(2);
    const [first, second] = rows();
    expect(within(first!).getByText('Negozio Rossi')).toBeInTheDocument();
    expect(within(first!).getByText('Il tuo codice di conferma')).toBeInTheDocument();
    expect(within(first!).getByText(/Inserisci 482913/)).toBeInTheDocument();
    expect(within(first!).getByText('Adesso')).toBeInTheDocument();
    expect(within(first!).getByText('N')).toBeInTheDocument();
    expect(within(first!).getByText('Allegato')).toBeInTheDocument();
    // No display name: the address stands in; no subject: a placeholder.
    expect(within(second!).getByText('newsletter@esempio.example')).toBeInTheDocument();
    expect(within(second!).getByText('(nessun oggetto)')).toBeInTheDocument();
    expect(within(second!).getByText('5m fa')).toBeInTheDocument();
    expect(within(second!).queryByText('Allegato')).toBeNull();
  });

  it('marks only unread messages with the highlight bar', async () => {
    await renderPanel({ messages, unreadIds: new Set(['m2']) });
    const [first, second] = rows();
    expect(first).toHaveAttribute('data-unread', 'true');
    expect(first!.querySelector('[data-slot="unread-bar"]')).not.toBeNull();
    expect(within(first!).getByText(/Non letto/)).toBeInTheDocument();
    expect(second).not.toHaveAttribute('data-unread');
    expect(second!.querySelector('[data-slot="unread-bar"]')).toBeNull();
  });

  it('opens a message by its row and deletes it by its own button', async () => {
    const user = userEvent.setup();
    const props = await renderPanel({ messages });
    await user.click(screen.getByRole('button', { name: /Negozio Rossi/ }));
    expect(props.onOpen).toHaveBeenCalledWith('m2');
    await user.click(
      screen.getByRole('button', { name: 'Elimina il messaggio «(nessun oggetto)»' }),
    );
    expect(props.onDelete).toHaveBeenCalledWith('m1');
    expect(props.onOpen).toHaveBeenCalledTimes(1);
  });

  it('disables the delete button of a message being deleted', async () => {
    await renderPanel({ messages, deletingIds: new Set(['m2']) });
    expect(
      screen.getByRole('button', { name: 'Elimina il messaggio «Il tuo codice di conferma»' }),
    ).toBeDisabled();
  });

  it("asks to refresh with 'Aggiorna' and to clear with 'Svuota inbox'", async () => {
    const user = userEvent.setup();
    const props = await renderPanel({ messages });
    await user.click(screen.getByRole('button', { name: 'Aggiorna' }));
    expect(props.onRefresh).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Svuota inbox' }));
    expect(props.onClear).toHaveBeenCalledTimes(1);
  });

  it("shows 'Aggiorna' busy while a refresh runs", async () => {
    await renderPanel({ isRefreshing: true });
    const refresh = screen.getByRole('button', { name: 'Aggiorna' });
    expect(refresh).toBeDisabled();
    expect(refresh.querySelector('svg')).toHaveClass('animate-spin');
  });

  it('tells whether mail arrives live or by the 10 s poll', async () => {
    await renderPanel({ live: true });
    expect(screen.getByText('In tempo reale')).toBeInTheDocument();
    cleanup();
    await renderPanel({ live: false });
    expect(screen.getByText('Controllo ogni 10 secondi')).toBeInTheDocument();
  });

  it('keeps the list in a 400px scroll area', async () => {
    await renderPanel({ messages });
    expect(document.querySelector('[data-slot="inbox-scroll"]')).toHaveClass('h-[400px]');
  });

  it('offers no actions while there is no mailbox', async () => {
    await renderPanel({ mailboxState: 'gone', messages: undefined });
    expect(screen.getByText('In attesa di un indirizzo')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aggiorna' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Svuota inbox' })).toBeDisabled();
  });
});
