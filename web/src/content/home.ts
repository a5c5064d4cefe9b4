/**
 * The longer texts of the home page: the explanatory sections under the generator and the
 * six-question FAQ. Written for this product; facts follow the spec and the shared limits (10
 * minutes, 'Estendi' resets to 10 minutes up to the lifetime cap, receive-only, everything deleted
 * at expiry).
 */
import { PRODUCT_NAME } from '@et/common';
import { limits } from './limits';

/** One explanatory section of the home page. */
export interface HomeSection {
  /** Fragment id, so the footer or a guide can link to the section. */
  id: string;
  title: string;
  paragraphs: string[];
  /** Optional bullet points (or steps, when `ordered`). */
  items?: { title: string; text: string }[];
  ordered?: boolean;
}

export const homeSections: HomeSection[] = [
  {
    id: 'cos-e',
    title: 'Che cos’è un indirizzo email temporaneo?',
    paragraphs: [
      `Un indirizzo email temporaneo è una casella di posta vera, capace di ricevere messaggi, che esiste solo per pochi minuti. ${PRODUCT_NAME} te ne assegna uno a caso appena apri la pagina: nessun modulo da compilare, nessuna password da ricordare.`,
      `Lo usi al posto della tua email personale quando un sito pretende un indirizzo ma tu non hai intenzione di ricevere la sua posta per sempre. Il codice di conferma arriva, tu completi l’iscrizione, e dopo ${limits.ttl} la casella sparisce insieme a tutto il suo contenuto.`,
    ],
  },
  {
    id: 'perche',
    title: 'Perché usare un’email usa e getta',
    paragraphs: [
      'Ogni volta che lasci il tuo indirizzo principale a un servizio sconosciuto, quell’indirizzo può finire in liste di marketing, essere venduto o comparire in una violazione di dati. Un indirizzo temporaneo interrompe questa catena prima che cominci.',
    ],
    items: [
      {
        title: 'Meno spam',
        text: 'Newsletter e promozioni non richieste arrivano a una casella che tra poco non esisterà più, non alla tua.',
      },
      {
        title: 'Più privacy',
        text: 'Non serve registrarsi e non ti chiediamo alcun dato personale: l’indirizzo non porta il tuo nome e non è legato a un account.',
      },
      {
        title: 'Meno rischi',
        text: 'Se il sito a cui ti sei iscritto subisce un furto di dati, i truffatori si ritrovano in mano un indirizzo già cancellato.',
      },
      {
        title: 'Nessun tracciamento',
        text: 'Le immagini remote dei messaggi restano bloccate finché non scegli tu di mostrarle, così i pixel spia non sanno se hai letto.',
      },
    ],
  },
  {
    id: 'come-funziona',
    title: `Come funziona ${PRODUCT_NAME}`,
    paragraphs: ['Bastano pochi secondi, e non c’è niente da installare.'],
    ordered: true,
    items: [
      {
        title: 'Copia l’indirizzo',
        text: 'Un indirizzo nuovo è già pronto in cima alla pagina: premi «Copia» e incollalo nel modulo del sito. Se il sito non lo accetta e sopra l’indirizzo trovi «Cambia dominio», prova con un indirizzo su un altro dominio.',
      },
      {
        title: 'Ricevi la posta',
        text: 'I messaggi compaiono nell’inbox in tempo reale, senza ricaricare. Aprili per leggere il testo, vedere la versione HTML e scaricare gli allegati.',
      },
      {
        title: 'Lascia che si cancelli',
        text: `Dopo ${limits.ttl} indirizzo, messaggi e allegati vengono eliminati dal server. Ti serve più tempo? Premi «Estendi» e il conto alla rovescia riparte da ${limits.ttl}, fino a ${limits.maxLifetime} dalla creazione.`,
      },
    ],
  },
];

/** One question of the short FAQ on the home page. */
export interface HomeFaqEntry {
  question: string;
  answer: string;
}

export const homeFaqTitle = 'Domande frequenti';

export const homeFaq: HomeFaqEntry[] = [
  {
    question: `${PRODUCT_NAME} è davvero gratuita?`,
    answer: `Sì, completamente: non ci sono piani a pagamento né funzioni riservate. I limiti servono solo a tenere il servizio in piedi per tutti: una casella conserva fino a ${limits.mailboxMessages} messaggi e ${limits.mailboxSize} in tutto, e ogni messaggio può pesare al massimo ${limits.messageSize}.`,
  },
  {
    question: 'Per quanto tempo resta attivo l’indirizzo?',
    answer: `${limits.ttl} dalla creazione. Il conto alla rovescia ti mostra il tempo che resta e con «Estendi» puoi riportarlo a ${limits.ttl} più volte, finché l’indirizzo è attivo e fino a ${limits.maxLifetime} dalla creazione.`,
  },
  {
    question: 'Se ricarico la pagina perdo l’indirizzo?',
    answer:
      'No. Finché l’indirizzo è attivo, ricaricando la pagina in questa scheda ritrovi lo stesso indirizzo e i messaggi già ricevuti. Se vuoi ricominciare da capo, premi «Nuovo indirizzo».',
  },
  {
    question: 'Posso inviare email da questo indirizzo?',
    answer:
      'No, il servizio riceve soltanto. Così nessuno può usarlo per spedire spam o truffe e i siti continuano ad accettare i nostri indirizzi.',
  },
  {
    question: 'Dopo quanto arrivano i messaggi?',
    answer:
      'Di norma entro uno o due minuti, spesso in pochi secondi: dipende dal sito che invia. Il messaggio compare da solo nell’inbox e il numero di email non lette appare anche nel titolo della scheda.',
  },
  {
    question: 'Cosa succede ai miei dati alla scadenza?',
    answer: `L’indirizzo, i messaggi e gli allegati vengono cancellati in modo definitivo dal server pochi secondi dopo la scadenza. Le email inviate in seguito a quell’indirizzo vengono rifiutate, e per ${limits.tombstoneDays} giorni l’indirizzo resta riservato: in quel periodo non può essere assegnato a nessun altro.`,
  },
];
