import type { MessageAuthentication, MessageSummary } from '@et/common';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { senderCheck } from '../lib/sender-check';
import { MessageRow } from './message-row';
import { SenderMark } from './sender-mark';

const NOW = Date.parse('2026-11-25T08:00:00Z');

const base: MessageSummary = {
  id: 'm1',
  from: { name: 'PayPal', address: 'service@PayPal.it' },
  subject: 'Verifica il tuo conto',
  preview: 'Il tuo codice è 482913',
  receivedAt: new Date(NOW - 30_000).toISOString(),
  size: 1800,
  hasAttachments: false,
  code: '482913',
  confirmLink: null,
  authentication: null,
};

const auth = (dmarc: MessageAuthentication['dmarc'], domain: string | null = null) => ({
  spf: 'pass' as const,
  dkim: 'pass' as const,
  dmarc,
  domain,
});

function renderRow(overrides: Partial<MessageSummary>) {
  return render(
    <ul>
      <MessageRow
        message={{ ...base, ...overrides }}
        unread={false}
        deleting={false}
        now={NOW}
        onOpen={vi.fn()}
        onDelete={vi.fn()}
      />
    </ul>,
  );
}

describe('who sent it, on the row and in the dialog', () => {
  it('marks a sender whose domain passed DMARC, calmly', () => {
    const check = senderCheck({ ...base, authentication: auth('pass', 'github.com') });
    render(<SenderMark check={check} />);
    expect(screen.getByText('Mittente verificato: github.com')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('warns in Italian when the From domain fails DMARC, naming that domain', () => {
    const check = senderCheck({ ...base, authentication: auth('fail') });
    render(<SenderMark check={check} />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Attenzione: paypal.it non conferma di aver inviato questo messaggio',
    );
  });

  it('says nothing for none, temperror or an unchecked message', () => {
    for (const authentication of [auth('none'), auth('temperror'), null]) {
      expect(senderCheck({ ...base, authentication })).toBeNull();
    }
    const { container } = render(<SenderMark check={null} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('puts the warning on the row and on its code chip', () => {
    renderRow({ authentication: auth('fail') });
    expect(
      screen.getByText('Attenzione: paypal.it non conferma di aver inviato questo messaggio'),
    ).toBeVisible();
    const chip = screen.getByRole('button', { name: /Copia il codice 482913/ });
    expect(chip).toHaveAccessibleName(
      'Copia il codice 482913. Attenzione: paypal.it non conferma di aver inviato questo messaggio',
    );
    expect(chip).toHaveAttribute('data-spoofed', 'true');
  });

  it('gives a verified row the calm mark and a plain chip', () => {
    renderRow({ authentication: auth('pass', 'paypal.it') });
    expect(screen.getByTitle('Mittente verificato: paypal.it')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copia il codice 482913' })).not.toHaveAttribute(
      'data-spoofed',
    );
  });
});
