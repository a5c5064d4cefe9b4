import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DeleteNowDialog } from './delete-now-dialog';

const EMAIL = 'k3q9x0b2mz@localhost';

function renderDialog(isDeleting = false) {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  render(
    <DeleteNowDialog
      email={EMAIL}
      isDeleting={isDeleting}
      onConfirm={onConfirm}
      onClose={onClose}
      returnFocusTo={createRef()}
    />,
  );
  return { onConfirm, onClose };
}

describe('DeleteNowDialog', () => {
  it('names the address, focuses "Annulla" first and deletes only on "Elimina tutto"', async () => {
    const { onConfirm, onClose } = renderDialog();
    const dialog = screen.getByRole('alertdialog', { name: 'Eliminare tutto adesso?' });
    expect(dialog).toHaveTextContent(EMAIL);
    expect(screen.getByRole('button', { name: 'Annulla' })).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Annulla' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Elimina tutto' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('cannot be dismissed while the server is deleting', async () => {
    const { onClose } = renderDialog(true);
    expect(screen.getByRole('button', { name: /Eliminazione in corso/ })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });
});
