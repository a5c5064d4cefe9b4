/**
 * Every Italian word a visitor sees on the generator, its toasts and the shared frame lives here
 * (longer texts: `home.ts`; the words only lazily loaded parts show: `mailbox-tools.ts`,
 * `message-reader.ts`, `refusal-notice.ts`). The strings the product's first specification
 * quotes keep its wording ('Email copiata!', 'Hai altri 10 minuti', 'Controllo nuovi messaggi in
 * corso...', 'Inbox'...); `language.test.ts` lists them.
 */
import { MAILBOX_MAX_LIFETIME_SECONDS, PRODUCT_NAME } from '@et/common';

/** The longest whole life of an address, in the minutes the site states ("10-60 minuti"). */
const LONGEST_LIFE = `${Math.round(MAILBOX_MAX_LIFETIME_SECONDS / 60)} minuti`;

export const strings = {
  common: {
    close: 'Chiudi',
    error: 'Errore',
    loading: 'Caricamento…',
  },

  meta: {
    homeTitle: `${PRODUCT_NAME} – indirizzo email usa e getta gratuito`,
    /** Meta description of the home page (120-160 characters, like every page's). */
    homeDescription:
      'Indirizzo email usa e getta gratuito, pronto all’istante e valido 10 minuti: ricevi posta in tempo reale senza registrazione e tieni lo spam lontano.',
  },

  /**
   * The installed app's words, in `public/manifest.webmanifest` (a static file, which a test
   * keeps equal to these): the name under the icon and the description of the install dialog.
   */
  webApp: {
    name: PRODUCT_NAME,
    shortName: 'Email Temp',
    description:
      'Un indirizzo email usa e getta pronto all’istante: la posta arriva in tempo reale, con una notifica se lo vuoi, e tutto si cancella da sé alla scadenza.',
  },

  header: {
    homeLink: `${PRODUCT_NAME}, torna alla pagina iniziale`,
    tagline: 'Gratis, senza registrazione, si cancella da sola',
  },

  footer: {
    navLabel: 'Collegamenti del sito',
    links: {
      home: 'Pagina iniziale',
      blog: 'Blog',
      faq: 'FAQ',
      api: 'API',
      privacy: 'Privacy',
      terms: 'Termini di servizio',
    },
    /** From the first publication to the latest change of the content (`content-years.ts`). */
    copyright: (first: number, last: number) =>
      `© ${first}–${last} ${PRODUCT_NAME}. Tutti i diritti riservati.`,
    note: 'Un servizio gratuito per proteggere la tua casella principale dallo spam.',
  },

  ads: {
    label: 'Spazio pubblicitario',
    /** Says what the box is: an empty placeholder, no ad network behind it. */
    note: 'Segnaposto vuoto: nessun codice o contenuto di terze parti',
  },

  hero: {
    eyebrow: 'Casella usa e getta',
    title: 'Il tuo indirizzo email temporaneo è pronto',
    lead: 'Usalo per iscrizioni, prove gratuite e download. La posta arriva qui in tempo reale e dopo 10 minuti indirizzo e messaggi vengono cancellati per sempre.',
  },

  mailbox: {
    cardTitle: 'Il tuo indirizzo',
    cardHint: 'Copialo e incollalo dove ti viene chiesta un’email.',
    creating: 'Creazione dell’indirizzo in corso…',
    expired: 'Indirizzo scaduto',
    failed: 'Nessun indirizzo disponibile',
    copy: 'Copia',
    copied: 'Copiato',
    copyLabel: 'Copia l’indirizzo negli appunti',
    newAddress: 'Nuovo indirizzo',
    newAddressLabel: 'Crea un nuovo indirizzo e svuota l’inbox',
    countdownTitle: 'Tempo rimasto',
    countdownLabel: (time: string) => `Tempo rimasto prima della cancellazione: ${time}`,
    countdownHint: 'Poi indirizzo e messaggi vengono cancellati.',
    countdownExpiredHint: 'L’indirizzo è stato cancellato.',
    extend: 'Estendi',
    extendLabel: 'Riporta il tempo rimasto a 10 minuti',
    /** 'Estendi' once the address has reached its longest life. */
    extendAtLimit: 'Durata massima raggiunta',
    extendAtLimitLabel: `Un indirizzo vive al massimo ${LONGEST_LIFE}: questo non si può più estendere`,
    countdownLimitHint: `Un indirizzo vive al massimo ${LONGEST_LIFE}: allo scadere del tempo indirizzo e messaggi vengono cancellati.`,
  },

  /** 'Cambia dominio' in the address card, shown only when the service has several domains. */
  domainMenu: {
    trigger: 'Cambia dominio',
    triggerLabel:
      'Crea un nuovo indirizzo casuale su un altro dominio, utile se un sito rifiuta quello attuale. L’inbox si svuota.',
    menuLabel: 'Domini disponibili',
    unavailable: 'Dominio non più disponibile',
    unavailableDescription: (domain: string) =>
      `Su ${domain} non si creano più indirizzi: te ne diamo uno su un altro dominio.`,
  },

  inbox: {
    title: 'Inbox',
    countLabel: (n: number) => (n === 1 ? '1 messaggio' : `${n} messaggi`),
    refresh: 'Aggiorna',
    refreshLabel: 'Controlla se sono arrivati nuovi messaggi',
    clear: 'Svuota inbox',
    clearLabel: 'Elimina tutti i messaggi',
    liveOn: 'In tempo reale',
    liveOff: 'Controllo ogni 10 secondi',
    liveOnHint: 'Collegamento attivo: i nuovi messaggi compaiono appena arrivano.',
    liveOffHint:
      'Collegamento in tempo reale non disponibile: l’inbox si aggiorna ogni 10 secondi.',
    emptyTitle: 'Nessuna email ricevuta',
    emptyHint:
      'Le email inviate al tuo indirizzo compariranno qui in tempo reale, senza ricaricare la pagina.',
    waitingTitle: 'In attesa di un indirizzo',
    waitingHint: 'Crea un nuovo indirizzo per ricevere posta.',
    listLabel: 'Messaggi ricevuti',
    noSubject: '(nessun oggetto)',
    unknownSender: 'Mittente sconosciuto',
    attachment: 'Allegato',
    unread: 'Non letto',
    openLabel: (sender: string, subject: string) => `Apri il messaggio di ${sender}: ${subject}`,
    deleteLabel: (subject: string) => `Elimina il messaggio «${subject}»`,
  },

  /** The inbox row's own; the reader's words: `message-reader.ts`. */
  message: {
    delete: 'Elimina',
  },

  toasts: {
    created: `${PRODUCT_NAME} creata!`,
    createFailed: `Impossibile creare l’${PRODUCT_NAME}`,
    rateLimited: 'Hai creato troppi indirizzi in poco tempo. Riprova tra qualche minuto.',
    /** The server said how long to wait (`Retry-After`, in seconds). */
    rateLimitedFor: (seconds: number) =>
      `Hai creato troppi indirizzi in poco tempo. Riprova tra ${italianWait(seconds)}.`,
    unreachable: 'Impossibile contattare il server. Riprova tra qualche istante.',
    copied: 'Email copiata!',
    copiedDescription: 'L’indirizzo è stato copiato negli appunti',
    copyFailed: 'Impossibile copiare l’indirizzo',
    extended: 'Tempo esteso!',
    extendedDescription: 'Hai altri 10 minuti',
    extendFailed: 'Impossibile estendere il tempo',
    /** The extension that reached the longest life: the last one. */
    extendedToLimitDescription: `Ultima estensione: un indirizzo vive al massimo ${LONGEST_LIFE}.`,
    lifetimeReached: 'Durata massima raggiunta',
    lifetimeReachedDescription: `Un indirizzo vive al massimo ${LONGEST_LIFE} e questo non si può estendere oltre. Quando scade, «Nuovo indirizzo» te ne dà un altro.`,
    expired: 'Tempo scaduto!',
    expiredDescription:
      'L’indirizzo e i suoi messaggi sono stati eliminati. Premi «Nuovo indirizzo» per crearne un altro.',
    newMail: 'Nuova email ricevuta!',
    newMailFrom: (sender: string) => `Da ${sender}`,
    newMailMany: (n: number) => `${n} nuovi messaggi nell’inbox`,
    checking: 'Controllo nuovi messaggi in corso...',
    deleted: 'Email eliminata',
    deleteFailed: 'Impossibile eliminare l’email',
    cleared: 'Inbox svuotata',
    clearFailed: 'Impossibile svuotare l’inbox',
  },

  toaster: {
    region: 'Notifiche',
    close: 'Chiudi la notifica',
  },

  theme: {
    groupLabel: 'Tema dei colori',
    system: 'Tema automatico, come il dispositivo',
    light: 'Tema chiaro',
    dark: 'Tema scuro',
  },

  /** The row of extra actions under the address: phone, notifications, delete. */
  mailboxActions: {
    label: 'Altre azioni sulla casella',
    openOnPhone: 'Apri sul telefono',
    openOnPhoneLabel: 'Mostra un codice QR per aprire questa casella su un altro dispositivo',
    deleteNow: 'Elimina tutto ora',
    deleteNowLabel: 'Cancella subito dal server l’indirizzo e tutti i messaggi',
  },

  /** A visitor arriving through the link of 'Apri sul telefono'. */
  sharedLink: {
    opened: 'Casella aperta su questo dispositivo',
    invalid: 'Link non più valido',
    invalidDescription:
      'La casella di quel link è scaduta o è stata eliminata, quindi non si può più aprire. Puoi usare l’indirizzo che vedi nella pagina.',
  },

  /** After 'Elimina tutto ora' (the confirmation dialog's own texts: `mailbox-tools.ts`). */
  deleteNow: {
    done: 'Tutto eliminato',
    doneDescription: 'Indirizzo e messaggi non esistono più. Eccoti un nuovo indirizzo pulito.',
    failed: 'Impossibile eliminare la casella. Riprova tra qualche istante.',
  },

  /** The one-time code found in a message: the inbox row's chip, the copy toasts. */
  verification: {
    chip: 'Codice',
    chipLabel: (code: string) => `Copia il codice ${code}`,
    copied: 'Codice copiato!',
    copiedDescription: (code: string) =>
      `${code} è negli appunti: incollalo dove ti viene chiesto.`,
    copyFailed: 'Impossibile copiare il codice',
  },

  /** What our server found out about who sent a message (SPF, DKIM, DMARC on arrival). */
  sender: {
    verified: (domain: string) => `Mittente verificato: ${domain}`,
    /** DMARC failed: a forgery, or a real message forwarded or sent through a list. */
    spoofed: (domain: string) =>
      `Attenzione: ${domain} non conferma di aver inviato questo messaggio`,
    spoofedShort: 'Mittente sospetto',
    spoofedCode: (code: string, domain: string) =>
      `Copia il codice ${code}. Attenzione: ${domain} non conferma di aver inviato questo messaggio`,
  },
} as const;

/** A wait in words: '45 secondi', '1 minuto', '7 minuti' (minutes rounded up). */
export function italianWait(seconds: number): string {
  if (seconds < 60) return seconds <= 1 ? '1 secondo' : `${seconds} secondi`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minuto' : `${minutes} minuti`;
}
