import { PRODUCT_NAME } from '@et/common';
import { MailIcon } from 'lucide-react';
import { Link } from '@/components/ui/link';
import { CONTENT_YEARS } from '@/content/content-years';
import { strings } from '@/content/strings';

const links = [
  { to: '/', label: strings.footer.links.home },
  { to: '/blog', label: strings.footer.links.blog },
  { to: '/faq', label: strings.footer.links.faq },
  { to: '/api', label: strings.footer.links.api },
  { to: '/privacy', label: strings.footer.links.privacy },
  { to: '/terms', label: strings.footer.links.terms },
] as const;

/** Footer of every page: the site links and the copyright line. */
export function SiteFooter() {
  return (
    <footer data-slot="site-footer" className="mt-16 border-t bg-card">
      <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 md:flex-row md:items-start md:justify-between">
        <div className="flex max-w-sm flex-col gap-2">
          <p className="flex items-center gap-2 font-semibold">
            <MailIcon className="size-4 text-primary" aria-hidden="true" />
            {PRODUCT_NAME}
          </p>
          <p className="text-sm text-muted-foreground">{strings.footer.note}</p>
        </div>
        <nav aria-label={strings.footer.navLabel}>
          <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
            {links.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="rounded-sm text-muted-foreground underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="border-t px-4 py-4 text-center text-xs text-muted-foreground">
        {strings.footer.copyright(CONTENT_YEARS.first, CONTENT_YEARS.last)}
      </p>
    </footer>
  );
}
