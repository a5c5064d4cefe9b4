import {
  ADDRESS_LOCAL_PART_LENGTH,
  MAILBOX_MAX_BYTES,
  MAILBOX_MAX_MESSAGES,
  MAX_MESSAGE_BYTES,
  RATE_LIMIT_CREATE_MAX,
  RATE_LIMIT_CREATE_WINDOW_SECONDS,
  TOMBSTONE_DAYS,
} from '@et/common';
import { describe, expect, it } from 'vitest';
import { getArticle } from './articles';
import { blocksToPlainText } from './blocks';
import { apiExamples, apiLimits } from './developer-api';
import { faq } from './faq';
import { homeFaq } from './home';
import { missingSetting, operator } from './legal/operator';
import * as privacy from './legal/privacy';
import * as terms from './legal/terms';
import { formatMegabytes, formatWindow, limits } from './limits';
import { strings } from './strings';
import { config } from '@/lib/config';

/**
 * The statements of the site that the product can contradict, each checked against the constant
 * the server's configuration falls back to. A changed limit fails here until the words follow.
 */
const homeFaqText = homeFaq.map((e) => e.answer).join('\n');
const faqText = faq.map((e) => e.answer).join('\n');
const termsText = blocksToPlainText(terms.sections.flatMap((s) => s.blocks));

