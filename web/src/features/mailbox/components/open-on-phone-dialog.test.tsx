import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { OpenOnPhoneDialog, qrCodePath } from './open-on-phone-dialog';

const TOKEN = 'Q2hpYXZlLWRpLXByb3ZhLWNvbi00My1jYXJhdHRlcmk';

describe('qrCodePath', () => {
  it('draws a square QR symbol with its finder patterns', () => {
    const { size, path } = qrCodePath(`https://emailtemporanea.it/#apri=${TOKEN}`);
    // Versions grow by 4 modules from 21; a link this long needs at least version 4 at level M.
    expect((size - 21) % 4).toBe(0);
    expect(size).toBeGreaterThanOrEqual(33);
    // The top-left finder: a run of 7 dark modules on the first row.
    expect(path.startsWith('M0 0h7v1h-7z')).toBe(true);
  });
});

describe('OpenOnPhoneDialog', () => {
  it('shows the QR code of the share link and warns who can read the inbox', async () => {
    const onClose = vi.fn();
    render(<OpenOnPhoneDialog token={TOKEN} onClose={onClose} returnFocusTo={createRef()} />);
    const dialog = screen.getByRole('dialog', { name: 'Apri sul telefono' });
    const qr = screen.getByRole('img', { name: 'Codice QR con il link a questa casella' });
    expect(qr).toHaveAttribute('data-url', `${window.location.origin}/#apri=${TOKEN}`);
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M0 0h7/);
    expect(dialog).toHaveTextContent('Chi inquadra il codice può leggere la tua posta');

    // The footer's 'Chiudi' (the corner × after it is labelled 'Chiudi' too).
    const [footerClose] = screen.getAllByRole('button', { name: 'Chiudi' });
    await userEvent.click(footerClose!);
    expect(onClose).toHaveBeenCalled();
  });
});
