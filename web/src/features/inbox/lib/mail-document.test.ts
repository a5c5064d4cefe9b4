import { describe, expect, it } from 'vitest';
import { BLOCKED_CSP, REMOTE_CSP, buildMailDocument, findRemoteResources } from './mail-document';

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

describe('findRemoteResources', () => {
  const count = (html: string) => {
    const found = findRemoteResources(html);
    return found.images.length + found.other.length;
  };

  it('counts each remote URL once, images apart from other content', () => {
    const found = findRemoteResources(`
      <img src="https://cdn.example/logo.png">
      <img src="https://cdn.example/logo.png" width="50">
      <img src="http://track.example/open.gif?u=1" width="1" height="1">
      <img src="//proto.example/relative.png">
      <img srcset="https://cdn.example/a.png 1x, https://cdn.example/a@2x.png 2x">
      <picture><source srcset="https://cdn.example/wide.webp"><img src="cid:logo"></picture>
      <table background="https://cdn.example/bg.jpg"><tr><td style="background-image: url('https://cdn.example/cell.png')">x</td></tr></table>
      <div style="background: url(https://cdn.example/logo.png) no-repeat">again the logo</div>
      <video poster="https://cdn.example/poster.jpg" src="https://cdn.example/clip.mp4"></video>
      <audio src="https://cdn.example/jingle.mp3"></audio>
      <input type="image" src="https://cdn.example/button.png">
    `);
    expect(found.images.sort()).toEqual(
      [
        '//proto.example/relative.png',
        'http://track.example/open.gif?u=1',
        'https://cdn.example/a.png',
        'https://cdn.example/a@2x.png',
        'https://cdn.example/bg.jpg',
        'https://cdn.example/button.png',
        'https://cdn.example/cell.png',
        'https://cdn.example/logo.png',
        'https://cdn.example/poster.jpg',
        'https://cdn.example/wide.webp',
      ].sort(),
    );
    expect(found.other.sort()).toEqual([
      'https://cdn.example/clip.mp4',
      'https://cdn.example/jingle.mp3',
    ]);
  });

  it('counts stylesheets, @import and url() inside <style>', () => {
    const found = findRemoteResources(`<html><head>
      <link rel="stylesheet" href="https://cdn.example/mail.css">
      <link rel="preload" href="https://cdn.example/ignored.css">
      <style>@import "https://cdn.example/more.css"; @import url(https://cdn.example/url.css);
        .hero { background-image: url("https://cdn.example/hero.jpg") }</style>
      </head><body><p>ciao</p></body></html>`);
    expect(found.images).toEqual(['https://cdn.example/hero.jpg']);
    expect(found.other.sort()).toEqual([
      'https://cdn.example/mail.css',
      'https://cdn.example/more.css',
      'https://cdn.example/url.css',
    ]);
  });

  it('does not count local content: cid:, data:, relative URLs, links', () => {
    expect(
      count(`
        <img src="cid:logo@mail"><img src="data:image/png;base64,iVBORw0KGgo=">
        <img src="/relative.png"><img src="immagine.png">
        <div style="background: url(data:image/gif;base64,R0lGOD)">x</div>
        <a href="https://shop.example/offerte">Negozio</a>
        <p>Visita https://shop.example/immagine.png</p>`),
    ).toBe(0);
    expect(count('')).toBe(0);
    expect(count('<p>Solo testo</p>')).toBe(0);
  });

  it('sees through case and whitespace tricks in URLs', () => {
    expect(
      findRemoteResources(
        '<img src=" HTTPS://Track.example/p.gif "><img src="ht\ttps://track.example/q.gif">',
      ).images,
    ).toEqual(['HTTPS://Track.example/p.gif', 'https://track.example/q.gif']);
  });
});
