import { ArrowRightIcon } from 'lucide-react';
import type * as React from 'react';
import { Badge } from '@/components/ui/badge';
import { Link } from '@/components/ui/link';
import type { Article } from '@/content/articles/article';
import { articlePath, formatDateIt, labels } from '@/content/site';
import { cn } from '@/lib/cn';

/**
 * A blog card: category, date, reading time, title and description. The title is the one link;
 * it stretches over the whole card, so the card is clickable without nesting links.
 */
export function ArticleCard({
  article,
  headingLevel = 'h2',
  className,
  ...props
}: React.ComponentProps<'article'> & {
  article: Article;
  headingLevel?: 'h2' | 'h3';
}) {
  const Heading = headingLevel;
  return (
    <article
      data-slot="article-card"
      className={cn(
        'relative flex flex-col rounded-xl border bg-card p-5 text-card-foreground shadow-sm transition-shadow focus-within:ring-[3px] focus-within:ring-ring/50 hover:border-primary/40 hover:shadow-md',
        className,
      )}
      {...props}
    >
      <p className="flex items-center justify-between gap-3 text-xs text-muted-foreground">
        <Badge variant="secondary">{article.category}</Badge>
        <span className="whitespace-nowrap">{labels.readTime(article.readTimeMinutes)}</span>
      </p>
      <Heading className="mt-3 text-lg leading-snug font-semibold tracking-tight text-balance">
        <Link
          to={articlePath(article.slug)}
          className="outline-none after:absolute after:inset-0 after:rounded-xl after:content-['']"
        >
          {article.title}
        </Link>
      </Heading>
      <p className="mt-2 flex-1 text-sm leading-6 text-muted-foreground">{article.description}</p>
      <p className="mt-4 flex items-center justify-between gap-3 border-t pt-4 text-sm">
        <time dateTime={article.date} className="text-muted-foreground">
          {formatDateIt(article.date)}
        </time>
        <span
          aria-hidden="true"
          className="inline-flex items-center gap-1 font-medium text-primary"
        >
          {labels.readArticle}
          <ArrowRightIcon className="size-4" />
        </span>
      </p>
    </article>
  );
}
