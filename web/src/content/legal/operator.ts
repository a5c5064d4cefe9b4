/**
 * Who runs the service and where it is hosted, as the legal pages name them. The values are the
 * operator's build-time settings (`lib/config.ts`); an unset one reads as a placeholder in
 * capitals that names the setting, so a page built without them cannot pass for finished.
 */
import { config } from '@/lib/config';

/** The text shown in place of an unset setting. */
export function missingSetting(setting: string, what: string): string {
  return `⚠ DATO MANCANTE: ${what} (impostazione ${setting})`;
}

/** The operator's identity and hosting, each either the setting or its placeholder. */
export const operator = {
  name: config.operator.name ?? missingSetting('VITE_OPERATOR_NAME', 'nome o ragione sociale'),
  address: config.operator.address ?? missingSetting('VITE_OPERATOR_ADDRESS', 'sede o domicilio'),
  taxId:
    config.operator.taxId ?? missingSetting('VITE_OPERATOR_TAX_ID', 'partita IVA o codice fiscale'),
  hosting:
    config.operator.hosting ??
    missingSetting('VITE_HOSTING_PROVIDER', 'fornitore e luogo dei server'),
} as const;

/** Days the server logs are kept, as the privacy policy states them. */
export const logRetentionDays = config.logRetentionDays;
