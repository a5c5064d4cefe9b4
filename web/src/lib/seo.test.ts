import { describe, expect, it } from 'vitest';
import { getArticle } from '@/content/articles';
import {
  absoluteUrl,
  articleBreadcrumbJsonLd,
  articleJsonLd,
  faqPageJsonLd,
  headTags,
  renderHead,
  serializeJsonLd,
  type PageMeta,
} from './seo';
import { slugify } from './slug';

const article: PageMeta = {
  title: 'Un articolo | Email Temporanea',
  description: 'Descrizione "citata" & <pericolosa>',
  path: '/blog/un-articolo',
  type: 'article',
  published: '2025-01-10',
  modified: '2025-01-17',
};
const notFound: PageMeta = { title: 'Pagina non trovata', description: 'Niente qui.', path: null };

describe('head tags', () => {
  it('give a page its description, canonical URL and Open Graph tags', () => {
    const html = renderHead(article);
    expect(html).toContain('<title>Un articolo | Email Temporanea</title>');
    expect(html).toContain(
      '<meta name="description" content="Descrizione &quot;citata&quot; &amp; &lt;pericolosa&gt;" />',
    );
    expect(html).toContain(`<link rel="canonical" href="${absoluteUrl('/blog/un-articolo')}" />`);
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain('<meta property="og:locale" content="it_IT" />');
    expect(html).toContain('<meta property="article:modified_time" content="2025-01-17" />');
    expect(absoluteUrl('/faq')).toMatch(/^https?:\/\/[^/]+\/faq$/);
    expect(absoluteUrl('/')).toMatch(/^https?:\/\/[^/]+\/$/);
  });

  it('keep the not-found page out of the index, without a canonical URL', () => {
    const tags = headTags(notFound);
    expect(tags).toContainEqual({ tag: 'meta', attrs: { name: 'robots', content: 'noindex' } });
    expect(tags.some((t) => t.attrs.rel === 'canonical' || t.attrs.property === 'og:url')).toBe(
      false,
    );
  });
});

describe('structured data', () => {
  it('is JSON that no text can break out of', () => {
    const json = serializeJsonLd({ text: '</script><script>alert(1)</script> & \u2028' });
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual({ text: '</script><script>alert(1)</script> & \u2028' });
  });

  it('describes an article, its breadcrumb and the FAQ', () => {
    const spam = getArticle('come-evitare-spam')!;
    const data = articleJsonLd(spam);
    expect(data).toMatchObject({
      '@type': 'Article',
      headline: spam.title,
      datePublished: spam.date,
      dateModified: spam.dateModified,
      author: { '@type': 'Organization', name: 'Email Temporanea' },
      publisher: { '@type': 'Organization', name: 'Email Temporanea' },
    });
    expect(data.wordCount).toBeGreaterThan(1200);
    const crumbs = articleBreadcrumbJsonLd(spam).itemListElement;
    expect(crumbs.map((c) => [c.position, c.name])).toEqual([
      [1, 'Pagina iniziale'],
      [2, 'Blog'],
      [3, spam.title],
    ]);
    expect(crumbs[2]?.item).toBe(absoluteUrl('/blog/come-evitare-spam'));
    const faq = faqPageJsonLd([{ question: 'D?', answer: 'Vedi le [FAQ](/faq).' }]);
    expect(faq.mainEntity[0]).toEqual({
      '@type': 'Question',
      name: 'D?',
      acceptedAnswer: { '@type': 'Answer', text: 'Vedi le FAQ.' },
    });
  });
});

describe('slugify', () => {
  it('makes ASCII fragment ids from Italian headings', () => {
    expect(slugify('Perché li trattiamo e su quale base giuridica')).toBe(
      'perche-li-trattiamo-e-su-quale-base-giuridica',
    );
    expect(slugify("Le richieste all'assistenza")).toBe('le-richieste-all-assistenza');
  });
});
