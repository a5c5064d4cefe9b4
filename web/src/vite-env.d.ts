/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** `false` hides the ad placeholders. Any other value (or none) shows them. */
  readonly VITE_ADS_ENABLED?: string;
  /** Public origin of the site, e.g. `https://emailtemporanea.it` (the default). */
  readonly VITE_SITE_URL?: string;
  /** Name or company name of who runs the service (data controller and service provider). */
  readonly VITE_OPERATOR_NAME?: string;
  /** The operator's registered address (domicile or seat). */
  readonly VITE_OPERATOR_ADDRESS?: string;
  /** VAT number or tax code, as shown (e.g. `P. IVA 01234567890`), with the REA number if any. */
  readonly VITE_OPERATOR_TAX_ID?: string;
  /** Who hosts the servers and where, e.g. `Hetzner Online GmbH, data center in Germania (UE)`. */
  readonly VITE_HOSTING_PROVIDER?: string;
  /** Days server logs are kept, as the privacy policy states (default 7). */
  readonly VITE_LOG_RETENTION_DAYS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