describe('limits in words', () => {
  it('formats sizes and windows as Italian readers write them', () => {
    expect(formatMegabytes(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatMegabytes(1.5 * 1024 * 1024)).toBe('1,5 MB');
    expect(formatWindow(600)).toBe('10 minuti');
    expect(formatWindow(60)).toBe('1 minuto');
    expect(formatWindow(3600)).toBe('1 ora');
    expect(formatWindow(7200)).toBe('2 ore');
    expect(formatWindow(45)).toBe('45 secondi');
  });

  it('come from the shared defaults', () => {
    expect(limits.messageSize).toBe(formatMegabytes(MAX_MESSAGE_BYTES));
    expect(limits.mailboxSize).toBe(formatMegabytes(MAILBOX_MAX_BYTES));
    expect(limits.mailboxMessages).toBe(MAILBOX_MAX_MESSAGES.toLocaleString('it-IT'));
    expect(limits.tombstoneDays).toBe(TOMBSTONE_DAYS);
    expect(limits.createMax).toBe(RATE_LIMIT_CREATE_MAX);
    expect(limits.createWindow).toBe(formatWindow(RATE_LIMIT_CREATE_WINDOW_SECONDS));
    expect(apiLimits.createMax * 1).toBe(RATE_LIMIT_CREATE_MAX);
    expect(apiLimits.messageMegabytes * 1024 * 1024).toBe(MAX_MESSAGE_BYTES);
  });
});

describe('facts the product can contradict', () => {
  it('the home FAQ states the mailbox and message limits instead of promising none', () => {
    expect(homeFaqText).toContain(`fino a ${limits.mailboxMessages} messaggi`);
    expect(homeFaqText).toContain(`${limits.mailboxSize} in tutto`);
    expect(homeFaqText).toContain(`al massimo ${limits.messageSize}`);
    expect(homeFaqText).not.toMatch(/né limiti al numero di messaggi|nessun limite/i);
  });

  it('the FAQ names the creation limit: addresses per client per window', () => {
    expect(faqText).toContain(
      `al massimo ${RATE_LIMIT_CREATE_MAX} indirizzi ogni ${formatWindow(RATE_LIMIT_CREATE_WINDOW_SECONDS)} dalla stessa connessione`,
    );
    expect(faqText).toContain(`non superi ${formatMegabytes(MAX_MESSAGE_BYTES)}`);
  });

  it('an expired address is reserved for the configured days, not forever', () => {
    for (const text of [homeFaqText, faqText, termsText])
      expect(text).toContain(`per ${TOMBSTONE_DAYS} giorni`);
    // Every passage on giving an address again says for how long it is held back.
    const passages = `${homeFaqText}\n${faqText}\n${termsText}`.split(/\n|(?<=[.;])\s/);
    const reassigning = passages.filter((p) => /(ri)?assegna/.test(p));
    expect(reassigning.length).toBeGreaterThan(0);
    for (const passage of reassigning) {
      const i = passages.indexOf(passage);
      expect(`${passages[i - 1] ?? ''} ${passage}`, passage).toContain(`${TOMBSTONE_DAYS} giorni`);
    }
  });

  it('addresses have the length the server makes', () => {
    expect(faqText).toContain(
      `${ADDRESS_LOCAL_PART_LENGTH} caratteri tra lettere minuscole e cifre`,
    );
    const answer = JSON.parse(apiExamples.createAnswer.code) as { email: string };
    const local = answer.email.split('@')[0] ?? '';
    expect(local).toHaveLength(ADDRESS_LOCAL_PART_LENGTH);
    expect(local).toMatch(/^[a-z][a-z0-9]+$/);
  });

  it('plus addressing delivers the tagged address to the plain one', () => {
    const alias = blocksToPlainText(getArticle('email-temporanea-vs-alias')?.blocks ?? []);
    expect(alias).toContain('recapitano a nome@ anche la posta indirizzata a nome+negozio@');
    expect(alias).not.toContain('recapitano a nome+negozio@');
  });
});

describe('the legal pages', () => {
  const policy = blocksToPlainText(privacy.sections.flatMap((s) => s.blocks));
  const termsAll = blocksToPlainText(terms.sections.flatMap((s) => s.blocks));

  it('name the controller, the provider and the hosting from the operator settings', () => {
    for (const value of [operator.name, operator.address, operator.taxId]) {
      expect(policy).toContain(value);
      expect(termsAll).toContain(value);
    }
    expect(policy).toContain(operator.hosting);
    expect(policy).toContain('Spazio economico europeo');
  });

  it('show a placeholder no one can miss where a setting is unset', () => {
    expect(missingSetting('VITE_OPERATOR_NAME', 'nome')).toBe(
      '⚠ DATO MANCANTE: nome (impostazione VITE_OPERATOR_NAME)',
    );
    // The tests build without operator settings: every one of them reads as missing.
    for (const [setting, value] of [
      ['VITE_OPERATOR_NAME', operator.name],
      ['VITE_OPERATOR_ADDRESS', operator.address],
      ['VITE_OPERATOR_TAX_ID', operator.taxId],
      ['VITE_HOSTING_PROVIDER', operator.hosting],
    ] as const) {
      expect(value).toContain('DATO MANCANTE');
      expect(value).toContain(setting);
    }
  });

  it('say what the server does with a message and that nothing leaves it', () => {
    expect(policy).not.toMatch(/non leggiamo né analizziamo/i);
    for (const fact of ['codice di verifica', 'link di conferma', 'HTML', 'escono dal server'])
      expect(policy).toContain(fact);
    const faqPrivate = faq.find((e) => e.question === 'I miei messaggi sono privati?')?.answer;
    expect(faqPrivate).toContain('codice di verifica');
    expect(faqPrivate).not.toContain('non leggiamo la posta');
  });

  it('describe the logs the server writes and their retention setting', () => {
    expect(policy).not.toMatch(/metodo e percorso|user agent|cancellazione automatica/);
    expect(policy).toContain('non registra le singole');
    expect(policy).toContain(`dopo ${config.logRetentionDays} giorni`);
    expect(policy).toContain(`Registri tecnici (log)`);
  });

  it('say where the key goes with “Apri sul telefono” and why no server sees it', () => {
    expect(policy).not.toContain('mai negli indirizzi delle pagine,');
    expect(policy).toContain('/#apri=');
    expect(policy).toContain('non la inviano a nessun server');
  });

  it('disclose every browser storage and why no consent is asked', () => {
    for (const fact of ['sessionStorage', 'localStorage', 'tema', 'notifiche', 'art. 122'])
      expect(policy).toContain(fact);
    expect(policy).toContain('non trovi alcun banner');
  });

  it('carry the GDPR articles and the complaint route', () => {
    for (const fact of [
      'art. 19',
      'art. 77',
      'Garante per la protezione dei dati personali',
      'www.garanteprivacy.it',
      'entro un mese',
      'prorogabile di due mesi',
      'indirizzo IP',
      'Minori',
    ])
      expect(`${policy}\n${privacy.sections.map((s) => s.title).join('\n')}`).toContain(fact);
    expect(privacy.sections.some((s) => s.title === 'Sei obbligato a fornire i dati?')).toBe(true);
  });

  it('keep the terms within what consumer law allows', () => {
    expect(termsAll).not.toMatch(/indenni|così com|come disponibile|fa parte integrante/);
    expect(termsAll).toContain('Codice del consumo');
    expect(termsAll).toContain('dolo o colpa grave');
    expect(termsAll).toContain('L’informativa non fa parte di questi termini');
    expect(terms.sections.some((s) => s.title === 'Minori')).toBe(true);
    expect(terms.sections.some((s) => s.title === 'Chi fornisce il servizio')).toBe(true);
  });

  it('the ad placeholder says it holds no third-party code, as the policy does', () => {
    expect(strings.ads.note).toContain('nessun codice');
    expect(strings.ads.note).toContain('terze parti');
    expect(policy).toContain('segnaposto vuoti');
  });
});
