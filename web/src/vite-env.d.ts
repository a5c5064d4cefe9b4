/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** `false` hides the ad placeholders. Any other value (or none) shows them. */
  readonly VITE_ADS_ENABLED?: string;
  /** Public origin of the site, e.g. `https://emailtemporanea.it` (the default). */
  readonly VITE_SITE_URL?: string;
  /**
   * The operator's settings of the legal pages (`VITE_OPERATOR_NAME`, `VITE_HOSTING_REGION`,
   * `VITE_LOG_RETENTION_DAYS`...): `content/legal/operator-settings.ts` lists and documents them.
   */
  readonly [setting: `VITE_${string}`]: string | undefined;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
