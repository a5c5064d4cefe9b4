import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../src/http/plugins/security-headers';
import { startHarness, type Harness } from './helpers/harness';

describe('security headers', () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it('sends pages a strict CSP, no-referrer, a permissions policy and frame denial', async () => {
    h = await startHarness();
    const res = await h.app.inject({ url: '/faq' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'(;| 'sha256-)/);
    expect(csp).not.toMatch(/unsafe-inline[^;]*;[^;]*script|script-src[^;]*unsafe/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(String(res.headers['permissions-policy'])).toContain('camera=()');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends API answers, errors included, a policy that allows nothing and no-store', async () => {
    h = await startHarness();
    for (const url of ['/api/v1/mailbox', '/api/v1/openapi.json', '/api/v1/nessuna']) {
      const res = await h.app.inject({ url });
      expect(res.headers['content-security-policy'], url).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it('sends HSTS only when the request came over TLS (through a trusted proxy)', async () => {
    h = await startHarness({ trustProxy: '127.0.0.1' });
    const res = await h.app.inject({
      url: '/api/v1/mailbox',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=31536000/);
    const spoofed = await h.app.inject({
      url: '/api/v1/mailbox',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('inline script hashes', () => {
  it('hashes executable inline scripts of the built pages, not JSON-LD or external scripts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'et-dist-'));
    mkdirSync(join(dir, 'faq'));
    const code = 'window.__data = {"a":1};';
    writeFileSync(
      join(dir, 'index.html'),
      `<script type="module" src="/assets/app.js"></script><script>${code}</script>`,
    );
    writeFileSync(
      join(dir, 'faq', 'index.html'),
      `<script type="application/ld+json">{"@type":"FAQPage"}</script><script>${code}</script>`,
    );
    const expected = `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
    expect(inlineScriptHashes(dir)).toEqual([expected]);
    rmSync(dir, { recursive: true, force: true });
  });
});
