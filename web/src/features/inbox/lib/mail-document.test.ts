import { describe, expect, it } from 'vitest';
import { BLOCKED_CSP, REMOTE_CSP, buildMailDocument } from './mail-document';

function parse(srcdoc: string): Document {
  return new DOMParser().parseFromString(srcdoc, 'text/html');
}

const hostile = `<html><head>
<meta http-equiv="refresh" content="0;url=https://tracker.example/r">
<meta http-equiv="Content-Security-Policy" content="default-src *">
<base href="https://tracker.example/">
<link rel="dns-prefetch" href="//tracker.example">
<link rel="stylesheet" href="https://cdn.example/mail.css">
<script>document.body.dataset.ran = '1'</script>
</head><body><p>Ciao</p><img src="https://tracker.example/pixel.gif"><a href="https://shop.example">Negozio</a></body></html>`;

describe('buildMailDocument', () => {
  it('puts the blocking policy first in <head>, before anything that could fetch', () => {
    const doc = parse(buildMailDocument(hostile, { allowRemote: false }));
    const metas = [...doc.head.querySelectorAll('meta[http-equiv]')];
    expect(metas).toHaveLength(1);
    expect(metas[0]?.getAttribute('content')).toBe(BLOCKED_CSP);
    const first = doc.head.firstElementChild;
    const csp = doc.head.children[1];
    expect(first?.getAttribute('charset')).toBe('utf-8');
    expect(csp).toBe(metas[0]);
    expect(BLOCKED_CSP).toContain("default-src 'none'");
    expect(BLOCKED_CSP).toMatch(/img-src data:;/);
    expect(BLOCKED_CSP).not.toMatch(/https?:/);
  });

  it('removes refresh, base, scripts and resource hints, keeps the stylesheet for later', () => {
    const doc = parse(buildMailDocument(hostile, { allowRemote: false }));
    expect(doc.querySelector('meta[http-equiv="refresh"]')).toBeNull();
    expect(doc.querySelector('base')).toBeNull();
    expect(doc.querySelector('script')).toBeNull();
    expect(doc.querySelector('link[rel="dns-prefetch"]')).toBeNull();
    expect(doc.querySelector('link[rel="stylesheet"]')).not.toBeNull();
    expect(doc.querySelector('img')?.getAttribute('src')).toBe('https://tracker.example/pixel.gif');
    expect(doc.body.textContent).toContain('Ciao');
  });

  it('allows remote images, styles and fonts only after Mostra immagini, never scripts', () => {
    const doc = parse(buildMailDocument(hostile, { allowRemote: true }));
    const csp = doc.head.querySelector('meta[http-equiv]')?.getAttribute('content');
    expect(csp).toBe(REMOTE_CSP);
    expect(REMOTE_CSP).toMatch(/img-src data: http: https:/);
    expect(REMOTE_CSP).toMatch(/style-src 'unsafe-inline' http: https:/);
    expect(REMOTE_CSP).not.toMatch(/script-src/);
    expect(REMOTE_CSP).toContain("default-src 'none'");
  });

  it('hides who is reading from allowed images and marks links to open outside', () => {
    const doc = parse(
      buildMailDocument('<a href="https://x.example">x</a>', { allowRemote: true }),
    );
    expect(doc.querySelector('meta[name="referrer"]')?.getAttribute('content')).toBe('no-referrer');
    const anchor = doc.querySelector('a');
    expect(anchor?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(anchor?.getAttribute('target')).toBe('_blank');
  });

  it('wraps a bare fragment into a full document', () => {
    const srcdoc = buildMailDocument('<b>solo grassetto</b>', { allowRemote: false });
    expect(srcdoc.startsWith('<!doctype html><html>')).toBe(true);
    expect(parse(srcdoc).body.querySelector('b')?.textContent).toBe('solo grassetto');
  });
});
