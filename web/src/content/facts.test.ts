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
import * as terms from './legal/terms';
import { formatMegabytes, formatWindow, limits } from './limits';

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
