/**
 * Build-time switches of the web app, read from Vite's `import.meta.env` in one place.
 *
 * - `VITE_ADS_ENABLED=false` hides the ad placeholders ('Spazio pubblicitario').
 * - `VITE_SITE_URL` is the public origin of the site (`https://emailtemporanea.it`, the default,
 *   taken from the contact domain): canonical URLs, Open Graph, structured data and the sitemap
 *   are built on it. Set it when the site is served from another domain.
 *
 * The operator's settings that only the legal pages print (who runs the service, where, how long
 * logs are kept...) are read by `content/legal/operator.ts`, so that the pages which do not show
 * them do not carry them.
 */
import { CONTACT_DOMAIN } from '@/content/domain';

export const config = {
  adsEnabled: import.meta.env.VITE_ADS_ENABLED !== 'false',
  /** Public origin, without a trailing slash. */
  siteUrl: (import.meta.env.VITE_SITE_URL || `https://${CONTACT_DOMAIN}`).replace(/\/+$/, ''),
} as const;
