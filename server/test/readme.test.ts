import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARS } from '../src/config';

describe('README', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

  it('documents every configuration variable with its real default', () => {
    for (const v of Object.values(CONFIG_VARS)) {
      const fallback =
        'shownFallback' in v
          ? v.shownFallback
          : Array.isArray(v.fallback)
            ? v.fallback.length
              ? `\`${v.fallback.join(',')}\``
              : '(empty)'
            : v.fallback === null
              ? '(empty)'
              : `\`${String(v.fallback).replace(/^.*\/web\/dist$/, './web/dist')}\``;
      expect(readme).toContain(`| \`${v.name}\` | ${fallback} | ${v.doc} |`);
    }
  });

  it('opens with the two quick-start commands', () => {
    expect(readme).toMatch(/```sh\nnpm ci && npm start\s.*\nnpm test\s/);
  });
});
