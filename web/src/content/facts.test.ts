import {
  ADDRESS_LOCAL_PART_LENGTH,
  CREATOR_MAX_BYTES_PER_HOUR,
  type ErrorCode,
  HTTP_MAX_CONNECTIONS_PER_IP,
  MAILBOX_MAX_BYTES,
  MAILBOX_MAX_LIFETIME_SECONDS,
  MAILBOX_MAX_MESSAGES,
  MAILBOX_MAX_REFUSALS,
  MAILBOX_TTL_SECONDS,
  MAX_MESSAGE_BYTES,
  MAX_STREAMS_PER_IP,
  RATE_LIMIT_CREATE_MAX,
  RATE_LIMIT_CREATE_WINDOW_SECONDS,
  RATE_LIMIT_IPV6_PREFIX,
  ROLE_MAILBOX_SENDER_SHARE_PERCENT,
  SENDER_MAX_BYTES_PER_HOUR,
  TOMBSTONE_DAYS,
  VIEW_RATE_LIMIT_PER_MINUTE,
} from '@et/common';
import { describe, expect, it } from 'vitest';
import { articles, getArticle } from './articles';
import { type Block, blocksToPlainText, blockTexts } from './blocks';
import { apiExamples, apiLimits, developerApiBlocks } from './developer-api';
import { faq } from './faq';
import { guide as casiUso } from './guides/casi-uso';
import { guide as guidaPrivacy } from './guides/guida-privacy';
import { homeFaq, homeSections } from './home';
import { missingSetting, type OperatorFacts, operator } from './legal/operator';
import {
  missingOperatorSettings,
  OPERATOR_SETTINGS,
  readOperatorSettings,
} from './legal/operator-settings';
import * as privacy from './legal/privacy';
import * as terms from './legal/terms';
import { formatMegabytes, formatWindow, limits } from './limits';
import { CONTACT_EMAILS } from './site';
import { strings } from './strings';

/**
 * The statements of the site that the product can contradict, each checked against the constant
 * the server's configuration falls back to, or the operator setting it comes from. A changed
 * limit fails here until the words follow.
 */
const homeFaqText = homeFaq.map((e) => e.answer).join('\n');
const faqText = faq.map((e) => e.answer).join('\n');
const plain = (sections: { blocks: Block[] }[]) =>
  blocksToPlainText(sections.flatMap((s) => s.blocks));
const policy = plain(privacy.sections);
const termsText = plain(terms.sections);
const apiText = blocksToPlainText(developerApiBlocks);
const articleText = (slug: string) => blocksToPlainText(getArticle(slug)?.blocks ?? []);

