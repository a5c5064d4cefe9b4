import { afterEach, describe, expect, it } from 'vitest';
import { dropShareFragment, readShareFragment, shareLink } from './share-link';

const TOKEN = 'Q2hpYXZlLWRpLXByb3ZhLWNvbi00My1jYXJhdHRlcmk';

describe('share link', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('carries the token in the fragment of the home URL', () => {
    expect(shareLink(TOKEN, 'https://emailtemporanea.it')).toBe(
      `https://emailtemporanea.it/#apri=${TOKEN}`,
    );
  });

  it('reads the token back from the fragment', () => {
    expect(readShareFragment(`#apri=${TOKEN}`)).toEqual({ token: TOKEN });
    expect(readShareFragment(new URL(shareLink(TOKEN, 'http://x.test')).hash)).toEqual({
      token: TOKEN,
    });
  });

  it('tells a malformed token from a fragment that is not a share link', () => {
    expect(readShareFragment('#apri=%3Cscript%3E')).toEqual({ token: null });
    expect(readShareFragment('#apri=')).toEqual({ token: null });
    expect(readShareFragment('#apri=abc')).toEqual({ token: null });
    expect(readShareFragment('')).toBeNull();
    expect(readShareFragment('#faq')).toBeNull();
  });

  it('removes the fragment from the address bar, keeping path and query', () => {
    window.history.pushState({ idx: 3 }, '', `/?utm=x#apri=${TOKEN}`);
    dropShareFragment();
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/?utm=x',
    );
    expect(window.history.state).toEqual({ idx: 3 });
  });
});
