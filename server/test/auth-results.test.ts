import { describe, expect, it } from 'vitest';
import { authResultsField, stripOwnAuthenticationResults } from '../src/ingest/auth/auth-results';
import { cpuRatio } from './helpers/cpu';

describe('our Authentication-Results field', () => {
  it("lays out mailauth's clauses one to a line, folding a long one at its spaces", () => {
    const long = `dkim=pass header.i=@example.test header.s=${'s'.repeat(150)} header.a=rsa-sha256`;
    const field = authResultsField('mx.test', [long, 'spf=pass smtp.mailfrom=a@example.test']);
    expect(field).toBe(
      'Authentication-Results: mx.test;\r\n' +
        ' dkim=pass header.i=@example.test\r\n' +
        ` header.s=${'s'.repeat(150)}\r\n` +
        ' header.a=rsa-sha256;\r\n' +
        ' spf=pass smtp.mailfrom=a@example.test',
    );
    for (const line of field.split('\r\n')) expect(line.length).toBeLessThanOrEqual(170);
  });

  it('never lets a line break inside a clause end the field', () => {
    const field = authResultsField('mx.test', ['spf=pass (a\r\nX-Injected: 1) smtp.helo=x']);
    expect(field).not.toMatch(/\r\n(?![ \t])/);
  });
});

describe('stripOwnAuthenticationResults', () => {
  const header = (...fields: string[]) =>
    Buffer.from(`${fields.join('')}From: <a@example.test>\r\nSubject: x\r\n\r\n`, 'latin1');
  const strip = (...fields: string[]) =>
    stripOwnAuthenticationResults(header(...fields), 'mx.test')?.toString('latin1') ?? null;
  const FORGED =
    'Authentication-Results: mx.test; spf=pass; dkim=pass; dmarc=pass header.from=bank.test\r\n';

  it('takes out every field with our authserv-id and keeps every other byte', () => {
    const upstream = 'Authentication-Results: mx.google.com;\r\n dkim=pass header.i=@bank.test\r\n';
    expect(strip(upstream, FORGED, 'Received: from x by y; Wed, 25 Nov 2026\r\n', FORGED)).toBe(
      `${upstream}Received: from x by y; Wed, 25 Nov 2026\r\nFrom: <a@example.test>\r\nSubject: x\r\n\r\n`,
    );
  });

  it('finds our id however it is written', () => {
    const spellings = [
      'Authentication-Results: MX.Test; dmarc=pass\r\n',
      'authentication-results:mx.test;dmarc=pass\r\n',
      'Authentication-Results : mx.test.; dmarc=pass\r\n',
      'Authentication-Results: "mx.test"; dmarc=pass\r\n',
      'Authentication-Results: "mx\\.te\\st"; dmarc=pass\r\n',
      'Authentication-Results: mx.test 1; dmarc=pass\r\n',
      'Authentication-Results: (ours, honest (really)) mx.test (x); dmarc=pass\r\n',
      'Authentication-Results:\r\n\t(folded first)\r\n mx.test;\r\n dmarc=pass\r\n',
      'Authentication-Results: mx.test; dmarc=pass\n',
      'Authentication-Results: mx.test\r\n',
    ];
    for (const field of spellings) {
      expect(strip(field), JSON.stringify(field)).toBe(
        'From: <a@example.test>\r\nSubject: x\r\n\r\n',
      );
    }
  });

  it('leaves the fields of other ids, and answers null when there is nothing to take out', () => {
    const others = [
      'Authentication-Results: mx.test.example; dmarc=pass\r\n',
      'Authentication-Results: other.mx.test; dmarc=pass\r\n',
      'Authentication-Results: (mx.test) mx.google.com; dmarc=pass\r\n',
      'Authentication-Results: "mx.test\\"x"; dmarc=pass\r\n',
      'X-Authentication-Results: mx.test; dmarc=pass\r\n',
      'X-Note: Authentication-Results: mx.test; dmarc=pass\r\n',
      ' Authentication-Results: mx.test; dmarc=pass\r\n',
    ];
    for (const field of others) expect(strip(field), JSON.stringify(field)).toBeNull();
  });

  it('reads a header in one pass: four times the header, four times the work', async () => {
    // Forged fields, and a comment of open brackets as long as they are: the work grows with
    // the bytes, not with their square.
    const hostile = (n: number) =>
      header(FORGED.repeat(n), `Authentication-Results: ${'('.repeat(n * FORGED.length)}\r\n`);
    const [small, large] = [hostile(2_500), hostile(10_000)];
    expect(stripOwnAuthenticationResults(large, 'mx.test')!.toString()).toMatch(
      /^Authentication-Results: \(+\r\nFrom:/,
    );
    const ratio = await cpuRatio(
      () => stripOwnAuthenticationResults(large, 'mx.test'),
      () => stripOwnAuthenticationResults(small, 'mx.test'),
    );
    expect(ratio).toBeLessThan(6);
  });
});