/** Every passage a visitor reads in the site's longer texts (not the buttons and toasts). */
const passages: string[] = [
  ...faq.map((e) => e.answer),
  ...homeFaq.map((e) => e.answer),
  ...homeSections.flatMap((s) => [...s.paragraphs, ...(s.items ?? []).map((i) => i.text)]),
  ...[privacy, terms].flatMap((d) => d.sections.flatMap((s) => blockTexts(s.blocks))),
  ...[casiUso, guidaPrivacy].flatMap((g) => blockTexts(g.blocks)),
  ...articles.flatMap((a) => blockTexts(a.blocks)),
  ...blockTexts(developerApiBlocks),
];

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
    expect(limits.ttl).toBe(formatWindow(MAILBOX_TTL_SECONDS));
    expect(limits.maxLifetime).toBe(`${MAILBOX_MAX_LIFETIME_SECONDS / 60} minuti`);
    expect(limits.messageSize).toBe(formatMegabytes(MAX_MESSAGE_BYTES));
    expect(limits.mailboxSize).toBe(formatMegabytes(MAILBOX_MAX_BYTES));
    expect(limits.mailboxMessages).toBe(MAILBOX_MAX_MESSAGES.toLocaleString('it-IT'));
    expect(limits.tombstoneDays).toBe(TOMBSTONE_DAYS);
    expect(limits.createMax).toBe(RATE_LIMIT_CREATE_MAX);
    expect(limits.createWindow).toBe(formatWindow(RATE_LIMIT_CREATE_WINDOW_SECONDS));
    expect(limits.ipv6Prefix).toBe(`/${RATE_LIMIT_IPV6_PREFIX}`);
    expect(limits.streamsPerIp).toBe(MAX_STREAMS_PER_IP);
    expect(limits.connectionsPerIp).toBe(HTTP_MAX_CONNECTIONS_PER_IP);
    expect(limits.senderBytesPerHour).toBe(formatMegabytes(SENDER_MAX_BYTES_PER_HOUR));
    expect(limits.creatorBytesPerHour).toBe(formatMegabytes(CREATOR_MAX_BYTES_PER_HOUR));
    expect(limits.roleMailboxSenderShare).toBe(`${ROLE_MAILBOX_SENDER_SHARE_PERCENT}%`);
    expect(limits.viewsPerMinute).toBe(VIEW_RATE_LIMIT_PER_MINUTE);
    expect(limits.maxRefusals).toBe(MAILBOX_MAX_REFUSALS);
    expect(apiLimits.createMax * 1).toBe(RATE_LIMIT_CREATE_MAX);
    expect(apiLimits.messageMegabytes * 1024 * 1024).toBe(MAX_MESSAGE_BYTES);
    expect(apiLimits.maxLifetimeMinutes * 60).toBe(MAILBOX_MAX_LIFETIME_SECONDS);
    expect(apiLimits.streamsPerIp).toBe(MAX_STREAMS_PER_IP);
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

  it('no text promises as many addresses as one wants: the alias article says the limit', () => {
    for (const passage of passages) expect(passage).not.toMatch(/quante ne servono/);
    expect(articleText('email-temporanea-vs-alias')).toContain(
      `fino a ${RATE_LIMIT_CREATE_MAX} ogni ${formatWindow(RATE_LIMIT_CREATE_WINDOW_SECONDS)}`,
    );
  });

  it('every text that offers «Estendi» says the mailbox’s whole life is capped', () => {
    const extending = passages.filter((p) => /«Estendi»|la estenda|lo estendi/.test(p));
    expect(extending.length).toBeGreaterThan(8);
    for (const passage of extending) expect(passage).toContain(limits.maxLifetime);
    for (const passage of passages)
      expect(passage).not.toMatch(/tutte le volte che (vuoi|ti serve)/);
    expect(apiText).toContain(`al massimo ${MAILBOX_MAX_LIFETIME_SECONDS / 60} minuti in tutto`);
  });

  it('an expired address is reserved for the configured days, not forever', () => {
    for (const text of [homeFaqText, faqText, termsText])
      expect(text).toContain(`per ${TOMBSTONE_DAYS} giorni`);
    // Every passage on giving an address again says for how long it is held back.
    const parts = `${homeFaqText}\n${faqText}\n${termsText}`.split(/\n|(?<=[.;])\s/);
    const reassigning = parts.filter((p) => /(ri)?assegna/.test(p));
    expect(reassigning.length).toBeGreaterThan(0);
    for (const passage of reassigning) {
      const i = parts.indexOf(passage);
      expect(`${parts[i - 1] ?? ''} ${passage}`, passage).toContain(`${TOMBSTONE_DAYS} giorni`);
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
    const alias = articleText('email-temporanea-vs-alias');
    expect(alias).toContain('recapitano a nome@ anche la posta indirizzata a nome+negozio@');
    expect(alias).not.toContain('recapitano a nome+negozio@');
  });

  it('mail over quota is refused for a while (452), mail too big for good (552)', () => {
    expect(termsText).not.toMatch(/oltre questi limiti[^.]*vengono rifiutati e il mittente/);
    expect(termsText).toMatch(/Quando invece la casella è piena[^.]*il rifiuto è temporaneo/);
    expect(termsText).toMatch(/I messaggi troppo grandi[^.]*vengono rifiutati subito/);
  });

  it('the byte caps, the share of postmaster@ and abuse@ and the storage watermark are stated, stored mail kept', () => {
    const bytes = `${formatMegabytes(SENDER_MAX_BYTES_PER_HOUR)} di messaggi all’ora`;
    const creator = `al massimo ${formatMegabytes(CREATOR_MAX_BYTES_PER_HOUR)} all’ora in tutto`;
    const share = `al massimo il ${ROLE_MAILBOX_SENDER_SHARE_PERCENT}% delle caselle postmaster@`;
    for (const fact of [bytes, creator, share, 'lo spazio di archiviazione del servizio']) {
      expect(termsText).toContain(fact);
    }
    expect(termsText).toContain('La posta già ricevuta non viene mai cancellata per fare spazio');
    expect(apiText).toContain(
      `in tutto al massimo ${formatMegabytes(CREATOR_MAX_BYTES_PER_HOUR)} di posta all’ora`,
    );
    expect(apiText).toContain(`al massimo ${formatMegabytes(SENDER_MAX_BYTES_PER_HOUR)} all’ora`);
    for (const reply of ['451 4.7.1', '452 4.3.1', 'GET /mailbox/refusals']) {
      expect(apiText).toContain(reply);
    }
  });

  it('«Nuovo indirizzo» deletes the old mailbox at once; closing the tab deletes nothing', () => {
    const guide = articleText('guida-completa-email-temporanea');
    expect(guide).not.toContain('lascia scadere la precedente');
    expect(guide).toContain(
      '«Nuovo indirizzo» crea un’altra casella e cancella subito la precedente',
    );
    for (const passage of passages) expect(passage).not.toMatch(/chiudi la scheda o premi/);
    expect(guide).toContain('Se chiudi soltanto la scheda, la casella resta sul server');
  });

  it('the key is kept in the tab and in the «Apri sul telefono» link, not only in the tab', () => {
    for (const passage of passages) expect(passage).not.toMatch(/chiave[^.]*vive solo/);
    const tabAnswer = faq.find((e) => e.question.includes('chiudo la scheda'))?.answer ?? '';
    expect(tabAnswer).toContain('«Apri sul telefono»');
    expect(termsText).toContain('link di «Apri sul telefono»');
  });

  it('«Cambia dominio» is offered only where the page has it', () => {
    for (const passage of passages) expect(passage).not.toMatch(/premi «Cambia dominio»/);
    expect(faqText).toContain('(c’è quando il servizio ha più domini)');
  });

  it('blocklists: the guide, the FAQ and the terms say the same', () => {
    const guide = articleText('guida-completa-email-temporanea');
    expect(guide).not.toMatch(/Non c’è modo di aggirarli/);
    for (const text of [guide, faqText])
      expect(text).toMatch(/dichiara di non accettare indirizzi temporanei/);
    expect(termsText).toContain('dove le regole di un servizio lo vietano espressamente');
  });

  it('the red sender mark says what DMARC knows, not that the mail is a fraud', () => {
    expect(faqText).not.toMatch(/quasi sempre un tentativo di phishing/);
    expect(faqText).toContain('mailing list');
    expect(strings.sender.spoofed('paypal.it')).not.toMatch(/non proviene davvero/);
    expect(strings.sender.spoofed('paypal.it')).toContain('paypal.it non conferma');
    expect(articleText('email-temporanea-contro-phishing')).toContain('mailing list');
  });

  it('figures are sourced, and the three-level split is advice', () => {
    const phishing = getArticle('email-temporanea-contro-phishing')?.blocks ?? [];
    const figures = phishing.find((b) => b.type === 'ul');
    expect(figures?.type === 'ul' && figures.items.length).toBeGreaterThan(0);
    for (const item of figures?.type === 'ul' ? figures.items : [])
      expect(item).toMatch(/Verizon|APWG|stesso rapporto/);
    expect(blocksToPlainText(phishing)).not.toMatch(/otto su dieci|secondo le stime più citate/);
    const alias = getArticle('email-temporanea-vs-alias')?.blocks ?? [];
    expect(blocksToPlainText(alias)).toContain('ti suggeriamo una ripartizione 70/25/5');
    const table = alias.find((b) => b.type === 'table' && b.head.includes('Quota suggerita'));
    expect(table).toBeDefined();
  });

  it('nothing calls the service anonymous: the IP is processed', () => {
    expect(strings.header.tagline).not.toMatch(/anonim/);
    for (const passage of passages)
      expect(passage).not.toMatch(/anonimato totale|(è|resta) (del tutto )?anonim[ao]\b/i);
    const table = getArticle('email-temporanea-vs-alias')?.blocks.find((b) => b.type === 'table');
    const row = table?.type === 'table' ? table.rows.find((r) => r[0] === 'Anonimato') : undefined;
    expect(row?.[1]).not.toBe('Totale');
    expect(row?.[1]).toContain('IP');
  });

  it('the .eml is what arrived with our trace fields on top, not byte for byte', () => {
    expect(apiText).not.toMatch(/byte per byte/);
    expect(apiText).toContain('Return-Path, Received e Authentication-Results');
  });

  it('the API page lists every error the API answers, with its status', () => {
    const statusOf = {
      BAD_REQUEST: '400',
      UNKNOWN_DOMAIN: '400',
      DOMAIN_RETIRED: '400',
      UNAUTHORIZED: '401',
      NOT_FOUND: '404',
      LIFETIME_EXCEEDED: '409',
      PAYLOAD_TOO_LARGE: '413',
      UNSUPPORTED_MEDIA_TYPE: '415',
      TOO_COMPLEX: '422',
      RATE_LIMITED: '429',
      INTERNAL: '500',
      UNAVAILABLE: '503',
    } satisfies Record<ErrorCode, string>;
    const table = developerApiBlocks.find((b) => b.type === 'table' && b.head.includes('code'));
    const rows = table?.type === 'table' ? table.rows.map((r) => [r[1], r[0]]) : [];
    expect(Object.fromEntries(rows)).toEqual(statusOf);
  });

  it('the API page says the stream caps hold per server, and the caps per client and token', () => {
    expect(apiText).toContain(
      `Su ogni server del servizio possono restare aperti al massimo ${apiLimits.streamsPerMailbox} stream di eventi per casella e ${MAX_STREAMS_PER_IP} per indirizzo IP`,
    );
    expect(apiText).toContain(`aperte al massimo ${HTTP_MAX_CONNECTIONS_PER_IP} connessioni`);
    expect(apiText).toContain(`al massimo ${VIEW_RATE_LIMIT_PER_MINUTE} volte al minuto per token`);
    expect(apiText).toContain(`per IPv6, ogni rete /${RATE_LIMIT_IPV6_PREFIX}`);
  });
});

