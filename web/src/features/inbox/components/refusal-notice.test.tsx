import type { DeliveryRefusal } from '@et/common';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RefusalNotice } from './refusal-notice';

const NOW = Date.parse('2026-11-25T08:00:00Z');
const MB = 1024 * 1024;

const tooBig: DeliveryRefusal = {
  at: new Date(NOW - 5 * 60_000).toISOString(),
  sender: 'noreply@sito.it',
  reason: 'too-big',
  reply: '552 5.3.4 Message size exceeds fixed limit of 10485760 bytes',
  size: 12 * MB,
  limit: 10 * MB,
};

/** Each line as read, no-break spaces as plain ones. */
const lines = () =>
  screen.getAllByRole('listitem').map((li) => li.textContent?.replace(/\u00a0/g, ' '));

describe('RefusalNotice', () => {
  it('shows nothing while the mailbox has no refusal, but listens for the first', () => {
    const { rerender } = render(<RefusalNotice refusals={[]} now={NOW} />);
    expect(screen.queryByRole('region')).toBeNull();
    const announcer = document.querySelector('[data-slot="refusal-announcer"]')!;
    expect(announcer).toHaveAttribute('aria-live', 'polite');
    expect(announcer).toBeEmptyDOMElement();
    rerender(<RefusalNotice refusals={[tooBig]} now={NOW} />);
    expect(document.querySelector('[data-slot="refusal-announcer"]')).toBe(announcer);
    expect(announcer.textContent?.replace(/\u00a0/g, ' ')).toBe(
      'Un messaggio da noreply@sito.it è stato rifiutato: troppo grande (12 MB, limite 10 MB)',
    );
    rerender(<RefusalNotice refusals={undefined} now={NOW} />);
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('says who sent it, why it was refused, with the sizes, and when', () => {
    render(<RefusalNotice refusals={[tooBig]} now={NOW} />);
    const region = screen.getByRole('region', { name: 'Posta non consegnata' });
    expect(lines()).toEqual([
      'Un messaggio da noreply@sito.it è stato rifiutato: troppo grande (12 MB, limite 10 MB) 5m fa',
    ]);
    const time = within(region).getByText('5m fa');
    expect(time).toHaveAttribute('datetime', tooBig.at);
    expect(time.getAttribute('title')).toContain(tooBig.reply);
    // «1 MB» stays on one line.
    expect(screen.getByRole('listitem').textContent).toContain('limite 10\u00a0MB');
  });

  it('words every reason, the null sender, and a size below a megabyte', () => {
    const at = new Date(NOW - 10_000).toISOString();
    const base = { at, reply: '', size: null, limit: null };
    render(
      <RefusalNotice
        refusals={[
          { ...base, sender: 'a@b.it', reason: 'mailbox-full' },
          { ...base, sender: '', reason: 'too-slow' },
          { ...base, sender: 'c@d.it', reason: 'sender-limit' },
          { ...base, sender: 'e@f.it', reason: 'rejected' },
          { ...base, sender: 'g@h.it', reason: 'too-big', size: 700 * 1024, limit: 512 * 1024 },
        ]}
        now={NOW}
      />,
    );
    expect(lines()).toEqual([
      'Un messaggio da a@b.it è stato rifiutato: la casella era piena Adesso',
      'Un messaggio senza mittente è stato rifiutato: arrivava troppo lentamente e la connessione è stata chiusa Adesso',
      'Un messaggio da c@d.it è stato rifiutato: troppa posta in un’ora dal server del mittente, o verso le caselle create dalla tua connessione Adesso',
      'Un messaggio da e@f.it è stato rifiutato: non rispetta le regole della posta (per esempio, indica più di un mittente) Adesso',
      'Un messaggio da g@h.it è stato rifiutato: troppo grande (700 KB, limite 512 KB) Adesso',
    ]);
  });

  it('sets the sender off from the sentence, so its characters cannot reorder ours', () => {
    render(
      <RefusalNotice refusals={[{ ...tooBig, sender: 'x\u202Eti.otis@ylperon' }]} now={NOW} />,
    );
    const bdi = screen.getByText('x\u202Eti.otis@ylperon');
    expect(bdi.tagName).toBe('BDI');
  });
});
