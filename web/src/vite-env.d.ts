/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** `false` hides the ad placeholders. Any other value (or none) shows them. */
  readonly VITE_ADS_ENABLED?: string;
  /** Public origin of the site, e.g. `https://emailtemporanea.it` (the default). */
  readonly VITE_SITE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
