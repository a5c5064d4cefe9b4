import type { Block } from '../blocks';
import type { Guide } from './guide';
import { pages } from '../site';

/** One use case of `/casi-uso`: a short title and a paragraph of inline text. */
export interface UseCase {
  title: string;
  text: string;
}

/** The fifteen use cases, in display order. */
export const useCases: UseCase[] = [
  {
    title: 'Scaricare risorse gratuite',
    text: 'Ebook, modelli, guide in PDF e white paper vengono spesso regalati in cambio di un indirizzo, che poi alimenta una lista di marketing. Ricevi il link di download e lascia che la lista resti senza destinatario.',
  },
  {
    title: 'Ottenere un codice sconto di benvenuto',
    text: 'Lo sconto sul primo ordine arriva in pochi secondi. Copia subito il codice: dieci minuti dopo la casella sparisce, e con lei tutte le newsletter promozionali che sarebbero seguite.',
  },
  {
    title: 'Attivare una prova gratuita',
    text: 'Provi un programma o un servizio online senza impegnarti. Se ti convince, crei poi l’account definitivo con la tua email, così potrai ricevere fatture e recuperare la password.',
  },
  {
    title: 'Fare una domanda in un forum',
    text: 'Una sola domanda in una community non giustifica anni di notifiche e riepiloghi. Registrati, chiedi, leggi le risposte direttamente sul forum.',
  },
  {
    title: 'Esplorare un sito che non conosci',
    text: 'Se non sai chi gestisce un sito né come tratterà i tuoi dati, entra con un indirizzo usa e getta. Se si rivela affidabile, potrai sempre aggiornare l’indirizzo in seguito.',
  },
  {
    title: 'Partecipare a concorsi e giveaway',
    text: 'Molti concorsi servono soprattutto a raccogliere contatti. Usa l’indirizzo temporaneo per quelli di poco conto; se il premio ti interessa davvero, ricorda che la comunicazione della vincita arriverebbe a una casella scaduta.',
  },
  {
    title: 'Iscriverti a un webinar',
    text: 'Perfetto quando il link di accesso arriva subito dopo l’iscrizione e l’evento è imminente. Se il link viene inviato giorni dopo, meglio un alias.',
  },
  {
    title: 'Leggere oltre un paywall leggero',
    text: 'Alcune testate sbloccano qualche articolo in più in cambio della registrazione. Conferma l’account con un indirizzo temporaneo e continua a leggere senza riempire la tua casella.',
  },
  {
    title: 'Test di sviluppo e QA',
    text: 'Sviluppatori e tester possono generare un indirizzo nuovo per ogni prova e verificare email di benvenuto, conferme, recupero password e allegati, simulando tanti utenti diversi.',
  },
  {
    title: 'Un acquisto una tantum',
    text: 'Compri una sola volta da un negozio che non conosci? Evita le sue campagne promozionali, ma salva subito conferma d’ordine e dati di spedizione. Per acquisti costosi o con garanzia usa un indirizzo stabile.',
  },
  {
    title: 'Collegarti al Wi-Fi di hotel, aeroporti e locali',
    text: 'Molte reti pubbliche chiedono un indirizzo email per concederti l’accesso e poi lo usano per scopi promozionali. Un indirizzo usa e getta ti fa navigare senza regalare il tuo contatto.',
  },
  {
    title: 'Ricevere un preventivo o un calcolo online',
    text: 'Simulatori di mutuo, calcolatori di consumi e configuratori spesso inviano il risultato via email. Lo leggi subito e il sito non ti tempesterà di proposte commerciali nelle settimane successive.',
  },
  {
    title: 'Commentare su blog e siti di notizie',
    text: 'Diversi siti chiedono un indirizzo per pubblicare un commento, a volte con un link di conferma. Puoi dire la tua senza legare il commento al tuo indirizzo personale.',
  },
  {
    title: 'Controllare le email che invii',
    text: 'Se gestisci una newsletter o un sito che invia messaggi automatici, iscriviti con un indirizzo temporaneo per vedere cosa ricevono davvero i tuoi iscritti: oggetto, testo, link e allegati.',
  },
  {
    title: 'Ricevere un file una volta sola',
    text: 'Qualcuno deve mandarti un documento o una foto e non vuoi dargli il tuo indirizzo personale? Comunicagli quello temporaneo, scarica l’allegato e la casella si cancellerà da sola.',
  },
];

const useCaseBlocks: Block[] = useCases.flatMap((useCase, index): Block[] => [
  { type: 'h3', text: `${index + 1}. ${useCase.title}` },
  { type: 'p', text: useCase.text },
]);

/** `/casi-uso`: fifteen use cases and when not to use a temporary address. */
export const guide: Guide = {
  title: pages['/casi-uso'].heading,
  description: pages['/casi-uso'].intro,
  blocks: [
    {
      type: 'p',
      text: 'Un indirizzo che vive dieci minuti, estendibili con un clic, è perfetto ogni volta che devi ricevere qualcosa subito e non vuoi che il mittente possa scriverti in futuro. Ecco le situazioni in cui fa la differenza.',
    },
    { type: 'h2', text: 'Quindici casi in cui conviene', id: 'casi' },
    ...useCaseBlocks,
    {
      type: 'callout',
      tone: 'tip',
      title: 'Tieni aperta la scheda',
      text: 'L’accesso alla casella resta nella scheda del browser in cui l’hai creata. Lasciala aperta finché non hai ricevuto ciò che ti serve, e se il sito è lento premi «Estendi» per tornare a dieci minuti pieni.',
    },
    { type: 'h2', text: 'Quando non usarla', id: 'quando-no' },
    {
      type: 'p',
      text: 'La stessa caratteristica che rende utile un’email temporanea, cioè il fatto che sparisce, diventa un problema quando avrai bisogno di quell’indirizzo più avanti. Usa la tua email personale o un alias permanente per:',
    },
    {
      type: 'ul',
      items: [
        'banca, pagamenti, assicurazioni e investimenti;',
        'lavoro, candidature e comunicazioni con i colleghi;',
        'pubblica amministrazione, identità digitale, scuola e università;',
        'servizi sanitari, referti e prenotazioni;',
        'abbonamenti, acquisti con garanzia e servizi a pagamento;',
        'account che vorrai recuperare in futuro, come social, cloud e app di uso quotidiano;',
        'qualunque scambio in cui devi poter rispondere: il servizio riceve soltanto, non invia.',
      ],
    },
    {
      type: 'callout',
      tone: 'warning',
      title: 'Niente recupero dopo la scadenza',
      text: 'Quando l’indirizzo scade, messaggi e allegati vengono cancellati in modo definitivo e l’indirizzo non può essere riattivato. Un account registrato con quell’indirizzo non potrà più reimpostare la password.',
    },
    {
      type: 'p',
      text: 'Hai dubbi su un caso particolare? Le [domande frequenti](/faq) rispondono ai più comuni, e l’articolo su [quando usare un’email temporanea](/blog/quando-usare-email-temporanea) approfondisce dieci situazioni con consigli pratici.',
    },
  ],
};
