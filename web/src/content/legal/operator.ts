/**
 * Who runs the service, where, and how, as the legal pages state it: the operator's build-time
 * settings (`operator-settings.ts`). An unset one reads as a placeholder in capitals that names
 * the setting, so a page built without it cannot pass for finished.
 */
import { config } from '@/lib/config';
import {
  OPERATOR_SETTINGS,
  type OperatorSettingKey,
  readOperatorSettings,
} from './operator-settings';

/** The text shown in place of an unset setting. */
export function missingSetting(setting: string, what: string): string {
  return `⚠ DATO MANCANTE: ${what} (impostazione ${setting})`;
}

/**
 * What the privacy policy and the terms say about the operator, in their words. The legal texts
 * are functions of these facts, so a test can render them with fixed ones (`revisions.test.ts`).
 */
export interface OperatorFacts {
  name: string;
  address: string;
  taxId: string;
  /** Entry in the Registro delle imprese, e.g. `REA MI-1234567` or `non iscritto`. */
  registry: string;
  hosting: string;
  /** Where the servers are. */
  region: string;
  /** Transfers outside the EEA and their safeguard, or `nessuno`. */
  transfers: string;
  /** The data protection officer and their contact, or `non nominato`. */
  dpo: string;
  /** Who hosts the contact mailboxes. */
  contactMail: string;
  /** How long logs are kept, in words: `7 giorni`. */
  logRetention: string;
  /** How long requests and reports are kept at most, in words: `12 mesi`. */
  correspondenceRetention: string;
  /** Whether SMTP offers STARTTLS; the placeholder when the operator has not said. */
  smtpTls: boolean | string;
  /** Whether the site is served over HTTPS (`VITE_SITE_URL`). */
  https: boolean;
}

const values = readOperatorSettings(import.meta.env);

/** The placeholder of a setting. */
function placeholder(key: OperatorSettingKey): string {
  const { env, what } = OPERATOR_SETTINGS[key];
  return missingSetting(env, what);
}

/** A setting's value, or its placeholder. */
function orPlaceholder<T>(key: OperatorSettingKey, value: T | null): T | string {
  return value ?? placeholder(key);
}

/** A count in words, or the placeholder: `1 giorno`, `7 giorni`. */
function amount(key: OperatorSettingKey, n: number | null, one: string, many: string): string {
  return n === null ? placeholder(key) : `${n} ${n === 1 ? one : many}`;
}

/** The operator's facts, each the setting or its placeholder. */
export const operator: OperatorFacts = {
  name: orPlaceholder('name', values.name),
  address: orPlaceholder('address', values.address),
  taxId: orPlaceholder('taxId', values.taxId),
  registry: orPlaceholder('registry', values.registry),
  hosting: orPlaceholder('hosting', values.hosting),
  region: orPlaceholder('region', values.region),
  transfers: orPlaceholder('transfers', values.transfers),
  dpo: orPlaceholder('dpo', values.dpo),
  contactMail: orPlaceholder('contactMail', values.contactMail),
  logRetention: amount('logRetentionDays', values.logRetentionDays, 'giorno', 'giorni'),
  correspondenceRetention: amount(
    'correspondenceRetentionMonths',
    values.correspondenceRetentionMonths,
    'mese',
    'mesi',
  ),
  smtpTls: orPlaceholder('smtpTls', values.smtpTls),
  https: config.siteUrl.startsWith('https://'),
};