describe('the legal pages', () => {
  /** The policy as it reads for other operator facts. */
  const policyFor = (facts: Partial<OperatorFacts>) =>
    plain(privacy.privacySections({ ...operator, ...facts }));

  it('name the controller, the provider and the hosting from the operator settings', () => {
    for (const value of [operator.name, operator.address, operator.taxId]) {
      expect(policy).toContain(value);
      expect(termsText).toContain(value);
    }
    expect(termsText).toContain(`Iscrizione al Registro delle imprese: ${operator.registry}`);
    expect(policy).toContain(`Responsabile della protezione dei dati (RPD): ${operator.dpo}`);
    expect(policy).toContain(`server forniti da ${operator.hosting}`);
    expect(policy).toContain(`si trovano i server e il loro risolutore DNS: ${operator.region}`);
    expect(policy).toContain(`fuori dallo Spazio economico europeo: ${operator.transfers}`);
    expect(policy).toContain(`il fornitore delle caselle di contatto, ${operator.contactMail}`);
    // Where the data are is the operator's to say, never a promise of the text.
    expect(policy).not.toMatch(/restano nello Spazio economico europeo|non li trasferiamo/);
  });

  it('show a placeholder no one can miss where a setting is unset', () => {
    expect(missingSetting('VITE_OPERATOR_NAME', 'nome')).toBe(
      '⚠ DATO MANCANTE: nome (impostazione VITE_OPERATOR_NAME)',
    );
    // The tests build without operator settings: every one of them reads as missing.
    for (const setting of Object.values(OPERATOR_SETTINGS))
      expect(`${policy}\n${termsText}`).toContain(missingSetting(setting.env, setting.what));
    expect(missingOperatorSettings({})).toEqual(Object.values(OPERATOR_SETTINGS).map((s) => s.env));
  });

  it('read the settings strictly: counts of at least 1, on or off', () => {
    const read = (env: Record<string, string>) => readOperatorSettings(env);
    expect(read({ VITE_LOG_RETENTION_DAYS: '14' }).logRetentionDays).toBe(14);
    for (const bad of ['0', '-3', '7.5', 'sette', ''])
      expect(read({ VITE_LOG_RETENTION_DAYS: bad }).logRetentionDays).toBeNull();
    expect(read({ VITE_SMTP_STARTTLS: 'on' }).smtpTls).toBe(true);
    expect(read({ VITE_SMTP_STARTTLS: ' OFF ' }).smtpTls).toBe(false);
    expect(read({ VITE_SMTP_STARTTLS: 'yes' }).smtpTls).toBeNull();
    expect(read({ VITE_OPERATOR_NAME: '  ' }).name).toBeNull();
    expect(missingOperatorSettings({ VITE_SMTP_STARTTLS: 'on' })).not.toContain(
      'VITE_SMTP_STARTTLS',
    );
  });

  it('state log retention, encryption and mail encryption as the operator sets them', () => {
    expect(policyFor({ logRetention: '14 giorni' })).toContain(
      'Conserviamo i registri del server e quelli del reverse proxy per 14 giorni',
    );
    expect(policy).not.toMatch(/dopo 7 giorni|per 7 giorni/);
    expect(policyFor({ https: true })).toContain('sono cifrate (HTTPS)');
    expect(policyFor({ https: false })).toContain('non usa connessioni cifrate');
    expect(policyFor({ smtpTls: true })).toContain(
      'cifrata (STARTTLS) quando il server del mittente lo consente',
    );
    expect(policyFor({ smtpTls: false })).toContain(
      'non offre la cifratura della posta in arrivo (STARTTLS)',
    );
    expect(policy).toContain('Cifratura della posta in arrivo (STARTTLS): ⚠ DATO MANCANTE');
    expect(policy).not.toContain('Le connessioni al sito sono cifrate.');
  });

  it('say what the server does with a message and that nothing leaves it', () => {
    expect(policy).not.toMatch(/non leggiamo né analizziamo|nulla esce dal server/i);
    for (const fact of [
      'legge una volta sola',
      'codice di verifica',
      'link di conferma',
      'HTML',
      'escono dai nostri server',
      'troppo complesso per essere letto',
      'Return-Path',
      'Received',
    ])
      expect(policy).toContain(fact);
    const faqPrivate = faq.find((e) => e.question === 'I miei messaggi sono privati?')?.answer;
    expect(faqPrivate).toContain('codice di verifica');
    expect(faqPrivate).toContain('controllare il mittente');
    expect(faqPrivate).not.toContain('non leggiamo la posta');
  });

  it('disclose the sender checks: DNS questions, stored results, forged fields in our name deleted', () => {
    for (const fact of [
      'SPF, DKIM e DMARC',
      'interroga il DNS',
      'risolutore DNS del servizio',
      'Authentication-Results',
      'il server le elimina',
      'Il contenuto del messaggio non viene mai inviato',
    ])
      expect(policy).toContain(fact);
  });

  it('disclose the record of refused mail and how many refusals it keeps', () => {
    expect(policy).toContain(`al massimo gli ultimi ${MAILBOX_MAX_REFUSALS} rifiuti`);
    expect(policy).toContain('vengono cancellati con la casella');
  });

  it('disclose every counter against abuse, with its limit and how IPv6 is counted', () => {
    for (const fact of [
      `al massimo ${RATE_LIMIT_CREATE_MAX} ogni ${formatWindow(RATE_LIMIT_CREATE_WINDOW_SECONDS)}`,
      `aperti nello stesso momento: al massimo ${MAX_STREAMS_PER_IP}`,
      `aperte nello stesso momento: al massimo ${HTTP_MAX_CONNECTIONS_PER_IP}`,
      `da uno stesso server mittente: al massimo ${formatMegabytes(SENDER_MAX_BYTES_PER_HOUR)}`,
      `da uno stesso indirizzo IP: al massimo ${formatMegabytes(CREATOR_MAX_BYTES_PER_HOUR)}`,
      `al massimo ${VIEW_RATE_LIMIT_PER_MINUTE} al minuto`,
      `rete /${RATE_LIMIT_IPV6_PREFIX}`,
      'sa da quale indirizzo IP è stata creata',
    ])
      expect(policy).toContain(fact);
  });

  it('describe the logs the server writes, the proxy’s access logs, and no fixed retention', () => {
    expect(policy).not.toMatch(/cancellazione automatica|annota soltanto avvii/);
    for (const fact of [
      'non registra le singole',
      'supera un limite di tempo: la riga contiene l’indirizzo IP',
      'modalità di emergenza',
      'il mittente e i destinatari dichiarati nella consegna',
      'reverse proxy',
      'I registri tecnici (log)',
      `per ${operator.logRetention}`,
    ])
      expect(policy).toContain(fact);
  });

  it('disclose the role mailboxes: never expire, read by us, kept as the operator sets', () => {
    for (const fact of [
      'postmaster@',
      'abuse@',
      'Non scadono',
      'li leggiamo noi',
      `al più tardi dopo ${operator.correspondenceRetention}`,
      `ogni server mittente può occuparne al massimo il ${ROLE_MAILBOX_SENDER_SHARE_PERCENT}%`,
      'insieme a ogni messaggio conserviamo l’indirizzo IP del server che lo ha consegnato',
    ])
      expect(policy).toContain(fact);
    expect(policy).not.toContain('nessuna persona li legge');
  });

  it('keep only a digest of an expired address, for the configured days', () => {
    expect(policy).not.toContain('il solo indirizzo scaduto');
    expect(policy).toContain(
      `per ${TOMBSTONE_DAYS} giorni solo un’impronta (hash) del suo indirizzo`,
    );
  });

  it('state the mailbox’s life: the reset and the cap, the role mailboxes apart', () => {
    expect(policy).toContain(
      `${formatWindow(MAILBOX_TTL_SECONDS)} dalla creazione o dall’ultima estensione, e al massimo ${MAILBOX_MAX_LIFETIME_SECONDS / 60} minuti dalla creazione`,
    );
  });

  it('inform the senders, who are not party to the service (GDPR art. 14)', () => {
    for (const fact of [
      'Chi invia posta alle nostre caselle',
      'art. 14, par. 2, lett. f GDPR',
      'art. 14, par. 5, lett. b GDPR',
      'art. 6, par. 1, lett. f',
      'Abbiamo valutato che questi interessi non prevalgono',
    ])
      expect(`${policy}\n${privacy.sections.map((s) => s.title).join('\n')}`).toContain(fact);
  });

  it('show the right to object apart, before the processing is described (art. 21(4))', () => {
    const titles = privacy.sections.map((s) => s.title);
    const objection = titles.indexOf('Il tuo diritto di opporti');
    expect(objection).toBeGreaterThan(0);
    expect(objection).toBeLessThan(titles.indexOf('Quali dati trattiamo'));
    const section = privacy.sections[objection]!;
    expect(section.blocks).toHaveLength(1);
    expect(blocksToPlainText(section.blocks)).toContain('art. 21 GDPR');
  });

  it('name the processors and every recipient', () => {
    expect(policy).toContain('nominato responsabile del trattamento ai sensi dell’art. 28 GDPR');
    expect(policy).toContain('anch’esso responsabile del trattamento');
    expect(policy).toContain('i server DNS a cui il risolutore del servizio rivolge le domande');
    expect(policy).toContain('pacchetto email-temporanea');
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
    expect(termsText).not.toMatch(/indenni|così com|come disponibile|fa parte integrante/);
    expect(termsText).not.toMatch(/non rispondiamo delle conseguenze/);
    expect(termsText).toContain('Codice del consumo');
    expect(termsText).toContain('dolo o colpa grave');
    expect(termsText).toContain('L’informativa non fa parte di questi termini');
    // Blocking at once is for cause only, and says why.
    expect(termsText).toContain('Possiamo bloccare subito, senza preavviso, solo il traffico');
    expect(termsText).toContain('una risposta con il motivo del rifiuto');
    expect(terms.sections.some((s) => s.title === 'Minori')).toBe(true);
    expect(terms.sections.some((s) => s.title === 'Chi fornisce il servizio')).toBe(true);
  });

  it('give the creation limit as a number and an address for vulnerabilities', () => {
    expect(termsText).not.toContain('in numero anomalo');
    expect(termsText).toContain(
      `superare il limite di ${RATE_LIMIT_CREATE_MAX} ogni ${formatWindow(RATE_LIMIT_CREATE_WINDOW_SECONDS)}`,
    );
    expect(terms.sections.some((s) => s.title === 'Segnalare una vulnerabilità')).toBe(true);
    expect(termsText).toContain(CONTACT_EMAILS.security);
  });

  it('apply the Digital Services Act’s duties of an intermediary that stores content', () => {
    for (const fact of [
      'Regolamento (UE) 2022/2065',
      'artt. 11 e 12 DSA',
      `scrivi a ${CONTACT_EMAILS.abuse}`,
      'art. 16 DSA',
      'art. 17 DSA',
      'in italiano o in inglese',
    ])
      expect(termsText).toContain(fact);
  });

  it('the ad placeholder says it holds no third-party code, as the policy does', () => {
    expect(strings.ads.note).toContain('nessun codice');
    expect(strings.ads.note).toContain('terze parti');
    expect(policy).toContain('segnaposto vuoti');
  });
});
