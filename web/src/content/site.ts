import { PRODUCT_NAME } from '@et/common';
import type { Article } from './articles/article';
import { CONTACT_DOMAIN } from './domain';

/** Appended to page titles; a page title stays within {@link MAX_TITLE_LENGTH} characters. */
export const TITLE_SUFFIX = ` | ${PRODUCT_NAME}`;

/** Longest `<title>` search engines show in full. */
export const MAX_TITLE_LENGTH = 60;

/** Contact mailboxes shown to visitors. */
export const CONTACT_EMAILS = {
  /** Data-protection requests (GDPR rights), answered within a month (GDPR art. 12). */
  privacy: `privacy@${CONTACT_DOMAIN}`,
  /**
   * Everything else, answered in 24-48 working hours; also the single point of contact of the
   * Digital Services Act (arts. 11 and 12) for authorities and visitors.
   */
  support: `supporto@${CONTACT_DOMAIN}`,
  /** Reports of security vulnerabilities. */
  security: `sicurezza@${CONTACT_DOMAIN}`,
  /**
   * Reports of abuse and notices of illegal content (Digital Services Act art. 16): the role
   * mailbox every mail domain has (RFC 2142), read by the operator.
   */
  abuse: `abuse@${CONTACT_DOMAIN}`,
} as const;

/** The content routes with fixed paths (articles live under `/blog/{slug}`). */
export type ContentRoute =
  | '/faq'
  | '/privacy'
  | '/terms'
  | '/blog'
  | '/guida-privacy'
  | '/sicurezza-online'
  | '/casi-uso'
  | '/api';

/** Text of one page outside its body: what goes in `<head>` and above the content. */
export interface PageText {
  /** `<title>`: unique per page, at most 60 characters. */
  title: string;
  /** Meta description, 120-160 characters. */
  description: string;
  /** The visible `<h1>`. */
  heading: string;
  /** Short paragraph under the heading. */
  intro: string;
}

/** Head and heading text of every fixed content route. */
export const pages: Record<ContentRoute, PageText> = {
  '/faq': {
    title: `Domande frequenti${TITLE_SUFFIX}`,
    description:
      'Quanto dura l’indirizzo, come estenderlo, allegati, privacy e browser supportati: le risposte alle 20 domande più comuni sull’email usa e getta.',
    heading: 'Domande frequenti',
    intro: `Le risposte alle domande che riceviamo più spesso su ${PRODUCT_NAME}. Se la tua non c’è, scrivici: di solito rispondiamo in 24-48 ore lavorative.`,
  },
  '/privacy': {
    title: `Informativa sulla privacy${TITLE_SUFFIX}`,
    description:
      'Quali dati tratta il servizio, per quanto li conserva e come esercitare i diritti GDPR. Niente registrazione, niente cookie, caselle cancellate alla scadenza.',
    heading: 'Informativa sulla privacy',
    intro: `Come ${PRODUCT_NAME} tratta i dati di chi usa il servizio e di chi vi invia posta, spiegato senza giri di parole.`,
  },
  '/terms': {
    title: `Termini di servizio${TITLE_SUFFIX}`,
    description:
      'Le regole d’uso del servizio di email temporanea gratuito: cosa offre, cosa è vietato, limiti di responsabilità e legge applicabile. Leggile prima di usarlo.',
    heading: 'Termini di servizio',
    intro: `Le condizioni che valgono per chiunque usi ${PRODUCT_NAME}. Sono brevi e scritte per essere lette.`,
  },
  '/blog': {
    title: `Blog: privacy, spam e sicurezza${TITLE_SUFFIX}`,
    description:
      'Articoli pratici su email temporanee, spam, phishing e privacy online: guide chiare per proteggere la tua casella di posta e i tuoi dati personali ogni giorno.',
    heading: 'Blog',
    intro:
      'Guide e approfondimenti per difendere la tua casella di posta: quando usare un indirizzo usa e getta, come fermare lo spam, come riconoscere il phishing e cosa fare dopo una violazione di dati.',
  },
  '/guida-privacy': {
    title: `Guida alla privacy${TITLE_SUFFIX}`,
    description:
      'Proteggi email, browser e profili social, scopri quando serve una VPN ed esercita i tuoi diritti GDPR. Con una checklist finale per mettere tutto in pratica.',
    heading: 'Guida alla privacy: proteggi i tuoi dati, passo dopo passo',
    intro:
      'Dalla casella di posta ai social network, le impostazioni e le abitudini che riducono le informazioni che lasci online, più i diritti che il GDPR ti riconosce e come farli valere.',
  },
  '/sicurezza-online': {
    title: `Sicurezza online: la guida pratica${TITLE_SUFFIX}`,
    description:
      'Minacce comuni, password robuste, PIN, autenticazione a due fattori, smartphone e Wi-Fi pubblico: le regole essenziali e una checklist per ogni settimana.',
    heading: 'Sicurezza online: le regole essenziali',
    intro:
      'Le minacce più diffuse, come creare password e PIN robusti, perché attivare l’autenticazione a due fattori, come proteggere smartphone e reti Wi-Fi pubbliche.',
  },
  '/casi-uso': {
    title: `Casi d’uso dell’email temporanea${TITLE_SUFFIX}`,
    description:
      'Quindici situazioni in cui un indirizzo usa e getta ti evita spam e tracciamento, ciascuna con i passi da seguire, e i casi in cui usare la tua email.',
    heading: 'Casi d’uso: quando conviene un’email temporanea',
    intro: `Quindici situazioni concrete in cui un indirizzo di ${PRODUCT_NAME} protegge la tua casella da spam e tracciamento, ciascuna con i passi da seguire, e i casi in cui è meglio usare la tua email personale.`,
  },
  '/api': {
    title: `API per sviluppatori${TITLE_SUFFIX}`,
    description:
      'Crea indirizzi temporanei da uno script, attendi la posta con gli eventi o il polling e leggi il codice di verifica: l’API JSON con esempi curl e JavaScript.',
    heading: 'API per sviluppatori',
    intro:
      'Crea indirizzi usa e getta, ricevi la posta e leggi i codici di verifica dai tuoi script e dai test automatici con una semplice API JSON: niente registrazione, niente chiavi.',
  },
};

