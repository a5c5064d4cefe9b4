import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TooComplexNotice } from './too-complex-notice';

describe('TooComplexNotice', () => {
  it('says the message cannot be shown and offers its original', async () => {
    const user = userEvent.setup();
    const onDownload = vi.fn();
    render(<TooComplexNotice onDownload={onDownload} downloading={false} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Questo messaggio è troppo complesso da mostrare: scarica l’originale (.eml).',
    );
    await user.click(screen.getByRole('button', { name: 'Scarica l’originale (.eml)' }));
    expect(onDownload).toHaveBeenCalledOnce();
  });

  it('cannot start a second download while one is under way', () => {
    render(<TooComplexNotice onDownload={() => {}} downloading />);
    expect(screen.getByRole('button', { name: 'Scarica l’originale (.eml)' })).toBeDisabled();
  });
});
