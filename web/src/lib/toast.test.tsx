import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Each test gets the modules afresh: sonner not loaded yet, as in a page that just started.
beforeEach(() => {
  vi.resetModules();
});

async function freshModules() {
  const { toast, loadedSonner } = await import('./toast');
  const { Toaster } = await import('@/components/ui/sonner');
  return { toast, loadedSonner, Toaster };
}

describe('toast', () => {
  it('loses no toast asked for before sonner is loaded, and keeps their order', async () => {
    const { toast, loadedSonner, Toaster } = await freshModules();
    render(<Toaster />);
    expect(loadedSonner()).toBeUndefined();
    expect(document.querySelector('[data-sonner-toaster]')).toBeNull();

    toast('Prima');
    toast.success('Seconda', { description: 'con descrizione' });
    toast.error('Terza');
    toast.info('Quarta');

    expect(await screen.findByText('Quarta')).toBeInTheDocument();
    const titles = [...document.querySelectorAll('[data-sonner-toast] [data-title]')].map(
      (title) => title.textContent,
    );
    // Sonner lists the newest first.
    expect(titles).toEqual(['Quarta', 'Terza', 'Seconda', 'Prima']);
    expect(screen.getByText('con descrizione')).toBeInTheDocument();
    const types = [...document.querySelectorAll('[data-sonner-toast]')].map((t) =>
      t.getAttribute('data-type'),
    );
    expect(types).toEqual(['info', 'error', 'success', null]);
  });

  it('the outlet loads sonner by itself once the browser is idle, with its region label', async () => {
    const { loadedSonner, Toaster } = await freshModules();
    render(<Toaster />);
    await vi.waitFor(() => expect(loadedSonner()).toBeDefined());
    await act(async () => {});
    expect(screen.getByRole('region', { name: /Notifiche/ })).toBeInTheDocument();
  });
});
