import type { Article } from './article';

/** How to judge any temp-mail service with checks a reader can run, without ranking anyone. */
export const article: Article = {
  slug: 'migliori-servizi-temp-mail',
  title: 'Temp mail in italiano: come scegliere il servizio migliore',
  description:
    'I criteri per riconoscere un buon servizio di email temporanea in italiano, con le prove che puoi fare da solo e i segnali d’allarme da non ignorare.',
  category: 'Confronti',
  date: '2025-01-14',
  dateModified: '2026-11-28',
  textFingerprint: '12e904f5cd240646',
  readTimeMinutes: 7,
  blocks: [
    {
      type: 'p',
      text: 'Di servizi che offrono un indirizzo usa e getta ce ne sono molti, e a prima vista si somigliano tutti: una casella, un conto alla rovescia, un pulsante per copiare. Le differenze stanno in quello che non si vede, cioè in cosa succede ai tuoi dati e ai messaggi che ricevi. Una classifica invecchierebbe in fretta, e chi la scrive di solito ha un servizio da promuovere. Qui trovi invece i criteri con cui giudicare qualunque servizio, e per ciascuno una prova che puoi fare da solo, senza fidarti della parola di nessuno, nemmeno della nostra.',
    },
    { type: 'h2', text: 'I criteri che contano', id: 'criteri' },
    { type: 'h3', text: '1. Chi legge la tua casella' },
    {
      type: 'p',
      text: 'È la domanda più importante, e la meno ovvia. In molti servizi la casella è pubblica: chiunque digiti lo stesso indirizzo vede gli stessi messaggi. Va bene per una newsletter qualsiasi, non per un link di accesso o un codice di verifica. Un servizio serio lega la casella a una chiave segreta che riceve solo il tuo browser.',
    },
    {
      type: 'p',
      text: 'La prova: crea un indirizzo, fatti spedire un messaggio, poi apri il sito in una finestra anonima o in un altro browser e cerca di raggiungere la stessa casella scrivendo l’indirizzo. Se ci riesci senza alcuna chiave, ci riesce chiunque.',
    },
    { type: 'h3', text: '2. Privacy dichiarata e verificabile' },
    {
      type: 'p',
      text: 'Un servizio nato per proteggere la privacy non dovrebbe tracciarti. Se all’apertura compare un banner per il consenso ai cookie pubblicitari, il servizio vive anche dei tuoi dati. L’informativa deve dire chi gestisce il servizio, con nome e indirizzo, cosa conserva, per quanto tempo e cosa finisce nei registri del server.',
    },
    {
      type: 'p',
      text: 'La prova: apri gli strumenti per sviluppatori del browser (di solito con F12), scegli la scheda Rete e ricarica la pagina. Ogni riga che punta a un dominio diverso da quello del servizio è una richiesta a terzi: script pubblicitari, strumenti di analisi, caratteri ospitati altrove. Meno ce ne sono, meglio è; nessuna è il risultato ideale.',
    },
    { type: 'h3', text: '3. Cancellazione vera' },
    {
      type: 'p',
      text: '«L’indirizzo si autodistrugge» dovrebbe valere per i server, non solo per lo schermo. Se il servizio fa sparire la casella dalla pagina ma continua ad accettare posta per quell’indirizzo, i messaggi finiscono da qualche parte.',
    },
    {
      type: 'p',
      text: 'La prova: annota un indirizzo, lascialo scadere e poi scrivigli dalla tua casella personale. Se entro qualche minuto ricevi un avviso di mancata consegna, il server rifiuta davvero la posta per quell’indirizzo. Se non ricevi nulla, il messaggio è stato accettato, e qualcuno lo conserva.',
    },
    { type: 'h3', text: '4. Nessuna riassegnazione degli indirizzi' },
    {
      type: 'p',
      text: 'È il criterio più trascurato. Se un indirizzo scaduto viene dato subito a un’altra persona, i messaggi destinati a te, come un link per reimpostare una password, possono finire a uno sconosciuto. Un buon servizio tiene gli indirizzi scaduti fuori circolazione per settimane e li genera abbastanza lunghi e casuali da non ripetersi mai per caso.',
    },
    {
      type: 'p',
      text: 'La prova: guarda gli indirizzi che ricevi. Nomi brevi o composti da parole comuni, come mario23, si ripetono facilmente; una sequenza casuale di almeno dieci lettere e cifre no. Poi cerca nell’informativa o nelle domande frequenti per quanto tempo un indirizzo scaduto resta riservato.',
    },
    { type: 'h3', text: '5. Sicurezza nella lettura dei messaggi' },
    {
      type: 'p',
      text: 'La posta che arriva a una casella usa e getta è, per definizione, di provenienza incerta. Le immagini esterne dovrebbero restare bloccate finché non le chiedi, perché molte servono solo a dire al mittente che hai aperto il messaggio, e il contenuto HTML dovrebbe essere mostrato senza eseguire script.',
    },
    {
      type: 'p',
      text: 'La prova: iscriviti con l’indirizzo temporaneo alla newsletter di un negozio che conosci. Quando arriva, guarda se le immagini compaiono subito o se il servizio ti chiede prima il permesso di caricarle.',
    },
    { type: 'h3', text: '6. Velocità e affidabilità' },
    {
      type: 'p',
      text: 'Un codice di verifica scade spesso in pochi minuti, quindi conta quanto tempo passa tra l’invio e il momento in cui lo vedi. Un buon servizio mostra il messaggio da solo appena arriva; uno meno curato ti costringe a ricaricare la pagina ogni tanto.',
    },
    {
      type: 'p',
      text: 'La prova: manda un messaggio dalla tua casella personale all’indirizzo temporaneo e guarda l’orologio. Di solito la posta arriva entro 1-2 minuti, spesso in pochi secondi; se serve molto di più, o se devi aggiornare a mano, il servizio non è adatto ai codici con scadenza breve.',
    },
    { type: 'h3', text: '7. Controllo sulla durata' },
    {
      type: 'p',
      text: 'La durata ideale dipende da quello che fai: 10 minuti bastano per un codice, non sempre per un sito lento. Conta quindi poter allungare il tempo quando serve e, al contrario, cancellare tutto subito quando hai finito, senza aspettare la scadenza.',
    },
    { type: 'h3', text: '8. Chi c’è dietro e come si mantiene' },
    {
      type: 'p',
      text: 'Un servizio gratuito costa comunque qualcosa a chi lo gestisce. Se non è chiaro chi lo gestisce e come si mantiene, è lecito sospettare che paghino i dati degli utenti. Cerca un nome e un indirizzo nelle pagine legali, un contatto a cui scrivere e termini di servizio leggibili, che non scarichino su di te ogni responsabilità.',
    },
    { type: 'h2', text: 'La scheda di valutazione', id: 'scheda' },
    {
      type: 'table',
      caption: 'Otto criteri, come verificarli e i segnali d’allarme',
      head: ['Criterio', 'Come verificarlo', 'Segnale d’allarme'],
      rows: [
        [
          'Accesso alla casella',
          'Apri lo stesso indirizzo da un altro browser',
          'La posta è visibile senza alcuna chiave',
        ],
        [
          'Privacy',
          'Scheda Rete degli strumenti per sviluppatori; informativa',
          'Banner pubblicitario, richieste a terzi, nessun titolare indicato',
        ],
        ['Cancellazione', 'Scrivi a un indirizzo scaduto', 'Nessun avviso di mancata consegna'],
        [
          'Riassegnazione',
          'Guarda lunghezza e forma degli indirizzi',
          'Indirizzi brevi o fatti di parole comuni',
        ],
        [
          'Lettura sicura',
          'Iscriviti a una newsletter con immagini',
          'Immagini caricate senza chiedere',
        ],
        [
          'Velocità',
          'Spedisci un messaggio e cronometra',
          'Più di qualche minuto, o aggiornamento manuale',
        ],
        [
          'Durata',
          'Cerca come estendere e come cancellare',
          'Durata fissa e nessuna cancellazione anticipata',
        ],
        [
          'Trasparenza',
          'Pagine legali e contatti',
          'Nessun nome, nessun indirizzo, termini che escludono ogni responsabilità',
        ],
      ],
    },
    {
      type: 'callout',
      tone: 'tip',
      title: 'Una prova che richiede 10 minuti',
      text: 'Scegli due o tre servizi e sottoponili alle stesse prove nello stesso momento: un messaggio dalla tua casella, una newsletter con immagini, un tentativo di aprire la casella da un altro browser, un messaggio a un indirizzo scaduto. Annota i risultati nella tabella qui sopra: la scelta si fa da sola.',
    },
    { type: 'h2', text: 'Tre errori di valutazione', id: 'errori' },
    {
      type: 'ul',
      items: [
        'Giudicare dall’aspetto. Una grafica curata non dice nulla su cosa succede ai messaggi dopo la scadenza: le prove qui sopra sì.',
        'Scegliere la durata più lunga. Un indirizzo che vive un giorno intero non è più comodo, è solo più esposto: resta in giro più a lungo, pronto a ricevere posta che non aspetti. Meglio una durata breve che si può estendere.',
        'Fidarsi delle recensioni. Molte classifiche dei «migliori servizi» sono scritte da chi ne gestisce uno, o pagate da chi compare in cima. Una prova di 10 minuti vale più di qualsiasi classifica, compresa quella che potremmo scrivere noi.',
      ],
    },
    { type: 'h2', text: 'Un limite comune a tutti', id: 'limiti' },
    {
      type: 'p',
      text: 'Nessun servizio di email temporanea è accettato ovunque: alcuni siti bloccano i domini noti, e nessun servizio onesto può prometterti il contrario. E nessuno è adatto agli account importanti, perché per reimpostare una password tra sei mesi serve una casella che esista ancora. Per quelli serve un indirizzo stabile, come spieghiamo nel confronto tra [email temporanea e alias](/blog/email-temporanea-vs-alias).',
    },
  ],
};
