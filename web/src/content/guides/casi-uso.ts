import type { Block } from '../blocks';
import type { Guide } from './guide';
import { limits } from '../limits';
import { pages } from '../site';

/** One use case of `/casi-uso`: the situation, and the walk-through that handles it. */
export interface UseCase {
  /** Short title, a noun phrase (the page numbers it). */
  title: string;
  /** The situation and what is at stake, as inline text. */
  text: string;
  /** What to do, step by step, each step inline text. */
  steps: string[];
}

/** The fifteen use cases, in display order. */
export const useCases: UseCase[] = [
  {
    title: 'Una risorsa gratuita da scaricare',
    text: 'Ebook, modelli, guide in PDF e white paper vengono spesso regalati in cambio di un indirizzo, che poi alimenta una lista di marketing.',
    steps: [
      'Apri la [pagina iniziale](/) in una nuova scheda e premi «Copia».',
      'Incolla l’indirizzo nel modulo del sito e conferma.',
      'Quando arriva il messaggio, aprilo e scarica il file dal link, o dalla sezione Allegati se è allegato.',
      'Salva il file sul tuo dispositivo: alla scadenza il messaggio sparisce, il file che hai scaricato resta.',
    ],
  },
  {
    title: 'Il codice sconto di benvenuto',
    text: 'Il classico «10% sul primo ordine se ti iscrivi alla newsletter». Il codice arriva in pochi secondi; le newsletter successive non arriveranno mai.',
    steps: [
      'Copia l’indirizzo temporaneo e iscriviti alla newsletter del negozio.',
      'Se il messaggio contiene il codice, lo trovi evidenziato accanto al messaggio: premilo per copiarlo.',
      'Incollalo subito nel carrello, prima di chiudere la scheda.',
      'Se il codice vale solo per chi ha un account, chiediti se quel negozio merita il tuo indirizzo vero.',
    ],
  },
  {
    title: 'La prova gratuita di un servizio',
    text: 'Vuoi capire se un programma o un servizio online fa al caso tuo, senza impegnarti con il tuo indirizzo.',
    steps: [
      'Registrati con l’indirizzo temporaneo e conferma l’account con il link che arriva.',
      `Se la registrazione chiede più passaggi, premi «Estendi» per avere di nuovo ${limits.ttl} pieni, fino a ${limits.maxLifetime} dalla creazione.`,
      'Usa la prova. Se ti convince, crea l’account definitivo con la tua email o cambia l’indirizzo nelle impostazioni finché puoi ancora confermarlo.',
      'Se la prova chiede una carta di pagamento, non usare un indirizzo temporaneo: le comunicazioni sui rinnovi devono raggiungerti.',
    ],
  },
  {
    title: 'Una domanda in un forum',
    text: 'Una sola domanda in una community non giustifica anni di notifiche e riepiloghi settimanali.',
    steps: [
      'Registrati con l’indirizzo temporaneo e conferma l’account.',
      'Pubblica la domanda e disattiva, se puoi, le notifiche via email dal tuo profilo.',
      'Segui le risposte direttamente sul forum, nei giorni successivi.',
      'Se decidi di restare nella community, sostituisci l’indirizzo con un alias finché hai ancora accesso all’account.',
    ],
  },
  {
    title: 'Un sito che non conosci',
    text: 'Non sai chi lo gestisce né come tratterà i tuoi dati: entra senza lasciare il tuo indirizzo.',
    steps: [
      'Prima di registrarti, cerca in fondo alla pagina l’informativa sulla privacy e il nome di chi gestisce il sito.',
      'Registrati con l’indirizzo temporaneo e guarda il messaggio di benvenuto: da chi arriva, che link contiene.',
      'Non inserire dati di pagamento finché il sito non ti sembra affidabile.',
      'Se lo è, aggiorna l’indirizzo nel profilo con quello definitivo.',
    ],
  },
  {
    title: 'Concorsi e giveaway',
    text: 'Molti concorsi online servono soprattutto a raccogliere contatti, e sono tra le fonti di spam più prolifiche.',
    steps: [
      'Leggi il regolamento: se la vincita viene comunicata via email, l’indirizzo temporaneo non la riceverà.',
      'Per i concorsi di poco conto, partecipa con l’indirizzo temporaneo e conferma l’iscrizione.',
      'Per un premio a cui tieni davvero, usa un alias: ti raggiungerà anche tra settimane.',
    ],
  },
  {
    title: 'Un webinar che inizia a breve',
    text: 'Molti webinar inviano il link di accesso subito dopo l’iscrizione; altri solo poco prima dell’inizio.',
    steps: [
      'Controlla la data: se l’evento inizia entro pochi minuti, l’indirizzo temporaneo va benissimo.',
      'Iscriviti, apri il messaggio e apri il link di accesso in una nuova scheda.',
      'Se il webinar è fissato fra giorni, usa un alias: il link arriverà quando la casella temporanea non esisterà più.',
    ],
  },
  {
    title: 'Una testata che chiede la registrazione',
    text: 'Alcune testate sbloccano qualche articolo in più in cambio della registrazione gratuita. È uno scambio legittimo, ma non sei obbligato a pagarlo con la tua casella principale.',
    steps: [
      'Quando la testata ti chiede di registrarti, copia l’indirizzo temporaneo nel modulo.',
      'Conferma l’account con il link che arriva.',
      'Continua a leggere; se ti abboni, usa un indirizzo stabile per fatture e rinnovi.',
    ],
  },
  {
    title: 'Test di sviluppo e QA',
    text: 'Chi sviluppa un’applicazione deve verificare che le email di benvenuto, conferma e recupero password arrivino e siano corrette, simulando tanti utenti diversi.',
    steps: [
      'Crea un indirizzo nuovo per ogni utente di prova, dalla pagina o dall’[API per sviluppatori](/api).',
      'Fai partire la registrazione dalla tua applicazione e aspetta il messaggio: l’API può avvisarti appena arriva.',
      'Controlla oggetto, testo, versione HTML, link e allegati; scarica il file .eml se ti serve il messaggio originale.',
      'A fine prova elimina la casella, o lascia che scada da sola.',
    ],
  },
  {
    title: 'Un acquisto una tantum',
    text: 'Compri una sola volta da un negozio online che non conosci e non vuoi finire nelle sue campagne promozionali.',
    steps: [
      'Valuta l’importo: per acquisti costosi o con garanzia usa un indirizzo stabile.',
      'Completa l’ordine con l’indirizzo temporaneo e tieni aperta la scheda.',
      'Quando arriva la conferma d’ordine, scaricala in formato .eml o annota numero d’ordine e dati della spedizione.',
      'Segui la spedizione dal sito del corriere, con il numero che hai salvato.',
    ],
  },
  {
    title: 'Il Wi-Fi di hotel, aeroporti e locali',
    text: 'Molte reti pubbliche chiedono un indirizzo email per darti accesso a internet, e poi lo usano per scopi promozionali.',
    steps: [
      'Il portale della rete blocca internet finché non ti registri: crea l’indirizzo prima, con la rete dati del telefono.',
      'Collegati alla rete e incolla l’indirizzo nel modulo del portale.',
      'Se il portale chiede di confermare con un link, di solito lascia qualche minuto di navigazione per farlo: apri la scheda del servizio e apri il link.',
    ],
  },
  {
    title: 'Un preventivo o un calcolo online',
    text: 'Simulatori di mutuo, calcolatori di consumi e configuratori spesso inviano il risultato via email, e poi le proposte commerciali.',
    steps: [
      'Inserisci l’indirizzo temporaneo dove il sito chiede dove mandarti il risultato.',
      'Apri il messaggio e salva il preventivo: scarica l’allegato o il messaggio in formato .eml.',
      'Se vuoi davvero essere ricontattato da quell’azienda, scrivile tu, dal tuo indirizzo, quando hai deciso.',
    ],
  },
  {
    title: 'Un commento su un blog o un sito di notizie',
    text: 'Diversi siti chiedono un indirizzo per pubblicare un commento, a volte con un link di conferma.',
    steps: [
      'Scrivi il commento e indica l’indirizzo temporaneo.',
      'Se arriva un link di conferma, aprilo entro la scadenza.',
      'Ricorda che non riceverai avvisi sulle risposte: torna a leggerle sul sito.',
    ],
  },
  {
    title: 'Le email che invii tu',
    text: 'Se gestisci una newsletter o un sito che invia messaggi automatici, vuoi vedere cosa ricevono davvero i tuoi iscritti.',
    steps: [
      'Iscriviti alla tua lista con un indirizzo temporaneo, come farebbe un nuovo iscritto.',
      'Controlla il messaggio di conferma: mittente, oggetto, testo e link.',
      'Passa alla vista HTML e guarda quante immagini remote vengono bloccate: sono quelle che un lettore attento non vedrà.',
      'Verifica che il link per disiscriversi funzioni.',
    ],
  },
  {
    title: 'Un file da ricevere una volta sola',
    text: 'Qualcuno deve mandarti un documento o una foto e non vuoi dargli il tuo indirizzo personale.',
    steps: [
      `Comunica l’indirizzo temporaneo a chi deve spedirti il file, ricordando che il messaggio non può superare ${limits.messageSize}.`,
      'Tieni aperta la scheda; se vuoi, attiva le notifiche per sapere quando arriva.',
      'Scarica l’allegato con «Scarica» e controllalo con un antivirus se non sei sicuro della provenienza.',
      'Non potrai rispondere: il servizio riceve soltanto. Se serve una risposta, scrivila dal tuo indirizzo.',
    ],
  },
];