/** Every internal path a link may point to, besides the article pages. */
export const STATIC_ROUTES = ['/', ...(Object.keys(pages) as ContentRoute[])] as const;

/** Path of an article page. */
export function articlePath(slug: string): string {
  return `/blog/${slug}`;
}

/** `<title>` of an article page: the headline, with the site suffix when it fits. */
export function articlePageTitle(article: Pick<Article, 'title'>): string {
  const withSuffix = `${article.title}${TITLE_SUFFIX}`;
  return withSuffix.length <= MAX_TITLE_LENGTH ? withSuffix : article.title;
}

/** The not-found page (any unknown path). */
export const notFoundPage = {
  title: `Pagina non trovata${TITLE_SUFFIX}`,
  description:
    'La pagina che cercavi non esiste o è stata spostata. Dalla pagina iniziale generi un indirizzo email temporaneo gratuito in un istante, senza registrazione.',
  code: '404',
  heading: 'Pagina non trovata',
  text: 'L’indirizzo che hai aperto non corrisponde a nessuna pagina del sito. Forse il link è sbagliato o la pagina è stata spostata.',
  homeLink: 'Torna alla pagina iniziale',
} as const;

/** Labels of the back links above the content. */
export const backLinks = {
  /** On article pages, to `/blog`. */
  blog: 'Torna al blog',
  /** On every other content page, to `/`. */
  home: 'Torna alla pagina iniziale',
} as const;

/** Names of the breadcrumb items (also used in the JSON-LD `BreadcrumbList`). */
export const breadcrumbNames = { home: 'Pagina iniziale', blog: 'Blog' } as const;

/** Small labels used by the blog list, article pages and legal pages. */
export const labels = {
  /** Reading time on a card or an article, e.g. `8 min di lettura`. */
  readTime: (minutes: number) => `${minutes} min di lettura`,
  /** Link text at the bottom of a blog card. */
  readArticle: 'Leggi l’articolo',
  /** Prefix of the publication date on an article page, before {@link dateArticle}. */
  published: 'Pubblicato',
  /** Prefix of the revision date on an article page, before {@link dateArticle}. */
  updated: 'Aggiornato',
  /** Prefix of the date on the legal pages. */
  lastUpdated: 'Ultimo aggiornamento:',
  /** Heading of the table of contents on long pages. */
  tableOfContents: 'In questa pagina',
  /** Heading of the links to other articles at the end of an article. */
  moreArticles: 'Continua a leggere',
  /** Name of the list of article cards on `/blog`, for assistive technology. */
  articleList: 'Tutti gli articoli',
} as const;

/** The copy button of a code sample (`/api`). */
export const codeLabels = {
  copy: 'Copia',
  copied: 'Copiato',
  /** Name of the button for assistive technology: which sample it copies. */
  copyLabel: (caption: string) => `Copia il codice: ${caption}`,
} as const;

/**
 * The article in front of a date written by {@link formatDateIt}: `l’` before the days read with
 * a vowel (`l’8 gennaio`, `l’11 gennaio`), `il ` otherwise (`il 15 gennaio`, `il 1º marzo`).
 */
export function dateArticle(isoDate: string): string {
  const day = Number(isoDate.slice(8, 10));
  return day === 8 || day === 11 ? 'l’' : 'il ';
}

const MONTHS_IT = [
  'gennaio',
  'febbraio',
  'marzo',
  'aprile',
  'maggio',
  'giugno',
  'luglio',
  'agosto',
  'settembre',
  'ottobre',
  'novembre',
  'dicembre',
] as const;

/**
 * An ISO date (`2025-01-15`) in Italian words (`15 gennaio 2025`, `1º marzo 2025`). Written by hand rather than
 * with `Intl` so that the prerendered HTML and the browser always produce the same string.
 */
export function formatDateIt(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-').map(Number);
  const name = MONTHS_IT[(month ?? 1) - 1];
  if (!year || !day || !name) return isoDate;
  return `${day === 1 ? '1º' : day} ${name} ${year}`;
}
