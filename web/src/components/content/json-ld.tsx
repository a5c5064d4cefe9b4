import { serializeJsonLd } from '@/lib/seo';

/**
 * Structured data for search engines, as an inline `<script type="application/ld+json">`. It is
 * rendered with the page, so it is in the prerendered HTML and identical after hydration.
 */
export function JsonLd({ data }: { data: object }) {
  return (
    <script
      type="application/ld+json"
      data-slot="json-ld"
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
