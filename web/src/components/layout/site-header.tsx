import { PRODUCT_NAME } from '@et/common';
import { MailIcon } from 'lucide-react';
import { Link } from '@/components/ui/link';
import { strings } from '@/content/strings';
import { ThemeToggle } from './theme-toggle';

/** Sticky header of every page: the product name linking home, the tagline, the theme toggle. */
export function SiteHeader() {
  return (
    <header
      data-slot="site-header"
      className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70"
    >
      <div className="mx-auto flex h-14 max-w-5xl items-center justify-between gap-3 px-4">
        <Link
          to="/"
          aria-label={strings.header.homeLink}
          className="flex items-center gap-2 rounded-md font-semibold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <MailIcon className="size-4" aria-hidden="true" />
          </span>
          <span className="text-lg">{PRODUCT_NAME}</span>
        </Link>
        <div className="flex items-center gap-4">
          <p className="hidden text-sm text-muted-foreground sm:block">{strings.header.tagline}</p>
          <ThemeToggle />
        </div>
      </div>
    </header>
  );
}
