/**
 * What search engines and link previews read about a page: the `<head>` tags (title, description,
 * canonical URL, Open Graph) and the JSON-LD structured data. Pure functions of the content; the
 * prerenderer writes their output into each page's HTML and the client keeps `<head>` in step
 * while the visitor navigates.
 */
import { PRODUCT_NAME } from '@et/common';
import type { Article } from '@/content/articles/article';
import { countWords, inlineToPlain } from '@/content/blocks';
import type { FaqEntry } from '@/content/faq';
import { articlePath, breadcrumbNames } from '@/content/site';
import { config } from './config';

/** Locale of every page, as Open Graph and JSON-LD spell it. */
export const SITE_LOCALE = { openGraph: 'it_IT', bcp47: 'it-IT' } as const;

/** `path` made absolute on the public origin of the site (`/faq` → `https://…/faq`). */
export function absoluteUrl(path: string): string {
  return `${config.siteUrl}${path === '/' ? '/' : path}`;
}

/** The head of one page. */
export interface PageMeta {
  /** `<title>`, unique across the site. */
  title: string;
  /** `<meta name="description">`. */
  description: string;
  /**
   * Site-relative path of the canonical URL (`/blog/come-evitare-spam`). `null` for the
   * not-found page, which gets `noindex` instead of a canonical URL.
   */
  path: string | null;
  /** Open Graph type: `article` for blog articles, `website` for everything else. */
  type?: 'website' | 'article';
  /** ISO dates of an article (Open Graph `article:published_time` / `modified_time`). */
  published?: string;
  modified?: string;
}

/** One tag of `<head>`, as data: rendered to a string by the prerenderer, to the DOM by the client. */
export interface HeadTag {
  tag: 'meta' | 'link';
  attrs: Record<string, string>;
}

/** The `<meta>` and `<link>` tags of a page (the `<title>` is separate). */
export function headTags(meta: PageMeta): HeadTag[] {
  const tags: HeadTag[] = [
    { tag: 'meta', attrs: { name: 'description', content: meta.description } },
  ];
  if (meta.path === null) {
    tags.push({ tag: 'meta', attrs: { name: 'robots', content: 'noindex' } });
  } else {
    tags.push({ tag: 'link', attrs: { rel: 'canonical', href: absoluteUrl(meta.path) } });
  }
  const og: [string, string | undefined][] = [
    ['og:type', meta.type ?? 'website'],
    ['og:site_name', PRODUCT_NAME],
    ['og:locale', SITE_LOCALE.openGraph],
    ['og:title', meta.title],
    ['og:description', meta.description],
    ['og:url', meta.path === null ? undefined : absoluteUrl(meta.path)],
    ['article:published_time', meta.published],
    ['article:modified_time', meta.modified],
  ];
  for (const [property, content] of og) {
    if (content !== undefined) tags.push({ tag: 'meta', attrs: { property, content } });
  }
  tags.push({ tag: 'meta', attrs: { name: 'twitter:card', content: 'summary' } });
  return tags;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for HTML text and double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

/** The `<title>` and head tags of a page as HTML, one tag per line. */
export function renderHead(meta: PageMeta): string {
  const tags = headTags(meta).map(({ tag, attrs }) => {
    const attributes = Object.entries(attrs)
      .map(([name, value]) => `${name}="${escapeHtml(value)}"`)
      .join(' ');
    return `<${tag} ${attributes} />`;
  });
  return [`<title>${escapeHtml(meta.title)}</title>`, ...tags].join('\n    ');
}

/**
 * JSON for an inline `<script type="application/ld+json">`: `<`, `>` and `&` are escaped so that
 * no text in the data can close the script element, and U+2028/2029 so that old parsers cope.
 */
export function serializeJsonLd(data: object): string {
  return JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The organisation behind the site: author and publisher of every article. */
export function organizationJsonLd() {
  return { '@type': 'Organization', name: PRODUCT_NAME, url: absoluteUrl('/') } as const;
}

/** JSON-LD `Article` of a blog article. */
export function articleJsonLd(article: Article) {
  const url = absoluteUrl(articlePath(article.slug));
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.title,
    description: article.description,
    datePublished: article.date,
    dateModified: article.dateModified,
    author: organizationJsonLd(),
    publisher: organizationJsonLd(),
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    inLanguage: SITE_LOCALE.bcp47,
    articleSection: article.category,
    wordCount: countWords(article.blocks),
  };
}

/** JSON-LD `BreadcrumbList` Home → Blog → article. */
export function articleBreadcrumbJsonLd(article: Pick<Article, 'slug' | 'title'>) {
  const items = [
    { name: breadcrumbNames.home, path: '/' },
    { name: breadcrumbNames.blog, path: '/blog' },
    { name: article.title, path: articlePath(article.slug) },
  ];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: absoluteUrl(item.path),
    })),
  };
}

/** JSON-LD `FAQPage` of the FAQ; answers as plain text (links reduced to their words). */
export function faqPageJsonLd(entries: readonly FaqEntry[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: entries.map((entry) => ({
      '@type': 'Question',
      name: entry.question,
      acceptedAnswer: { '@type': 'Answer', text: inlineToPlain(entry.answer) },
    })),
  };
}
