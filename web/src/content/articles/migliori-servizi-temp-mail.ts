import { PRODUCT_NAME } from '@et/common';
import type { Article } from './article';
import { limits } from '../limits';

/** Short article: how to judge a temp-mail service, without claims about named competitors. */
export const article: Article = {
  slug: 'migliori-servizi-temp-mail',
  title: 'Temp mail in italiano: come scegliere il servizio migliore',
  description:
    'I criteri per riconoscere un buon servizio di email temporanea in italiano: privacy reale, cancellazione effettiva, sicurezza dei messaggi e facilità d’uso.',
  category: 'Confronti',
  date: '2025-01-14',
  dateModified: '2025-01-18',
  readTimeMinutes: 7,
  blocks: [
    {
      type: 'p',
      text: 'Di servizi che offrono un indirizzo usa e getta ce ne sono molti, e a prima vista si somigliano tutti: una casella, un conto alla rovescia, un pulsante per copiare. Le differenze stanno in quello che non si vede, cioè in cosa succede ai tuoi dati e ai messaggi che ricevi. Invece di stilare una classifica, che invecchierebbe in fretta, ecco i criteri con cui giudicare qualunque servizio in pochi minuti.',
    },
    { type: 'h2', text: 'I criteri che contano', id: 'criteri' },
    { type: 'h3', text: '1. Privacy dichiarata e verificabile' },
    {
      type: 'p',
      text: 'Un servizio nato per proteggere la privacy non dovrebbe tracciarti. Apri la pagina e guarda: se compare un banner per il consenso ai cookie pubblicitari, il servizio vive anche dei tuoi dati. Poi leggi l’informativa: deve dire in modo chiaro cosa conserva, per quanto tempo e cosa finisce nei registri del server.',
    },
    { type: 'h3', text: '2. Cancellazione vera' },
    {
      type: 'p',
      text: '«L’indirizzo si autodistrugge» dovrebbe valere per i server, non solo per lo schermo. Cerca un servizio che dichiari di eliminare indirizzo, messaggi e allegati alla scadenza, senza conservarne copie.',
    },
    { type: 'h3', text: '3. Nessuna riassegnazione degli indirizzi' },
    {
      type: 'p',
      text: 'È il criterio più trascurato. Se un indirizzo scaduto viene dato subito a un’altra persona, i messaggi destinati a te, come un link per reimpostare una password, possono finire a uno sconosciuto. Un buon servizio tiene gli indirizzi scaduti fuori circolazione per settimane.',
    },
    { type: 'h3', text: '4. Sicurezza nella lettura dei messaggi' },
    {
      type: 'p',
      text: 'La posta che arriva a una casella usa e getta è, per definizione, di provenienza incerta. Le immagini esterne dovrebbero essere bloccate finché non le chiedi, e il contenuto HTML mostrato senza eseguire script.',
    },
    { type: 'h3', text: '5. Praticità' },
    {
      type: 'p',
      text: 'Interfaccia in italiano, indirizzo pronto senza registrazione, messaggi che compaiono da soli appena arrivano, allegati scaricabili e la possibilità di estendere la durata quando il sito che ti scrive è lento.',
    },
    { type: 'h2', text: `Come li rispetta ${PRODUCT_NAME}`, id: 'come-li-rispettiamo' },
    {
      type: 'table',
      caption: `I cinque criteri applicati a ${PRODUCT_NAME}`,
      head: ['Criterio', 'Cosa verificare', PRODUCT_NAME],
      rows: [
        [
          'Privacy',
          'Cookie, tracker, informativa chiara',
          'Nessun cookie, nessun tracker, nessuna richiesta a servizi esterni',
        ],
        [
          'Cancellazione',
          'Cosa resta sui server dopo la scadenza',
          'Indirizzo, messaggi e allegati eliminati in modo definitivo dopo dieci minuti',
        ],
        [
          'Riassegnazione',
          'Se un indirizzo scaduto può tornare in uso',
          `Mai prima di ${limits.tombstoneDays} giorni`,
        ],
        [
          'Sicurezza',
          'Immagini esterne e contenuto HTML',
          'Immagini bloccate finché non le chiedi, HTML mostrato senza script',
        ],
        [
          'Praticità',
          'Lingua, registrazione, tempo reale, allegati',
          'Tutto in italiano, nessuna registrazione, posta in tempo reale, allegati scaricabili, «Estendi»',
        ],
      ],
    },
    {
      type: 'callout',
      tone: 'tip',
      title: 'Una prova che richiede un minuto',
      text: 'Genera un indirizzo, iscriviti a una newsletter di cui ti fidi e guarda cosa succede: quanto tempo ci mette il messaggio, se le immagini vengono caricate senza chiedertelo, se trovi in fondo alla pagina un’informativa che si capisce. È il modo più rapido per giudicare qualunque servizio.',
    },
    { type: 'h2', text: 'Un limite comune a tutti', id: 'limiti' },
    {
      type: 'p',
      text: 'Nessun servizio di email temporanea è accettato ovunque: alcuni siti bloccano i domini noti. E nessuno è adatto agli account importanti. Per quelli serve un indirizzo stabile, come spieghiamo nel confronto tra [email temporanea e alias](/blog/email-temporanea-vs-alias).',
    },
  ],
};
