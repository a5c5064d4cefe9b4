import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CountdownCard } from './countdown-card';

const START = Date.parse('2025-01-15T12:00:00Z');
const at = (seconds: number) => new Date(START + seconds * 1000).toISOString();

function renderCountdown(expiresAt: string | undefined, canExtend = true) {
  const onExpire = vi.fn();
  const onExtend = vi.fn();
  const props = { onExpire, onExtend, canExtend, isExtending: false };
  const view = render(<CountdownCard expiresAt={expiresAt} {...props} />);
  const rerender = (next: string | undefined, nextCanExtend = canExtend) =>
    view.rerender(<CountdownCard expiresAt={next} {...props} canExtend={nextCanExtend} />);
  return { onExpire, onExtend, rerender };
}

const timer = () => screen.getByRole('timer');
/** The share of the bar the fill covers, as `'N%'` (the fill is slid left by the rest). */
const barWidth = () => {
  const { transform } = (document.querySelector('[data-slot="progress-indicator"]') as HTMLElement)
    .style;
  const hidden = Number(/^translateX\(-?([\d.]+)%\)$/.exec(transform)?.[1]);
  return `${100 - hidden}%`;
};

describe('CountdownCard', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      now: START,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("starts at 10:00 from the server's expiresAt and ticks once per second", () => {
    renderCountdown(at(600));
    expect(timer()).toHaveTextContent('10:00');
    expect(barWidth()).toBe('100%');
    act(() => vi.advanceTimersByTime(1000));
    expect(timer()).toHaveTextContent('09:59');
    act(() => vi.advanceTimersByTime(299_000));
    expect(timer()).toHaveTextContent('05:00');
    expect(barWidth()).toBe('50%');
  });

  it('is computed from the instant, not from when the page opened', () => {
    renderCountdown(at(125.5));
    expect(timer()).toHaveTextContent('02:06');
    act(() => vi.advanceTimersByTime(500));
    expect(timer()).toHaveTextContent('02:05');
  });

  it('calls onExpire exactly once at 00:00 and stays there', () => {
    const { onExpire } = renderCountdown(at(2));
    act(() => vi.advanceTimersByTime(1000));
    expect(timer()).toHaveTextContent('00:01');
    expect(onExpire).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    expect(timer()).toHaveTextContent('00:00');
    expect(barWidth()).toBe('0%');
    expect(onExpire).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(10_000));
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('fires at once for a mailbox that is already past its expiry', () => {
    const { onExpire } = renderCountdown(at(-30));
    expect(timer()).toHaveTextContent('00:00');
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it("'Estendi' asks to extend, and a new expiresAt resets the display to 10:00", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { onExtend, rerender } = renderCountdown(at(600));
    act(() => vi.advanceTimersByTime(42_000));
    expect(timer()).toHaveTextContent('09:18');
    await user.click(screen.getByRole('button', { name: 'Estendi' }));
    expect(onExtend).toHaveBeenCalledTimes(1);
    rerender(new Date(Date.now() + 600_000).toISOString());
    expect(timer()).toHaveTextContent('10:00');
  });

  it('turns to the warning colour in the last minute', () => {
    renderCountdown(at(61));
    expect(timer()).not.toHaveClass('text-destructive');
    act(() => vi.advanceTimersByTime(1000));
    expect(timer()).toHaveClass('text-destructive');
  });

  it('shows the full ten minutes while the mailbox is being created', () => {
    render(
      <CountdownCard
        expiresAt={undefined}
        pending
        canExtend={false}
        isExtending={false}
        onExpire={vi.fn()}
        onExtend={vi.fn()}
      />,
    );
    expect(timer()).toHaveTextContent('10:00');
    expect(barWidth()).toBe('100%');
  });

  it("disables 'Estendi' and reads 00:00 once the mailbox is gone", () => {
    renderCountdown(undefined, false);
    expect(timer()).toHaveTextContent('00:00');
    expect(screen.getByRole('button', { name: 'Estendi' })).toBeDisabled();
  });

  it("says in Italian when 'Estendi' can do no more: the address is at its longest life", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const onExtend = vi.fn();
    const props = { onExpire: vi.fn(), onExtend, canExtend: true, isExtending: false };
    // Ten minutes short of the cap: 'Estendi' extends.
    const view = render(<CountdownCard expiresAt={at(300)} maxExpiresAt={at(900)} {...props} />);
    expect(screen.getByRole('button', { name: 'Estendi' })).toBeEnabled();
    expect(screen.getByText('Poi indirizzo e messaggi vengono cancellati.')).toBeInTheDocument();
    // The last extension reached the cap: the button says so and does nothing more.
    view.rerender(<CountdownCard expiresAt={at(900)} maxExpiresAt={at(900)} {...props} />);
    const button = screen.getByRole('button', { name: 'Durata massima raggiunta' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute(
      'title',
      'Un indirizzo vive al massimo 60 minuti: questo non si può più estendere',
    );
    expect(
      screen.getByText(
        'Un indirizzo vive al massimo 60 minuti: allo scadere del tempo indirizzo e messaggi vengono cancellati.',
      ),
    ).toBeInTheDocument();
    await user.click(button);
    expect(onExtend).not.toHaveBeenCalled();
    // The countdown runs on to the end all the same.
    expect(timer()).toHaveTextContent('15:00');
  });

  it("never stops 'Estendi' of a mailbox that has no longest life (the operator's)", () => {
    render(
      <CountdownCard
        expiresAt={at(600)}
        maxExpiresAt={null}
        canExtend
        isExtending={false}
        onExpire={vi.fn()}
        onExtend={vi.fn()}
      />,
    );
    expect(screen.getByRole('button', { name: 'Estendi' })).toBeEnabled();
  });
});