const useCaseBlocks: Block[] = useCases.flatMap((useCase, index): Block[] => [
  { type: 'h3', text: `${index + 1}. ${useCase.title}` },
  { type: 'p', text: useCase.text },
  { type: 'ol', items: useCase.steps },
]);

/** `/casi-uso`: fifteen use cases and when not to use a temporary address. */
export const guide: Guide = {
  title: pages['/casi-uso'].heading,
  description: pages['/casi-uso'].intro,
  blocks: [
    {
      type: 'p',
      text: 'Questa pagina è pratica: per ogni situazione trovi cosa rischi e cosa fare, passo per passo. Per il ragionamento che c’è dietro, cioè come decidere se un indirizzo temporaneo è la scelta giusta, leggi l’articolo su [quando usare un’email temporanea](/blog/quando-usare-email-temporanea).',
    },
    { type: 'h2', text: 'Quindici casi in cui conviene', id: 'casi' },
    ...useCaseBlocks,
    {
      type: 'callout',
      tone: 'tip',
      title: 'Tieni aperta la scheda',
      text: `L’accesso alla casella resta nella scheda del browser in cui l’hai creata, e nel link di «Apri sul telefono» se lo usi. Lascia aperta la scheda finché non hai ricevuto ciò che ti serve, e se il sito è lento premi «Estendi» per tornare a ${limits.ttl} pieni, fino a ${limits.maxLifetime} dalla creazione.`,
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
      text: 'Hai dubbi su un caso particolare? Le [domande frequenti](/faq) rispondono ai più comuni, e la [guida completa](/blog/guida-completa-email-temporanea) spiega come funziona il servizio dall’inizio alla fine.',
    },
  ],
};
