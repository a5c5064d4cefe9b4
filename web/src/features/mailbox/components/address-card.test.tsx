import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { AddressCard, COPIED_FEEDBACK_MS } from './address-card';

const EMAIL = 'k3q9x0b2mz@localhost';

function renderCard(props: Partial<React.ComponentProps<typeof AddressCard>> = {}) {
  const onNewAddress = vi.fn();
  const view = render(
    <>
      <AddressCard phase="active" email={EMAIL} onNewAddress={onNewAddress} {...props} />
      <Toaster />
    </>,
  );
  return { ...view, onNewAddress };
}

describe('AddressCard', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the address', () => {
    renderCard();
    expect(screen.getByText(EMAIL)).toBeInTheDocument();
  });

  it("copies the address, reads 'Copiato' for 2 s and confirms with a toast", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderCard();
    await user.click(screen.getByRole('button', { name: 'Copia' }));
    await act(async () => {});

    await expect(navigator.clipboard.readText()).resolves.toBe(EMAIL);
    expect(screen.getByRole('button', { name: 'Copiato' })).toHaveAttribute(
      'data-variant',
      'secondary',
    );
    expect(screen.getByText('Email copiata!')).toBeInTheDocument();
    expect(screen.getByText('L’indirizzo è stato copiato negli appunti')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(COPIED_FEEDBACK_MS - 10));
    expect(screen.getByRole('button', { name: 'Copiato' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(10));
    expect(screen.getByRole('button', { name: 'Copia' })).toHaveAttribute(
      'data-variant',
      'default',
    );
  });

  it("does not carry 'Copiato' over to a new address", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { rerender, onNewAddress } = renderCard();
    await user.click(screen.getByRole('button', { name: 'Copia' }));
    rerender(
      <AddressCard phase="active" email="nuovo1234567@localhost" onNewAddress={onNewAddress} />,
    );
    expect(screen.getByRole('button', { name: 'Copia' })).toBeInTheDocument();
  });

  it("asks for a new address with 'Nuovo indirizzo'", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { onNewAddress } = renderCard();
    await user.click(screen.getByRole('button', { name: 'Nuovo indirizzo' }));
    expect(onNewAddress).toHaveBeenCalledTimes(1);
  });

  it('cannot copy while there is no address, and says why', () => {
    renderCard({ phase: 'expired', email: null });
    expect(screen.getByText('Indirizzo scaduto')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copia' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Nuovo indirizzo' })).toBeEnabled();
  });

  it("disables 'Nuovo indirizzo' while an address is on its way", () => {
    renderCard({ phase: 'starting', email: null });
    expect(screen.getByRole('button', { name: 'Nuovo indirizzo' })).toBeDisabled();
    expect(screen.queryByText(EMAIL)).not.toBeInTheDocument();
  });
});
