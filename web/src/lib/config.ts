/**
 * Build-time switches of the web app, read from Vite's `import.meta.env` in one place.
 *
 * - `VITE_ADS_ENABLED=false` hides the ad placeholders ('Spazio pubblicitario').
 * - `VITE_SITE_URL` is the public origin of the site (`https://emailtemporanea.it`, the default,
 *   taken from the contact domain): canonical URLs, Open Graph, structured data and the sitemap
 *   are built on it. Set it when the site is served from another domain.
 * - `VITE_OPERATOR_NAME`, `VITE_OPERATOR_ADDRESS`, `VITE_OPERATOR_TAX_ID` and
 *   `VITE_HOSTING_PROVIDER` name who runs the service and where it is hosted, as the privacy
 *   policy (GDPR art. 13) and the terms (D.Lgs. 70/2003 art. 7) must. Unset, the pages show a
 *   placeholder no one can miss, and a production build warns (`vite.config.ts`).
 * - `VITE_LOG_RETENTION_DAYS` (default 7) is how long the privacy policy says server logs are
 *   kept. The server only writes them; deleting them on time is the operator's duty
 *   (docs/operations.md, "Log retention").
 */
import { CONTACT_DOMAIN } from '@/content/domain';

/** A text setting, trimmed; `null` when unset or blank. */
function setting(value: string | undefined): string | null {
  return value?.trim() || null;
}

/** A whole number of days, at least 1; `fallback` when unset or not such a number. */
function days(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

export const config = {
  adsEnabled: import.meta.env.VITE_ADS_ENABLED !== 'false',
  /** Public origin, without a trailing slash. */
  siteUrl: (import.meta.env.VITE_SITE_URL || `https://${CONTACT_DOMAIN}`).replace(/\/+$/, ''),
  /** Who runs the service; `null` where the operator has not said. */
  operator: {
    name: setting(import.meta.env.VITE_OPERATOR_NAME),
    address: setting(import.meta.env.VITE_OPERATOR_ADDRESS),
    taxId: setting(import.meta.env.VITE_OPERATOR_TAX_ID),
    hosting: setting(import.meta.env.VITE_HOSTING_PROVIDER),
  },
  /** Days the operator keeps server logs, as the privacy policy states. */
  logRetentionDays: days(import.meta.env.VITE_LOG_RETENTION_DAYS, 7),
} as const;
