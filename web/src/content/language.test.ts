import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { articles } from './articles';
import { blockTexts } from './blocks';
import { developerApiBlocks } from './developer-api';
import { faq } from './faq';
import { guide as casiUso } from './guides/casi-uso';
import { guide as guidaPrivacy } from './guides/guida-privacy';
import { guide as sicurezzaOnline } from './guides/sicurezza-online';
import { homeFaq, homeSections } from './home';
import * as privacy from './legal/privacy';
import * as terms from './legal/terms';
import { mailboxTools } from './mailbox-tools';
import { messageReader } from './message-reader';
import { refusalNotice } from './refusal-notice';
import { backLinks, labels, notFoundPage, pages } from './site';
import { strings } from './strings';

/** Every string leaf of a nested object of texts (functions are checked in the source below). */
function leaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(leaves);
  if (value && typeof value === 'object') return Object.values(value).flatMap(leaves);
  return [];
}

/** Every text a visitor reads, from every module of `content/`. */
const texts = [
  ...articles.flatMap((a) => [a.title, a.description, a.category, ...blockTexts(a.blocks)]),
  ...[guidaPrivacy, sicurezzaOnline, casiUso].flatMap((g) => [
    g.title,
    g.description,
    ...blockTexts(g.blocks),
  ]),
  ...[privacy, terms].flatMap((d) => d.sections.flatMap((s) => [s.title, ...blockTexts(s.blocks)])),
  ...blockTexts(developerApiBlocks),
  ...leaves([faq, homeFaq, homeSections, strings, mailboxTools, messageReader, refusalNotice]),
  ...leaves([pages, notFoundPage, backLinks, labels]),
];

/** The content modules' source, comments left out: what functions build is checked here. */
const CONTENT_DIR = import.meta.dirname;
const sources = readdirSync(CONTENT_DIR, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => ({
    name,
    code: readFileSync(join(CONTENT_DIR, name), 'utf8')
      .split('\n')
      .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line))
      .join('\n'),
  }));

describe('the language of the site', () => {
  it('collects the texts it checks', () => {
    expect(texts.length).toBeGreaterThan(1000);
    expect(sources.length).toBeGreaterThan(20);
  });

  it('writes apostrophes the typographic way, never straight', () => {
    expect(texts.filter((text) => text.includes("'"))).toEqual([]);
    for (const { name, code } of sources) {
      // A straight apostrophe between letters, or before an interpolation, is visitor text.
      expect(code, name).not.toMatch(/\p{L}'(\p{L}|\$\{)/u);
      expect(code, name).not.toMatch(/\bpo'/);
    }
  });

  it('elides before a vowel: un’email, never una email', () => {
    expect(texts.filter((text) => /\bun(a)? e-?mail\b/i.test(text))).toEqual([]);
  });

  it('puts the subjunctive after “qualunque”', () => {
    expect(texts.filter((text) => /\bqualunque [^.;:]*\bscegli\b/i.test(text))).toEqual([]);
  });

  it('puts the subjunctive in relative clauses of purpose', () => {
    const indicative =
      /motore di ricerca che non (registra|conserva)\b|più rigoroso che non ti crea\b/;
    expect(texts.filter((text) => indicative.test(text))).toEqual([]);
  });

  it('writes Wi-Fi with its hyphen', () => {
    expect(texts.filter((text) => /\bwi ?fi\b/i.test(text))).toEqual([]);
  });

  it('has no calques of “as is” in the terms', () => {
    expect(texts.filter((text) => /così com.è»|come disponibile/.test(text))).toEqual([]);
  });

  it('asks to press buttons, not to click them', () => {
    expect(texts.filter((text) => /\bclicca\b/i.test(text))).toEqual([]);
  });

  it('keeps the strings the first specification quotes, as it words them', () => {
    expect(strings.toasts.copied).toBe('Email copiata!');
    expect(strings.toasts.extendedDescription).toBe('Hai altri 10 minuti');
    expect(strings.toasts.createFailed).toBe('Impossibile creare l’Email Temporanea');
    expect(strings.inbox.title).toBe('Inbox');
    expect(strings.toasts.checking).toBe('Controllo nuovi messaggi in corso...');
    expect(faq.map((e) => e.answer).join('\n')).toContain('24-48 ore lavorative');
  });

  it('writes an ellipsis as one character, but in the quoted strings', () => {
    const quoted = new Set<string>([strings.toasts.checking]);
    expect(texts.filter((text) => text.includes('...') && !quoted.has(text))).toEqual([]);
  });

  it('has no calques: Oops, con successo, Home as a page, entro 24-48', () => {
    const calques =
      /\bOops\b|con successo|home page|\[home\]|\bHome\b(?<!schermata Home)|entro 24-48/i;
    expect(texts.filter((text) => calques.test(text))).toEqual([]);
  });

  it('writes minutes in figures, as the countdown does', () => {
    expect(texts.filter((text) => /\bdieci minuti\b/i.test(text))).toEqual([]);
  });

  it('never calls a hash encryption', () => {
    const encryptedHash = /cifrat\w*[^.;]{0,40}(hash|impronta)|(hash|impronta)[^.;]{0,40}cifrat/i;
    expect(texts.filter((text) => encryptedHash.test(text))).toEqual([]);
  });

  it('puts the conditional after an imperfect subjunctive of a hypothesis', () => {
    const mixed =
      /\b\w+(asse|esse|isse) (non )?(si applica|restano|resta)\b|risultasse [^.]*\b(restano|resta)\b/;
    expect(texts.filter((text) => mixed.test(text))).toEqual([]);
  });
});
