/**
 * The dates the site states are the dates of its text: a legal page's "Ultimo aggiornamento", an
 * article's `dateModified`, the footer's years. Each dated text carries the fingerprint of its
 * words beside its date; a changed text with an unchanged fingerprint fails here until both the
 * date and the fingerprint are set anew.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { articles } from './articles';
import { blockTexts } from './blocks';
import { CONTENT_YEARS } from './content-years';
import type { LegalSection } from './legal/legal-section';
import type { OperatorFacts } from './legal/operator';
import * as privacy from './legal/privacy';
import * as terms from './legal/terms';

/** The first 16 hex digits of the SHA-256 of the texts, one a line. */
function fingerprint(texts: string[]): string {
  return createHash('sha256').update(texts.join('\n')).digest('hex').slice(0, 16);
}

/**
 * Operator facts that are the same in every build, the settings' names where their values go:
 * the legal texts are the operator's words around them, and those are what the date dates. Each
 * variant shows one branch of the texts that depend on a switch.
 */
function sampleOperator(smtpTls: OperatorFacts['smtpTls'], https: boolean): OperatorFacts {
  return {
    name: '{VITE_OPERATOR_NAME}',
    address: '{VITE_OPERATOR_ADDRESS}',
    taxId: '{VITE_OPERATOR_TAX_ID}',
    registry: '{VITE_OPERATOR_REGISTRY}',
    hosting: '{VITE_HOSTING_PROVIDER}',
    region: '{VITE_HOSTING_REGION}',
    transfers: '{VITE_DATA_TRANSFERS}',
    dpo: '{VITE_DPO}',
    contactMail: '{VITE_CONTACT_MAIL_PROVIDER}',
    logRetention: '{VITE_LOG_RETENTION_DAYS}',
    correspondenceRetention: '{VITE_CORRESPONDENCE_RETENTION_MONTHS}',
    smtpTls,
    https,
  };
}
const SAMPLES = [
  sampleOperator(true, true),
  sampleOperator(false, false),
  sampleOperator('{VITE_SMTP_STARTTLS}', true),
];

/** Every word of a legal page, in every variant. */
function legalText(render: (op: OperatorFacts) => LegalSection[]): string[] {
  return SAMPLES.flatMap((op) => render(op).flatMap((s) => [s.title, ...blockTexts(s.blocks)]));
}

const today = new Date().toISOString().slice(0, 10);
const isoDate = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

describe('the dates of the legal pages', () => {
  it.each([
    ['privacy.ts', privacy, legalText(privacy.privacySections)],
    ['terms.ts', terms, legalText(terms.termsSections)],
  ] as const)('%s is dated by its last change', (file, doc, text) => {
    expect(doc.lastUpdated).toMatch(isoDate);
    expect(doc.lastUpdated <= today).toBe(true);
    expect(
      fingerprint(text),
      `${file} changed: set lastUpdated to the date of the change and textFingerprint to this value`,
    ).toBe(doc.textFingerprint);
  });

  it('tells every variant of a text apart, so a change in any of them counts', () => {
    const variants = SAMPLES.map((op) => fingerprint(legalText(() => privacy.privacySections(op))));
    expect(new Set(variants).size).toBe(SAMPLES.length);
  });
});

describe('the dates of the articles', () => {
  it.each(articles.map((a) => [a.slug, a] as const))(
    '%s is modified on the date of its last change',
    (slug, article) => {
      expect(article.dateModified).toMatch(isoDate);
      expect(article.date <= article.dateModified).toBe(true);
      expect(article.dateModified <= today).toBe(true);
      const text = [article.title, article.description, ...blockTexts(article.blocks)];
      expect(
        fingerprint(text),
        `${slug} changed: set dateModified to the date of the change and textFingerprint to this value`,
      ).toBe(article.textFingerprint);
    },
  );
});

describe('the years of the footer', () => {
  it('run from the first publication to the latest change of the content', () => {
    const published = articles.map((a) => a.date);
    const changed = [
      privacy.lastUpdated,
      terms.lastUpdated,
      ...articles.map((a) => a.dateModified),
    ];
    const year = (date: string) => Number(date.slice(0, 4));
    expect(CONTENT_YEARS.first).toBe(Math.min(...published.map(year)));
    expect(CONTENT_YEARS.last).toBe(Math.max(...changed.map(year)));
  });
});
