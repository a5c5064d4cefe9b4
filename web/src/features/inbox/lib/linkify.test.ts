import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

const links = (text: string) =>
  linkify(text)
    .filter((p) => p.type === 'link')
    .map((p) => (p.type === 'link' ? p.href : ''));

describe('linkify', () => {
  it('keeps the text around a link, in order, and loses nothing', () => {
    const text = 'Conferma qui: https://example.org/ok?x=1 entro oggi.\nGrazie';
    const parts = linkify(text);
    expect(parts).toEqual([
      { type: 'text', text: 'Conferma qui: ' },
      { type: 'link', text: 'https://example.org/ok?x=1', href: 'https://example.org/ok?x=1' },
      { type: 'text', text: ' entro oggi.\nGrazie' },
    ]);
    expect(parts.map((p) => p.text).join('')).toBe(text);
  });

  it('drops sentence punctuation and unbalanced brackets after a link', () => {
    expect(
      links('Vai su https://a.example/x. Poi (vedi https://b.example/y) e «https://c.example»!'),
    ).toEqual(['https://a.example/x', 'https://b.example/y', 'https://c.example']);
  });

  it('keeps balanced brackets that belong to the link', () => {
    expect(links('https://it.wikipedia.org/wiki/Posta_(servizio)')).toEqual([
      'https://it.wikipedia.org/wiki/Posta_(servizio)',
    ]);
  });

  it('turns www. links into https links', () => {
    expect(linkify('www.example.org')).toEqual([
      { type: 'link', text: 'www.example.org', href: 'https://www.example.org' },
    ]);
  });

  it('never links other schemes', () => {
    expect(
      links('javascript:alert(1) data:text/html,x ftp://f.example mailto:a@b.example'),
    ).toEqual([]);
  });

  it('ignores a bare scheme', () => {
    expect(links('scrivi http:// e basta')).toEqual([]);
  });
});
