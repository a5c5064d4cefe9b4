import { describe, expect, it } from 'vitest';
import { articles, getArticle } from './articles';
import {
  type Block,
  blocksToPlainText,
  blockTexts,
  countWords,
  linkTargets,
  parseInline,
} from './blocks';
import { SUPPORTED_BROWSERS } from './browsers';
import { developerApiBlocks } from './developer-api';
import { faq } from './faq';
import { guide as casiUso, useCases } from './guides/casi-uso';
import { guide as guidaPrivacy } from './guides/guida-privacy';
import { guide as sicurezzaOnline } from './guides/sicurezza-online';
import * as privacy from './legal/privacy';
import * as terms from './legal/terms';
import { limits } from './limits';
import {
  MAX_TITLE_LENGTH,
  STATIC_ROUTES,
  articlePageTitle,
  articlePath,
  dateArticle,
  formatDateIt,
  notFoundPage,
  pages,
} from './site';

const SLUGS = [
  'guida-completa-email-temporanea',
  'migliori-servizi-temp-mail',
  'email-temporanea-contro-phishing',
  'quando-usare-email-temporanea',
  'email-temporanea-vs-alias',
  'come-evitare-spam',
  'guida-privacy-online',
  'proteggere-email-violazioni',
];
const FULL_LENGTH = ['come-evitare-spam', 'guida-privacy-online', 'proteggere-email-violazioni'];
const SHORT = ['guida-completa-email-temporanea', 'migliori-servizi-temp-mail'];
/** Reading speed behind the stated read times. */
const WORDS_PER_MINUTE = 200;

const article = (slug: string) => {
  const found = getArticle(slug);
  if (!found) throw new Error(`missing article ${slug}`);
  return found;
};

/** Every body of content with a name, for checks that apply to all of them. */
const bodies: { name: string; blocks: Block[] }[] = [
  ...articles.map((a) => ({ name: articlePath(a.slug), blocks: a.blocks })),
  { name: '/guida-privacy', blocks: guidaPrivacy.blocks },
  { name: '/sicurezza-online', blocks: sicurezzaOnline.blocks },
  { name: '/casi-uso', blocks: casiUso.blocks },
  { name: '/api', blocks: developerApiBlocks },
  { name: '/privacy', blocks: privacy.sections.flatMap((s) => s.blocks) },
  { name: '/terms', blocks: terms.sections.flatMap((s) => s.blocks) },
  { name: '/faq', blocks: faq.map((e): Block => ({ type: 'p', text: e.answer })) },
  {
    name: 'site',
    blocks: Object.values(pages).map((p): Block => ({ type: 'p', text: p.intro })),
  },
];

/** Every string a visitor reads, for the hygiene checks. */
const allTexts = [
  ...bodies.flatMap((b) => blockTexts(b.blocks)),
  ...articles.flatMap((a) => [a.title, a.description, a.category]),
  ...faq.map((e) => e.question),
  ...privacy.sections.map((s) => s.title),
  ...terms.sections.map((s) => s.title),
  ...Object.values(pages).flatMap((p) => [p.title, p.description, p.heading]),
  ...[guidaPrivacy, sicurezzaOnline, casiUso].flatMap((g) => [g.title, g.description]),
  notFoundPage.title,
  notFoundPage.description,
  notFoundPage.heading,
  notFoundPage.text,
];

