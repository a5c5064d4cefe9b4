import { useParams } from 'react-router';
import { ArticleCard } from '@/components/content/article-card';
import { BlockList } from '@/components/content/block-list';
import { ContentPage, PageHeader } from '@/components/content/content-page';
import { JsonLd } from '@/components/content/json-ld';
import { NotFoundPage } from '@/components/content/not-found-page';
import { TableOfContents, tocEntries } from '@/components/content/table-of-contents';
import { Badge } from '@/components/ui/badge';
import { type Article, articles, getArticle } from '@/content/articles';
import {
  articlePageTitle,
  articlePath,
  backLinks,
  dateArticle,
  formatDateIt,
  labels,
} from '@/content/site';
import { articleBreadcrumbJsonLd, articleJsonLd } from '@/lib/seo';
import { type LazyPage, notFoundMeta } from '../page-meta';

/** How many other articles close an article page. */
const MORE_ARTICLES = 2;

/** The articles suggested after `article`: the next ones in the registry, wrapping around. */
function moreArticles(article: Article): Article[] {
  const index = articles.indexOf(article);
  return Array.from(
    { length: Math.min(MORE_ARTICLES, articles.length - 1) },
    (_, offset) => articles[(index + 1 + offset) % articles.length]!,
  );
}

/** `/blog/{slug}`: the article, its structured data and two more to read. Unknown slugs: 404. */
function ArticleRoute() {
  const { slug = '' } = useParams();
  const article = getArticle(slug);
  if (!article) return <NotFoundPage />;

  return (
    <ContentPage back={{ to: '/blog', label: backLinks.blog }}>
      <article data-slot="article">
        <PageHeader
          eyebrow={
            <Badge variant="secondary" className="text-sm">
              {article.category}
            </Badge>
          }
          title={article.title}
          lead={article.description}
        >
          <p className="flex flex-col gap-1 text-sm text-muted-foreground sm:flex-row sm:flex-wrap sm:gap-x-2">
            <span>
              {labels.published} {dateArticle(article.date)}
              <time dateTime={article.date}>{formatDateIt(article.date)}</time>
            </span>
            <span aria-hidden="true" className="hidden sm:inline">
              ·
            </span>
            <span>
              {labels.updated} {dateArticle(article.dateModified)}
              <time dateTime={article.dateModified}>{formatDateIt(article.dateModified)}</time>
            </span>
            <span aria-hidden="true" className="hidden sm:inline">
              ·
            </span>
            <span>{labels.readTime(article.readTimeMinutes)}</span>
          </p>
        </PageHeader>
        <TableOfContents entries={tocEntries(article.blocks)} />
        <BlockList blocks={article.blocks} className="mt-8" />
      </article>

      <section aria-labelledby="more-articles" className="mt-14 border-t pt-8">
        <h2 id="more-articles" className="text-xl font-semibold tracking-tight">
          {labels.moreArticles}
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {moreArticles(article).map((other) => (
            <li key={other.slug} className="flex">
              <ArticleCard article={other} headingLevel="h3" className="w-full" />
            </li>
          ))}
        </ul>
      </section>

      <JsonLd data={articleJsonLd(article)} />
      <JsonLd data={articleBreadcrumbJsonLd(article)} />
    </ContentPage>
  );
}

export const page: LazyPage = {
  Component: ArticleRoute,
  handle: {
    meta: ({ slug = '' }) => {
      const article = getArticle(slug);
      if (!article) return notFoundMeta;
      return {
        title: articlePageTitle(article),
        description: article.description,
        path: articlePath(article.slug),
        type: 'article',
        published: article.date,
        modified: article.dateModified,
      };
    },
  },
};
