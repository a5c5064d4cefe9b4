import { PRODUCT_NAME } from '@et/common';
import type { Article } from './article';

/** Full-length article: where spam comes from, how to prevent it, how to clean up, the law. */
export const article: Article = {
  slug: 'come-evitare-spam',
  title: 'Come evitare lo spam nella tua casella di posta',
  description:
    'Da dove arriva lo spam, come impedire che il tuo indirizzo finisca nelle liste e come ripulire una casella già invasa: strategie pratiche, regole e diritti.',
  category: 'Consigli',
  date: '2025-01-06',
  dateModified: '2026-11-28',
  textFingerprint: 'ec09df6ce9793db5',
  readTimeMinutes: 10,
  blocks: [
    {
      type: 'p',
      text: 'Lo spam non è solo un fastidio. Ogni messaggio indesiderato ti ruba qualche secondo, rende più facile perdere le email importanti e, non di rado, nasconde un tentativo di truffa. I filtri dei provider di posta sono diventati molto bravi a fermarlo, ma nessun filtro è perfetto: la difesa più efficace resta impedire che il tuo indirizzo finisca nelle mani sbagliate.',
    },
    {
      type: 'p',
      text: 'In questa guida vediamo da dove arriva lo spam, come prevenirlo con poche abitudini, come ripulire una casella ormai invasa e quali diritti ti riconosce la legge quando un’azienda ti scrive senza permesso.',
    },
    { type: 'h2', text: 'Perché ricevi spam', id: 'perche' },
    {
      type: 'p',
      text: 'Chi invia spam non sceglie i destinatari a caso: lavora su elenchi di indirizzi, che vengono raccolti, scambiati e venduti. Il tuo può entrarci per molte strade diverse:',
    },
    {
      type: 'ul',
      items: [
        'violazioni di dati: quando un sito a cui sei iscritto subisce un attacco, l’elenco degli utenti finisce spesso in circolazione;',
        'iscrizioni a siti poco scrupolosi, che cedono o rivendono i contatti raccolti;',
        'consensi già spuntati nei moduli di registrazione, che autorizzano comunicazioni da parte di «partner selezionati»;',
        'concorsi, quiz e offerte troppo belle per essere vere, che esistono solo per raccogliere indirizzi;',
        'pagine pubbliche: siti personali, curriculum online, commenti, annunci e profili social in cui l’indirizzo compare in chiaro;',
        'tentativi a tappeto: programmi che combinano nomi e cognomi comuni con i domini più diffusi e osservano quali indirizzi non vengono rifiutati.',
      ],
    },
    {
      type: 'p',
      text: 'C’è poi un dettaglio che pochi conoscono: gli spammer apprezzano molto sapere che un indirizzo è attivo, cioè che dietro c’è una persona che legge. Un indirizzo confermato vale di più e viene bersagliato di più. Per questo alcune reazioni istintive, come rispondere o cliccare su «cancellami», possono peggiorare la situazione.',
    },
    {
      type: 'h2',
      text: 'Prevenire: proteggi l’indirizzo prima che finisca nelle liste',
      id: 'prevenire',
    },
    { type: 'h3', text: 'Non pubblicare l’indirizzo in chiaro' },
    {
      type: 'p',
      text: 'Ogni indirizzo scritto per intero su una pagina web prima o poi viene trovato dai programmi che scandagliano la rete. Se devi renderti raggiungibile, preferisci un modulo di contatto, oppure scrivi l’indirizzo in una forma che un programma fatica a interpretare. Negli annunci tra privati usa i sistemi di messaggistica della piattaforma, invece di lasciare la tua email nel testo.',
    },
    { type: 'h3', text: 'Usa indirizzi diversi per usi diversi' },
    {
      type: 'p',
      text: 'È il cambiamento che dà i risultati più visibili. Tieni l’indirizzo principale per le persone e per i servizi importanti; per newsletter, negozi e social usa degli alias; per tutto ciò che è occasionale, come un download o un codice sconto, usa un’[email temporanea](/) che sparisce da sola alla scadenza. Le differenze tra questi strumenti sono spiegate nel confronto tra [email temporanea e alias](/blog/email-temporanea-vs-alias).',
    },
    {
      type: 'p',
      text: 'Separare gli usi ha un vantaggio in più: se un alias comincia a ricevere spam, sai esattamente quale sito ha perso o ceduto il tuo indirizzo, e puoi disattivarlo senza toccare il resto.',
    },
    { type: 'h3', text: 'Attenzione ai consensi nei moduli' },
    {
      type: 'p',
      text: 'Nei moduli di registrazione il consenso al marketing dovrebbe essere separato da quello necessario al servizio e mai preselezionato. Prenditi i due secondi necessari a leggerlo: accettare le comunicazioni «di partner commerciali» significa autorizzare la cessione del tuo indirizzo a un numero imprecisato di aziende.',
    },
    { type: 'h3', text: 'Diffida di concorsi, quiz e regali' },
    {
      type: 'p',
      text: 'Un buono spesa in cambio di un questionario, un test della personalità, una vincita annunciata da un pop-up: il prezzo vero è quasi sempre il tuo indirizzo. Se proprio vuoi partecipare, fallo con un indirizzo usa e getta.',
    },
    {
      type: 'callout',
      tone: 'tip',
      title: 'Il test del mese dopo',
      text: 'Prima di dare il tuo indirizzo, chiediti: tra un mese vorrò ancora ricevere messaggi da questo sito? Se la risposta è no, non dargli la tua email vera.',
    },
    { type: 'h2', text: 'Gestire lo spam che arriva già', id: 'gestire' },
    { type: 'h3', text: 'Non rispondere e non cliccare' },
    {
      type: 'p',
      text: 'Qualunque risposta, anche un secco «smettetela», conferma che l’indirizzo è letto da una persona. Lo stesso vale per i link, compresi quelli che promettono di toglierti dalla lista: nello spam vero servono solo a verificare che tu esista, quando non portano direttamente a una pagina truffaldina.',
    },
    { type: 'h3', text: 'Disiscriviti, ma solo dai mittenti legittimi' },
    {
      type: 'p',
      text: 'Diverso è il caso delle newsletter di aziende riconoscibili, a cui magari ti eri iscritto tu stesso anni fa. Qui il link di disiscrizione in fondo al messaggio funziona e va usato: le aziende serie sono obbligate a rispettare la tua scelta. Se non riconosci il mittente o il messaggio è palesemente truffaldino, invece, non cliccare nulla e segnalalo come spam.',
    },
    { type: 'h3', text: 'Blocca le immagini esterne' },
    {
      type: 'p',
      text: `Molti messaggi contengono un’immagine minuscola e invisibile, ospitata sul server del mittente. Quando il tuo programma di posta la scarica, il mittente sa che hai aperto il messaggio, a che ora e spesso da quale città. Quasi tutti i programmi di posta permettono di caricare le immagini esterne solo su richiesta: attiva questa opzione. Nella casella di ${PRODUCT_NAME} è già così per impostazione predefinita.`,
    },
    { type: 'h3', text: 'Segnala invece di cancellare' },
    {
      type: 'p',
      text: 'Cancellare un messaggio indesiderato lo toglie di mezzo una volta; segnalarlo come spam insegna al filtro a riconoscere i successivi, da quel mittente e da quelli simili. Fallo con costanza per qualche settimana e vedrai la differenza. Ricorda anche di controllare ogni tanto la cartella dello spam, per recuperare eventuali messaggi legittimi finiti lì per errore e segnalarli come «non spam».',
    },
    { type: 'h3', text: 'Usa filtri e regole' },
    {
      type: 'p',
      text: 'Le regole automatiche del tuo programma di posta possono spostare in una cartella dedicata le newsletter, le notifiche dei social o i messaggi con certe parole nell’oggetto. Non eliminano lo spam, ma tengono la posta in arrivo pulita e ti permettono di leggere le comunicazioni meno urgenti quando hai tempo.',
    },
    { type: 'h2', text: 'Cosa dice la legge', id: 'legge' },
    {
      type: 'p',
      text: 'In Italia e nell’Unione europea le comunicazioni commerciali via email richiedono, come regola generale, il tuo consenso preventivo. L’eccezione principale riguarda chi è già cliente: un’azienda da cui hai acquistato può scriverti per proporti prodotti simili, ma deve dirti fin dall’inizio che puoi opporti e permetterti di farlo gratuitamente, in ogni messaggio.',
    },
    {
      type: 'p',
      text: 'Il GDPR ti dà poi il diritto di opporti in qualsiasi momento all’uso dei tuoi dati per il marketing diretto: dopo la tua opposizione, l’azienda deve smettere. Puoi anche chiedere da dove ha preso il tuo indirizzo, esercitando il diritto di accesso, e ottenere la cancellazione dei tuoi dati. Come formulare queste richieste è spiegato nella nostra [guida alla privacy](/guida-privacy).',
    },
    {
      type: 'p',
      text: 'Se un’azienda riconoscibile continua a scriverti nonostante le tue richieste, puoi rivolgerti al Garante per la protezione dei dati personali. Contro lo spam anonimo e internazionale, invece, la legge può fare poco: lì servono i filtri e la prevenzione.',
    },
    { type: 'h2', text: 'Un piano di pulizia in una settimana', id: 'piano' },
    {
      type: 'p',
      text: 'Se la tua casella è già invasa, non serve cambiare indirizzo subito. Prova questo piano, un passo al giorno:',
    },
    {
      type: 'ol',
      items: [
        'Primo giorno: cerca nella posta le parole «disiscriviti» e «unsubscribe» e fai l’elenco delle newsletter che ricevi.',
        'Secondo giorno: disiscriviti da tutte quelle di aziende riconoscibili che non leggi più.',
        'Terzo giorno: segnala come spam tutto ciò che non riconosci, senza aprire i link.',
        'Quarto giorno: attiva il blocco delle immagini esterne e crea regole per le newsletter che vuoi tenere.',
        'Quinto giorno: crea i primi alias e aggiorna con quelli l’indirizzo nei negozi online e nei social secondari.',
        'Sesto giorno: controlla se il tuo indirizzo compare in violazioni di dati note e cambia le password dei siti coinvolti.',
        'Settimo giorno: decidi la regola per il futuro, cioè indirizzo principale, alias o email temporanea, e applicala a ogni nuova registrazione.',
      ],
    },
    {
      type: 'p',
      text: 'Se dopo qualche settimana lo spam resta ingestibile, allora sì, valuta di aprire un nuovo indirizzo principale: questa volta, però, proteggilo fin dal primo giorno con le regole viste sopra.',
    },
    { type: 'h2', text: 'Gli indirizzi che si indovinano', id: 'indovinare' },
    {
      type: 'p',
      text: 'Non tutto lo spam nasce da un indirizzo che hai lasciato in giro. Gli spammer provano anche a indovinare: prendono un dominio diffuso e ci attaccano nomi e cognomi comuni, combinazioni come nome.cognome o nome seguito dall’anno di nascita, e indirizzi generici come info, contatti o amministrazione. Ogni messaggio che non torna indietro conferma un indirizzo valido, che da quel momento vale di più.',
    },
    {
      type: 'p',
      text: 'Contro questi tentativi aiuta un indirizzo principale meno prevedibile, ad esempio con un’iniziale o una parola in più rispetto al semplice nome e cognome. Per le registrazioni occasionali, un indirizzo temporaneo generato a caso è impossibile da indovinare per costruzione, e quando scade non c’è più nulla da confermare.',
    },
    { type: 'h2', text: 'Errori da evitare', id: 'errori' },
    {
      type: 'ul',
      items: [
        'Usare lo stesso indirizzo per tutto: basta un solo sito poco attento per esporre anche le comunicazioni più importanti.',
        'Inoltrare catene e messaggi «da girare a tutti i contatti»: spesso servono a raccogliere indirizzi.',
        'Scrivere a più persone mettendo tutti gli indirizzi in chiaro: usa il campo Ccn, così nessuno vede gli indirizzi degli altri.',
        'Fidarsi di un messaggio solo perché supera il filtro: lo spam più curato è proprio quello che arriva nella posta in arrivo.',
        'Installare programmi che promettono di eliminare lo spam chiedendo l’accesso completo alla tua casella: a volte il rimedio è peggiore del male.',
      ],
    },
    { type: 'h2', text: 'La checklist antispam', id: 'checklist' },
    {
      type: 'checklist',
      items: [
        'Il mio indirizzo principale non compare in chiaro su nessuna pagina pubblica.',
        'Per le registrazioni occasionali uso un’email temporanea.',
        'Per newsletter, negozi e social uso alias diversi.',
        'Leggo sempre i consensi richiesti prima di registrarmi.',
        'Non rispondo allo spam e non clicco i suoi link.',
        'Le immagini esterne si caricano solo quando lo chiedo io.',
        'Segnalo lo spam invece di cancellarlo soltanto.',
        'Controllo ogni tanto la cartella dello spam per recuperare i falsi positivi.',
      ],
    },
    {
      type: 'p',
      text: 'Nessuna di queste abitudini da sola elimina lo spam, ma insieme riducono drasticamente la quantità di messaggi che arrivano e, soprattutto, il rischio che tra quei messaggi si nasconda una truffa. Per imparare a riconoscere le più insidiose, leggi il nostro articolo sull’[email temporanea contro il phishing](/blog/email-temporanea-contro-phishing).',
    },
  ],
};