describe('blog articles', () => {
  it('are the eight articles of the spec, newest first', () => {
    expect(articles.map((a) => a.slug).toSorted()).toEqual(SLUGS.toSorted());
    const dates = articles.map((a) => a.date);
    expect(dates).toEqual(dates.toSorted().reverse());
    for (const slug of SLUGS) expect(getArticle(slug)?.slug).toBe(slug);
    expect(getArticle('non-esiste')).toBeUndefined();
  });

  it('have unique titles, read times of 7-12 minutes and January 2025 publication dates', () => {
    expect(new Set(articles.map((a) => a.title)).size).toBe(articles.length);
    for (const a of articles) {
      expect([7, 8, 9, 10, 12]).toContain(a.readTimeMinutes);
      // Published as the spec dates them; modified when their text changed (revisions.test.ts).
      expect(a.date).toMatch(/^2025-01-(0[1-9]|[12]\d|3[01])$/);
      expect(a.date <= a.dateModified).toBe(true);
      expect(a.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(a.title.length).toBeLessThanOrEqual(MAX_TITLE_LENGTH);
      expect(a.description.length).toBeGreaterThanOrEqual(120);
      expect(a.description.length).toBeLessThanOrEqual(160);
      expect(a.category.length).toBeGreaterThan(0);
    }
  });

  it('are full-length or short as the spec asks', () => {
    for (const slug of FULL_LENGTH)
      expect(countWords(article(slug).blocks)).toBeGreaterThanOrEqual(1200);
    // The short ones are the shortest read of the blog, still as long as the time they state.
    const shortest = Math.min(...articles.map((a) => a.readTimeMinutes));
    for (const slug of SHORT) expect(article(slug).readTimeMinutes).toBe(shortest);
  });

  it('state a read time their word count bears out at 200 words a minute (±25%)', () => {
    const off = articles.flatMap((a) => {
      const words = countWords(a.blocks);
      const minutes = words / WORDS_PER_MINUTE;
      return Math.abs(minutes - a.readTimeMinutes) <= a.readTimeMinutes * 0.25
        ? []
        : [
            `${a.slug}: ${a.readTimeMinutes} min stated, ${words} words (${minutes.toFixed(1)} min)`,
          ];
    });
    expect(off).toEqual([]);
  });

  it('carry the facts the spec asks for', () => {
    const alias = article('email-temporanea-vs-alias');
    const table = alias.blocks.find((b) => b.type === 'table');
    expect(table?.type === 'table' && table.rows).toEqual([
      ['Durata', '10-60 minuti', 'Illimitata'],
      ['Registrazione', 'Nessuna', 'Account richiesto'],
      [
        'Anonimato',
        'Alto: nessun account, ma il tuo IP resta visibile',
        'Parziale: il provider conosce il tuo account',
      ],
      ['Invio di messaggi', 'No', 'Sì'],
      ['Gestione dello spam', 'Autodistruzione', 'Disattivazione manuale'],
    ]);
    const aliasText = blocksToPlainText(alias.blocks);
    for (const share of ['70%', '25%', '5%', '70/25/5']) expect(aliasText).toContain(share);

    const quando = article('quando-usare-email-temporanea').blocks;
    expect(quando.filter((b) => b.type === 'h3')).toHaveLength(10);
    expect(quando.some((b) => b.type === 'h2' && b.text === 'Quando non usarla')).toBe(true);

    const phishing = article('email-temporanea-contro-phishing').blocks;
    const h3 = phishing.filter((b) => b.type === 'h3').map((b) => b.text);
    expect(h3.filter((t) => /^[1-4]\. /.test(t))).toHaveLength(4);

    const breach = article('proteggere-email-violazioni').blocks;
    const ending = blocksToPlainText(breach.slice(-8));
    for (const advice of [
      'Revoca l’accesso alle app di terze parti',
      'Avvisa i tuoi contatti',
      'Valuta di cambiare indirizzo',
      'autenticazione a due fattori',
      'email temporanea',
    ]) {
      expect(ending).toContain(advice);
    }
  });
});

describe('pages', () => {
  it('have unique titles within 60 characters and descriptions of 120-160 characters', () => {
    const metas = [...Object.values(pages), notFoundPage];
    const titles = [...metas.map((m) => m.title), ...articles.map(articlePageTitle)];
    expect(new Set(titles).size).toBe(titles.length);
    for (const title of titles) expect(title.length).toBeLessThanOrEqual(MAX_TITLE_LENGTH);
    for (const m of metas) {
      expect(m.title).toMatch(/ \| Email Temporanea$/);
      expect(m.description.length, m.title).toBeGreaterThanOrEqual(120);
      expect(m.description.length, m.title).toBeLessThanOrEqual(160);
    }
    expect(notFoundPage.code).toBe('404');
    expect(notFoundPage.heading).toBe('Pagina non trovata');
    expect(notFoundPage.homeLink).toBe('Torna alla pagina iniziale');
  });

  it('FAQ has 20 distinct questions with the promised facts', () => {
    expect(faq).toHaveLength(20);
    expect(new Set(faq.map((e) => e.question)).size).toBe(20);
    const text = faq.map((e) => e.answer).join('\n');
    for (const fact of [
      ...SUPPORTED_BROWSERS.map((b) => `${b.name} ${b.version} o successivo`),
      '24-48 ore lavorative',
      '1-2 minuti',
      `${limits.ttl} esatti`,
      '30 giorni',
    ]) {
      expect(text).toContain(fact);
    }
  });

  it('legal pages have dated sections (the date: revisions.test.ts)', () => {
    for (const doc of [privacy, terms]) {
      expect(doc.lastUpdated).toMatch(/^\d{4}-\d\d-\d\d$/);
      expect(doc.sections.length).toBeGreaterThan(5);
      for (const section of doc.sections) expect(section.blocks.length).toBeGreaterThan(0);
    }
    const policy = blocksToPlainText(privacy.sections.flatMap((s) => s.blocks));
    for (const fact of ['30 giorni', 'cookie', '10 minuti', '60 minuti'])
      expect(policy).toContain(fact);
  });

  it('casi-uso walks through each case, and says nothing the when-to-use article says', () => {
    for (const useCase of useCases) {
      expect(useCase.steps.length, useCase.title).toBeGreaterThanOrEqual(3);
      // Titles are noun phrases, not infinitives ('Iscriversi…', 'Collegarsi…').
      const first = useCase.title.split(' ')[0] ?? '';
      expect(first, useCase.title).not.toMatch(/^\p{L}+([aei]re|[aei]rsi|[aei]rti)$/u);
    }
    const sentences = (blocks: Block[]) =>
      new Set(
        blocksToPlainText(blocks)
          .split(/(?<=[.!?:;])\s+|\n/)
          .map((s) => s.trim())
          .filter((s) => s.split(' ').length >= 6),
      );
    const article = sentences(getArticle('quando-usare-email-temporanea')?.blocks ?? []);
    const shared = [...sentences(casiUso.blocks)].filter((s) => article.has(s));
    expect(shared).toEqual([]);
    for (const text of allTexts) expect(text, text).not.toMatch(/paywall leggero/i);
  });

  it('casi-uso has exactly 15 use cases and a section on when not to use it', () => {
    expect(useCases).toHaveLength(15);
    expect(casiUso.blocks.filter((b) => b.type === 'h3')).toHaveLength(15);
    expect(casiUso.blocks.some((b) => b.type === 'h2' && b.text === 'Quando non usarla')).toBe(
      true,
    );
  });

  it('guides state the figures of the spec', () => {
    const security = blocksToPlainText(sicurezzaOnline.blocks);
    for (const fact of ['12 caratteri', '16 o più', 'almeno 6 cifre', 'ogni 30 secondi'])
      expect(security).toContain(fact);
    expect(sicurezzaOnline.blocks.some((b) => b.type === 'checklist')).toBe(true);
    expect(blocksToPlainText(guidaPrivacy.blocks)).toContain('entro 30 giorni');
    expect(guidaPrivacy.blocks.some((b) => b.type === 'checklist')).toBe(true);
  });

  it('dates read in Italian', () => {
    expect(formatDateIt('2025-01-15')).toBe('15 gennaio 2025');
    expect(formatDateIt('2025-03-01')).toBe('1º marzo 2025');
    expect(dateArticle('2025-01-08') + formatDateIt('2025-01-08')).toBe('l’8 gennaio 2025');
    expect(dateArticle('2025-01-11') + formatDateIt('2025-01-11')).toBe('l’11 gennaio 2025');
    expect(dateArticle('2025-01-15') + formatDateIt('2025-01-15')).toBe('il 15 gennaio 2025');
    expect(dateArticle('2025-03-01') + formatDateIt('2025-03-01')).toBe('il 1º marzo 2025');
  });
});

describe('every body of content', () => {
  const known: string[] = [...STATIC_ROUTES, ...articles.map((a) => articlePath(a.slug))];

  it('links only to known internal routes', () => {
    for (const body of bodies) {
      for (const target of linkTargets(body.blocks))
        expect(known, `${body.name} → ${target}`).toContain(target);
    }
  });

  it('has well-formed tables, unique section ids and no stray link markup', () => {
    for (const body of bodies) {
      const ids = body.blocks.flatMap((b) => (b.type === 'h2' && b.id ? [b.id] : []));
      expect(new Set(ids).size, body.name).toBe(ids.length);
      for (const b of body.blocks) {
        if (b.type === 'table')
          for (const row of b.rows) expect(row.length, body.name).toBe(b.head.length);
      }
      for (const text of blockTexts(body.blocks)) {
        const plain = parseInline(text)
          .filter((p) => p.type === 'text')
          .map((p) => p.text)
          .join('');
        expect(plain, body.name).not.toMatch(/[[\]<>]|\]\(/);
      }
    }
  });

  it('is finished, clean Italian text', () => {
    for (const text of allTexts) {
      expect(text.trim(), text).toBe(text);
      expect(text, text).not.toMatch(/lorem|ipsum|\$\{|undefined|\s{2}/i);
      expect(text, text).not.toMatch(/TODO|TBD|XXX/);
    }
  });
});

describe('parseInline', () => {
  it('splits text and links', () => {
    expect(parseInline('Vai alla [home](/) o alle [FAQ](/faq).')).toEqual([
      { type: 'text', text: 'Vai alla ' },
      { type: 'link', text: 'home', href: '/' },
      { type: 'text', text: ' o alle ' },
      { type: 'link', text: 'FAQ', href: '/faq' },
      { type: 'text', text: '.' },
    ]);
    expect(parseInline('Solo testo')).toEqual([{ type: 'text', text: 'Solo testo' }]);
  });
});
