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

describe("AddressCard: 'Cambia dominio'", () => {
  const DOMAINS = ['localhost', 'altro.test', 'terzo.test'];

  /** Renders the card; with several domains, once the menu (a chunk of its own) has loaded. */
  async function renderWithDomains(props: Partial<React.ComponentProps<typeof AddressCard>> = {}) {
    const onChangeDomain = vi.fn();
    const view = render(
      <>
        <AddressCard
          phase="active"
          email={EMAIL}
          onNewAddress={vi.fn()}
          domains={DOMAINS}
          onChangeDomain={onChangeDomain}
          {...props}
        />
        <button type="button">dopo</button>
      </>,
    );
    if ((props.domains ?? DOMAINS).length > 1) {
      await screen.findByRole('button', { name: 'Cambia dominio' });
    }
    return { ...view, onChangeDomain };
  }
  const trigger = () => screen.getByRole('button', { name: 'Cambia dominio' });

  it('is not offered with a single domain', async () => {
    await renderWithDomains({ domains: ['localhost'] });
    expect(screen.queryByRole('button', { name: 'Cambia dominio' })).not.toBeInTheDocument();
  });

  it('opens a menu of the domains, the current one checked and focused', async () => {
    const user = userEvent.setup();
    await renderWithDomains();
    expect(trigger()).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
    await user.click(trigger());
    const menu = screen.getByRole('menu', { name: 'Domini disponibili' });
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    expect(trigger()).toHaveAttribute('aria-controls', menu.id);
    const items = screen.getAllByRole('menuitemradio');
    expect(items.map((i) => [i.textContent, i.getAttribute('aria-checked')])).toEqual([
      ['@localhost', 'true'],
      ['@altro.test', 'false'],
      ['@terzo.test', 'false'],
    ]);
    expect(items[0]).toHaveFocus();
  });

  it('is used from the keyboard: arrows, Home, End, a letter, Enter; focus back on the button', async () => {
    const user = userEvent.setup();
    const { onChangeDomain } = await renderWithDomains();
    trigger().focus();
    await user.keyboard('{ArrowDown}');
    const items = screen.getAllByRole('menuitemradio');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{End}');
    expect(items[2]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{ArrowUp}{Home}');
    expect(items[0]).toHaveFocus();
    await user.keyboard('t');
    expect(items[2]).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onChangeDomain).toHaveBeenCalledExactlyOnceWith('terzo.test');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger()).toHaveFocus();
  });

  it('closes with Escape, Tab or a click elsewhere, choosing nothing', async () => {
    const user = userEvent.setup();
    const { onChangeDomain } = await renderWithDomains();
    trigger().focus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getAllByRole('menuitemradio')[2]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger()).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.tab();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(trigger());
    await user.click(screen.getByText(EMAIL));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(onChangeDomain).not.toHaveBeenCalled();
  });

  it('choosing the domain in use changes nothing; while an address is on its way it does not open', async () => {
    const user = userEvent.setup();
    const { onChangeDomain, rerender } = await renderWithDomains();
    await user.click(trigger());
    await user.click(screen.getByRole('menuitemradio', { name: '@localhost' }));
    expect(onChangeDomain).not.toHaveBeenCalled();

    rerender(
      <AddressCard
        phase="starting"
        email={null}
        onNewAddress={vi.fn()}
        domains={DOMAINS}
        onChangeDomain={onChangeDomain}
      />,
    );
    expect(trigger()).toHaveAttribute('aria-disabled', 'true');
    await user.click(trigger());
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
