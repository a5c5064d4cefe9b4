import type { MessageSummary } from '@et/common';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { CODE_COPIED_FEEDBACK_MS } from '../hooks/use-copy-code';
import { MessageRow } from './message-row';
import { VerificationActions } from './verification-actions';

const NOW = Date.parse('2025-10-15T07:13:00Z');

const message: MessageSummary = {
  id: 'm1',
  from: { name: 'Acme', address: 'noreply@acme.example' },
  subject: 'Il tuo codice di verifica',
  preview: 'Il tuo codice di verifica è 482 913.',
  receivedAt: new Date(NOW - 30_000).toISOString(),
  size: 1800,
  hasAttachments: false,
  code: '482913',
  confirmLink: null,
  authentication: null,
};

function renderRow(overrides: Partial<MessageSummary> = {}) {
  const onOpen = vi.fn();
  const onDelete = vi.fn();
  render(
    <>
      <ul>
        <MessageRow
          message={{ ...message, ...overrides }}
          unread
          deleting={false}
          now={NOW}
          onOpen={onOpen}
          onDelete={onDelete}
        />
      </ul>
      <Toaster />
    </>,
  );
  return { onOpen, onDelete };
}

describe('code chip on an inbox row', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("reads 'Codice 482913' and copies the code in one tap, without opening the message", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { onOpen } = renderRow();
    const chip = screen.getByRole('button', { name: 'Copia il codice 482913' });
    expect(chip).toHaveTextContent('Codice 482913');
    expect(within(chip).getByText('482913')).toHaveClass('font-mono');

    await user.click(chip);
    await act(async () => {});

    await expect(navigator.clipboard.readText()).resolves.toBe('482913');
    expect(onOpen).not.toHaveBeenCalled();
    expect(screen.getByText('Codice copiato!')).toBeInTheDocument();
    expect(chip).toHaveAttribute('data-copied', 'true');
    act(() => vi.advanceTimersByTime(CODE_COPIED_FEEDBACK_MS));
    expect(chip).not.toHaveAttribute('data-copied');
  });

  it('is not a part of the button that opens the message', () => {
    renderRow();
    const [open] = screen.getAllByRole('button');
    expect(open).toHaveAccessibleName(/Il tuo codice di verifica/);
    expect(within(open!).queryByRole('button')).toBeNull();
    expect(open!.contains(screen.getByRole('button', { name: /Copia il codice/ }))).toBe(false);
  });

  it('is absent when the message has no code (or was remembered from before codes)', () => {
    renderRow({ code: null });
    expect(screen.queryByRole('button', { name: /Copia il codice/ })).toBeNull();
    // A summary kept in sessionStorage by an older page has no field at all.
    renderRow({ code: undefined as unknown as null });
    expect(screen.queryByRole('button', { name: /Copia il codice/ })).toBeNull();
  });
});

describe('VerificationActions in the reader', () => {
  it("offers 'Copia codice' and 'Apri link di conferma' in a new tab", async () => {
    const user = userEvent.setup();
    const link = 'https://acme.example/verify?token=9f8e7d6c5b4a3210&lang=it';
    render(
      <>
        <VerificationActions code="K7Q9XZ" confirmLink={link} />
        <Toaster />
      </>,
    );
    const region = screen.getByRole('region', { name: 'Codice e link trovati nel messaggio' });
    expect(within(region).getByText('K7Q9XZ')).toBeInTheDocument();
    const anchor = within(region).getByRole('link', { name: 'Apri link di conferma' });
    expect(anchor).toHaveAttribute('href', link);
    expect(anchor).toHaveAttribute('target', '_blank');
    expect(anchor).toHaveAttribute('rel', 'noopener noreferrer');
    expect(anchor).toHaveAccessibleDescription('Apre acme.example');

    await user.click(within(region).getByRole('button', { name: 'Copia codice' }));
    await expect(navigator.clipboard.readText()).resolves.toBe('K7Q9XZ');
    expect(within(region).getByRole('button', { name: 'Copiato' })).toBeInTheDocument();
    expect(await screen.findByText(/^K7Q9XZ è negli appunti/)).toBeInTheDocument();
  });

  it('shows only what there is, and nothing without code and link', () => {
    const { rerender, container } = render(
      <VerificationActions code={null} confirmLink="https://acme.example/attiva/abc123def456" />,
    );
    expect(screen.queryByRole('button', { name: 'Copia codice' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Apri link di conferma' })).toBeInTheDocument();
    rerender(<VerificationActions code={null} confirmLink={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});
