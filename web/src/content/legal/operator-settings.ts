/**
 * The operator's build-time settings that the privacy policy and the terms print: who runs the
 * service, where it runs, how long its logs and mail are kept, whether incoming mail can be
 * encrypted. Each depends on how the operator installs and runs the service, so none has a
 * default: an unset or malformed one reads as a placeholder on the pages
 * (`operator.ts`), and a production build names it in a warning (`vite.config.ts`).
 *
 * Plain data and parsers, with no `import.meta`: `vite.config.ts` reads the same list.
 */

/** One setting: its variable, what it holds in the placeholder's words, and its parser. */
interface OperatorSetting<T> {
  env: string;
  /** What the placeholder says is missing, in Italian. */
  what: string;
  /** The value, or null when unset or malformed. */
  read: (raw: string) => T | null;
}

/** Trimmed text; null when blank. */
const text = (raw: string) => raw.trim() || null;

/** A whole number of at least 1. */
const count = (raw: string) => {
  const n = Number(raw.trim());
  return raw.trim() !== '' && Number.isInteger(n) && n >= 1 ? n : null;
};

/** `on` or `off`. */
const onOff = (raw: string) => {
  const value = raw.trim().toLowerCase();
  return value === 'on' ? true : value === 'off' ? false : null;
};

export const OPERATOR_SETTINGS = {
  /** Name or company name: the data controller and the service provider. */
  name: { env: 'VITE_OPERATOR_NAME', what: 'nome o ragione sociale', read: text },
  /** Registered seat or domicile. */
  address: { env: 'VITE_OPERATOR_ADDRESS', what: 'sede o domicilio', read: text },
  /** VAT number or tax code, as printed (e.g. `P. IVA 01234567890`). */
  taxId: { env: 'VITE_OPERATOR_TAX_ID', what: 'partita IVA o codice fiscale', read: text },
  /**
   * Entry in the Registro delle imprese (D.Lgs. 70/2003 art. 7), as printed: e.g.
   * `REA MI-1234567`, or `non iscritto` for a private person.
   */
  registry: {
    env: 'VITE_OPERATOR_REGISTRY',
    what: 'iscrizione al Registro delle imprese (numero REA) o «non iscritto»',
    read: text,
  },
  /** Who hosts the servers, e.g. `Hetzner Online GmbH`. */
  hosting: { env: 'VITE_HOSTING_PROVIDER', what: 'fornitore dei server', read: text },
  /**
   * Where the servers and their DNS resolver are, e.g. `Germania, nell’Unione europea`.
   */
  region: {
    env: 'VITE_HOSTING_REGION',
    what: 'Paese in cui si trovano i server',
    read: text,
  },
  /**
   * Transfers of personal data outside the European Economic Area and their safeguard (GDPR
   * art. 13(1)(f)), e.g. `nessuno` or `verso gli Stati Uniti, con clausole contrattuali tipo`.
   */
  transfers: {
    env: 'VITE_DATA_TRANSFERS',
    what: 'trasferimenti fuori dallo Spazio economico europeo, o «nessuno»',
    read: text,
  },
  /** The data protection officer and how to reach them, or `non nominato` (GDPR art. 13(1)(b)). */
  dpo: {
    env: 'VITE_DPO',
    what: 'responsabile della protezione dei dati e suo contatto, o «non nominato»',
    read: text,
  },
  /** Who hosts the contact mailboxes (privacy@, supporto@, sicurezza@): a processor. */
  contactMail: {
    env: 'VITE_CONTACT_MAIL_PROVIDER',
    what: 'fornitore delle caselle di contatto',
    read: text,
  },
  /** Days the operator keeps the logs of the server and of the reverse proxy. */
  logRetentionDays: {
    env: 'VITE_LOG_RETENTION_DAYS',
    what: 'giorni di conservazione dei registri',
    read: count,
  },
  /** Months the operator keeps, at most, what is written to it and to postmaster@ and abuse@. */
  correspondenceRetentionMonths: {
    env: 'VITE_CORRESPONDENCE_RETENTION_MONTHS',
    what: 'mesi di conservazione delle richieste e delle segnalazioni',
    read: count,
  },
  /** `on` when SMTP offers STARTTLS (`SMTP_TLS_CERT` and `SMTP_TLS_KEY` set), else `off`. */
  smtpTls: {
    env: 'VITE_SMTP_STARTTLS',
    what: 'se la posta in arrivo può essere cifrata (on oppure off)',
    read: onOff,
  },
} satisfies Record<string, OperatorSetting<unknown>>;

export type OperatorSettingKey = keyof typeof OPERATOR_SETTINGS;

/** The settings' values, each null when unset or malformed. */
export type OperatorSettingValues = {
  [K in OperatorSettingKey]: ReturnType<(typeof OPERATOR_SETTINGS)[K]['read']>;
};

/** Reads every operator setting from `env` (Vite's `import.meta.env`, or the build's env). */
export function readOperatorSettings(env: Record<string, unknown>): OperatorSettingValues {
  const values: Record<string, unknown> = {};
  for (const [key, setting] of Object.entries(OPERATOR_SETTINGS)) {
    const raw = env[setting.env];
    values[key] = typeof raw === 'string' ? setting.read(raw) : null;
  }
  return values as OperatorSettingValues;
}

/** The variables of the settings that are unset or malformed, for the build's warning. */
export function missingOperatorSettings(env: Record<string, unknown>): string[] {
  const values = readOperatorSettings(env);
  return (Object.keys(OPERATOR_SETTINGS) as OperatorSettingKey[])
    .filter((key) => values[key] === null)
    .map((key) => OPERATOR_SETTINGS[key].env);
}
