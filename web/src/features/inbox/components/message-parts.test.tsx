import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { timeRatio } from '@/test/cost';
import { HOSTILE_MAIL_TEXTS, ordinaryMailText, repeatTo } from '@/test/hostile-mail';
import { MAX_TEXT_LINKS } from '../lib/linkify';
import { AttachmentList } from './attachment-list';
import { MessageHtml, RemoteContentNotice } from './message-html';
import { MessageText } from './message-text';

describe('MessageText', () => {
  it('keeps line breaks and makes web links open safely in a new tab', () => {
    render(<MessageText text={'Ciao,\nconferma qui: https://esempio.example/ok\nGrazie'} />);
    const body = document.querySelector('[data-slot="message-text"]') as HTMLElement;
    expect(body).toHaveClass('whitespace-pre-wrap');
    expect(body.textContent).toBe('Ciao,\nconferma qui: https://esempio.example/ok\nGrazie');
    const link = screen.getByRole('link', { name: 'https://esempio.example/ok' });
    expect(link).toHaveAttribute('href', 'https://esempio.example/ok');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('never renders the text as HTML', () => {
    render(<MessageText text={'<img src=x onerror=alert(1)> <b>grassetto</b>'} />);
    expect(document.querySelector('img')).toBeNull();
    expect(document.querySelector('b')).toBeNull();
    expect(screen.getByText(/<b>grassetto<\/b>/)).toBeInTheDocument();
  });

  it('links the first links of a text made of links, and shows the rest as text', () => {
    const text = repeatTo('https://a.example/ ', 19 * (MAX_TEXT_LINKS + 50));
    render(<MessageText text={text} />);
    expect(screen.getAllByRole('link')).toHaveLength(MAX_TEXT_LINKS);
    expect(document.querySelector('[data-slot="message-text"]')?.textContent).toBe(text);
  });

  it('opens a hostile text for no more than 3x an ordinary one of the same size', () => {
    const CHARS = 64 * 1024;
    const show = (text: string) => () => render(<MessageText text={text} />).unmount();
    const ordinary = show(ordinaryMailText(CHARS));
    for (const hostile of HOSTILE_MAIL_TEXTS) {
      expect(timeRatio(show(hostile.make(CHARS)), ordinary), hostile.name).toBeLessThan(3);
    }
  }, 60_000);
});

describe('MessageHtml', () => {
  it('renders the HTML in a sandbox without scripts, remote content blocked until allowed', () => {
    const html = '<p>Offerta</p><img src="https://tracker.example/p.gif">';
    const { rerender } = render(<MessageHtml html={html} allowRemote={false} />);
    const frame = screen.getByTitle('Versione HTML del messaggio');
    expect(frame).toHaveAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox');
    const blocked = frame.getAttribute('srcdoc') ?? '';
    expect(blocked).toContain('Offerta');
    expect(blocked).toMatch(/Content-Security-Policy" content="default-src 'none'; img-src data:;/);

    rerender(<MessageHtml html={html} allowRemote />);
    const allowed = frame.getAttribute('srcdoc') ?? '';
    expect(allowed).toMatch(/img-src data: http: https:/);
    expect(allowed).not.toMatch(/script-src/);
    expect(frame).toHaveAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox');
  });
});

describe('RemoteContentNotice', () => {
  const resources = (images: number, other = 0) => ({
    images: Array.from({ length: images }, (_, i) => `https://img.example/${i}.png`),
    other: Array.from({ length: other }, (_, i) => `https://css.example/${i}.css`),
  });

  it('says how many remote images are blocked, in the singular and the plural', () => {
    const { rerender } = render(
      <RemoteContentNotice resources={resources(1)} shown={false} onShow={() => {}} />,
    );
    expect(screen.getByText('1 immagine remota bloccata')).toBeInTheDocument();
    rerender(<RemoteContentNotice resources={resources(3)} shown={false} onShow={() => {}} />);
    expect(screen.getByText('3 immagini remote bloccate')).toBeInTheDocument();
    rerender(<RemoteContentNotice resources={resources(2, 1)} shown={false} onShow={() => {}} />);
    expect(screen.getByText('3 contenuti remoti bloccati')).toBeInTheDocument();
    rerender(<RemoteContentNotice resources={resources(0, 1)} shown={false} onShow={() => {}} />);
    expect(screen.getByText('1 contenuto remoto bloccato')).toBeInTheDocument();
  });

  it("offers 'Mostra immagini' and keeps the focus on the notice once pressed", async () => {
    const user = userEvent.setup();
    const onShow = vi.fn();
    const { rerender } = render(
      <RemoteContentNotice resources={resources(4)} shown={false} onShow={onShow} />,
    );
    await user.click(screen.getByRole('button', { name: 'Mostra immagini' }));
    expect(onShow).toHaveBeenCalledOnce();
    rerender(<RemoteContentNotice resources={resources(4)} shown onShow={onShow} />);
    expect(screen.queryByRole('button', { name: 'Mostra immagini' })).toBeNull();
    expect(screen.getByText('Immagini remote visibili per questo messaggio.')).toBeInTheDocument();
    expect(document.activeElement).toHaveAttribute('data-slot', 'remote-content-notice');
  });

  it('shows nothing when the message loads nothing remote', () => {
    const { container } = render(
      <RemoteContentNotice resources={resources(0)} shown={false} onShow={() => {}} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});

describe('AttachmentList', () => {
  const attachments = [
    { id: 'a1', filename: 'fattura.pdf', contentType: 'application/pdf', size: 1536 },
    { id: 'a2', filename: 'foto.jpg', contentType: 'image/jpeg', size: 2_621_440 },
    { id: 'a3', filename: 'nota.txt', contentType: 'text/plain', size: 12 },
  ];

  it('lists every attachment with its size and a download button', async () => {
    const user = userEvent.setup();
    const onDownload = vi.fn();
    render(
      <AttachmentList
        attachments={attachments}
        expected
        downloadingId={null}
        onDownload={onDownload}
      />,
    );
    const section = screen.getByRole('region', { name: /Allegati/ });
    expect(within(section).getByText('3')).toBeInTheDocument();
    const items = within(section).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'fattura.pdf1 KBScarica',
      'foto.jpg2,50 MBScarica',
      'nota.txt12 BScarica',
    ]);
    await user.click(screen.getByRole('button', { name: 'Scarica foto.jpg' }));
    expect(onDownload).toHaveBeenCalledWith(attachments[1]);
  });

  it("reads 'Caricamento…' while the detail loads", () => {
    render(
      <AttachmentList attachments={undefined} expected downloadingId={null} onDownload={vi.fn()} />,
    );
    expect(screen.getByText('Caricamento…')).toBeInTheDocument();
  });

  it("says 'Nessun allegato trovato' when the marker promised one and none came", () => {
    render(<AttachmentList attachments={[]} expected downloadingId={null} onDownload={vi.fn()} />);
    expect(screen.getByText('Nessun allegato trovato')).toBeInTheDocument();
  });

  it('shows nothing for a message without attachments', () => {
    const { container } = render(
      <AttachmentList
        attachments={[]}
        expected={false}
        downloadingId={null}
        onDownload={vi.fn()}
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('disables the button of a download in progress', () => {
    render(
      <AttachmentList attachments={attachments} expected downloadingId="a1" onDownload={vi.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'Scarica fattura.pdf' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Scarica nota.txt' })).toBeEnabled();
  });
});
