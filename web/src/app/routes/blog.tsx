import { ArticleCard } from '@/components/content/article-card';
import { ContentPage, PageHeader } from '@/components/content/content-page';
import { articles } from '@/content/articles';
import { backLinks, labels, pages } from '@/content/site';
import { contentPageMeta, type LazyPage } from '../page-meta';

const text = pages['/blog'];

/** `/blog`: one card per article of the registry, newest first. */
function BlogRoute() {
  return (
    <ContentPage back={{ to: '/', label: backLinks.home }} wide>
      <PageHeader title={text.heading} lead={text.intro} className="max-w-3xl" />
      <section aria-label={labels.articleList} className="mt-8">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {articles.map((article) => (
            <li key={article.slug} className="flex">
              <ArticleCard article={article} className="w-full" />
            </li>
          ))}
        </ul>
      </section>
    </ContentPage>
  );
}

export const page: LazyPage = {
  Component: BlogRoute,
  handle: { meta: () => contentPageMeta('/blog') },
};
