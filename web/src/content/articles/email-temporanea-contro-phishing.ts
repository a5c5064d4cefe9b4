import { limits } from '../limits';
import type { Article } from './article';

/** Phishing: sourced figures, how an attack unfolds, how a temporary address helps, tips. */
export const article: Article = {
  slug: 'email-temporanea-contro-phishing',
  title: 'Email temporanea contro il phishing: come ti protegge',
  description:
    'Come nasce un attacco di phishing, perché parte quasi sempre da un indirizzo email e come un indirizzo usa e getta riduce il rischio. Con consigli pratici.',
  category: 'Sicurezza',
  date: '2025-01-12',
  dateModified: '2026-11-28',
  textFingerprint: '951e82513a4a822b',
  readTimeMinutes: 9,
  blocks: [
    {
      type: 'p',
      text: 'Il phishing è la truffa più antica di internet e, nonostante questo, resta la più efficace. Non richiede competenze tecniche particolari: basta un messaggio credibile, inviato alla persona giusta nel momento giusto. Il punto di partenza è quasi sempre lo stesso, il tuo indirizzo email. Ridurre il numero di siti che lo conoscono è quindi una delle difese più semplici che hai a disposizione.',
    },
    { type: 'h2', text: 'Il fenomeno in numeri', id: 'numeri' },
    {
      type: 'p',
      text: 'Due rapporti periodici, tra i più citati, danno un’idea delle dimensioni del fenomeno:',
    },
    {
      type: 'ul',
      items: [
        'l’Anti-Phishing Working Group (APWG), un’associazione internazionale di aziende e istituzioni, ha contato quasi cinque milioni di attacchi di phishing nel 2023, il numero più alto da quando li registra (Phishing Activity Trends Report, primo trimestre 2024);',
        'il Data Breach Investigations Report 2024 di Verizon, che ha esaminato oltre diecimila violazioni di dati confermate, indica che più di due violazioni su tre, il 68%, hanno coinvolto un errore umano o una persona caduta in un inganno, come un messaggio di phishing;',
        'secondo lo stesso rapporto il phishing è stato la via d’ingresso del 15% delle violazioni, e nelle esercitazioni con falsi messaggi di phishing solo una persona su cinque ha segnalato il messaggio.',
      ],
    },
    {
      type: 'p',
      text: 'Le cifre cambiano da un anno all’altro e da un rapporto all’altro, ma raccontano una cosa chiara: i truffatori non hanno bisogno di forzare sistemi sofisticati quando possono convincere qualcuno ad aprire la porta.',
    },
    { type: 'h2', text: 'Le fasi di un attacco', id: 'fasi' },
    {
      type: 'p',
      text: 'Un attacco di phishing segue quasi sempre lo stesso copione, in cinque fasi.',
    },
    {
      type: 'ol',
      items: [
        'Raccolta degli indirizzi. Gli indirizzi vengono presi da violazioni di dati, da elenchi venduti da siti poco scrupolosi, da pagine pubbliche e da moduli di iscrizione. Più siti conoscono la tua email, più è facile che finisca in una di queste liste.',
        'Preparazione dell’esca. Il truffatore sceglie chi imitare: una banca, un corriere, un servizio di streaming, il sito su cui ti sei appena registrato. Registra un dominio dal nome simile e copia logo e impaginazione.',
        'Invio e aggancio. Il messaggio punta sull’urgenza o sulla paura: un pacco in giacenza, un pagamento rifiutato, un accesso sospetto, un account che sta per essere chiuso.',
        'Sfruttamento. Il link porta a una pagina che chiede credenziali o dati della carta, oppure l’allegato installa un programma malevolo.',
        'Monetizzazione. Le credenziali rubate vengono usate per entrare nei tuoi account, rivendute o sfruttate per mandare nuovi messaggi ai tuoi contatti, che si fideranno perché il mittente sei tu.',
      ],
    },
    {
      type: 'p',
      text: 'Interrompere la catena alla prima fase è il modo più economico di difendersi: un indirizzo che nessuno conosce non riceve esche.',
    },
    { type: 'h2', text: 'Quattro modi in cui un’email temporanea ti protegge', id: 'protezione' },
    { type: 'h3', text: '1. L’indirizzo non dice nulla di te' },
    {
      type: 'p',
      text: 'Un indirizzo che contiene nome e cognome rivela chi sei e permette di cucire su misura il messaggio: il tuo nome nell’oggetto, la tua città, il tuo datore di lavoro. È il cosiddetto spear phishing, il più pericoloso. Un indirizzo casuale non è collegato a nessuna identità e non offre appigli.',
    },
    { type: 'h3', text: '2. Scade prima che possa essere sfruttato' },
    {
      type: 'p',
      text: `Tra il momento in cui un indirizzo finisce in una lista e quello in cui arriva la prima esca passano spesso settimane. Un indirizzo che vive ${limits.ttl}, o al massimo ${limits.maxLifetime} se lo estendi, a quel punto non esiste più: i messaggi vengono rifiutati e l’indirizzo non viene assegnato a nessun altro per ${limits.tombstoneDays} giorni.`,
    },
    { type: 'h3', text: '3. Separa i siti occasionali dalla tua casella vera' },
    {
      type: 'p',
      text: 'Se per i siti di poco conto usi sempre un indirizzo usa e getta, ottieni un vantaggio in più: quando nella tua casella personale arriva un messaggio che sembra provenire da uno di quei siti, sai già che è falso, perché a quel sito non hai mai dato il tuo indirizzo vero.',
    },
    { type: 'h3', text: '4. Aprire un messaggio non rivela niente' },
    {
      type: 'p',
      text: 'Molte campagne usano immagini invisibili per sapere chi apre i messaggi e concentrare gli sforzi sugli indirizzi attivi. Nella nostra casella le immagini esterne sono bloccate finché non le chiedi e il contenuto HTML viene mostrato senza eseguire script: leggere un messaggio sospetto non conferma nulla a chi l’ha mandato.',
    },
    {
      type: 'callout',
      tone: 'warning',
      title: 'Una protezione, non uno scudo totale',
      text: 'Un’email temporanea riduce l’esposizione, ma non ti rende immune: se clicchi un link truffaldino e inserisci la password della tua banca, il danno è fatto, qualunque sia la casella da cui sei partito. Le buone abitudini restano indispensabili.',
    },
    { type: 'h2', text: 'Come riconoscere un messaggio di phishing', id: 'riconoscere' },
    {
      type: 'checklist',
      items: [
        'Il mittente ha un nome familiare ma un dominio strano, con lettere scambiate o parole aggiunte.',
        'Nella nostra casella il messaggio porta l’avviso rosso «… non conferma di aver inviato questo messaggio»: il dominio scritto nel campo Da non lo riconosce come suo (controllo DMARC). Succede ai falsi, ma anche ad alcuni messaggi veri inoltrati o passati da una mailing list: nel dubbio, non aprire link e allegati.',
        'Il messaggio mette fretta: «entro 24 ore», «ultimo avviso», «account sospeso».',
        'Ti chiede di inserire password, codici o dati della carta attraverso un link.',
        'L’indirizzo a cui porta il link, visibile passandoci sopra con il mouse o tenendolo premuto sullo smartphone, non è quello del sito ufficiale.',
        'Contiene un allegato inatteso, soprattutto un archivio compresso o un documento che chiede di abilitare le macro.',
        'Il tono è generico («Gentile cliente») oppure, al contrario, sa troppe cose di te.',
      ],
    },
    { type: 'h2', text: 'Le esche più diffuse', id: 'esche' },
    {
      type: 'p',
      text: 'I copioni cambiano nome ma non struttura. Conoscere i più frequenti aiuta a riconoscerli al primo sguardo, anche quando la grafica è perfetta:',
    },
    {
      type: 'ul',
      items: [
        'il pacco in giacenza: un corriere ti chiede pochi euro per sbloccare una consegna, e la pagina di pagamento raccoglie i dati della carta;',
        'l’accesso sospetto: la banca o il provider di posta ti avvisa di un accesso anomalo e ti invita a «verificare» subito l’account con le tue credenziali;',
        'il rimborso inatteso: un ente pubblico o un’azienda ti promette una somma da incassare, purché tu inserisca l’IBAN o i dati della carta;',
        'l’abbonamento scaduto: un servizio di streaming o un antivirus ti avvisa che il pagamento non è andato a buon fine e che l’account sarà sospeso;',
        'la fattura allegata: un fornitore sconosciuto ti manda un documento da aprire, che in realtà contiene un programma malevolo;',
        'la richiesta del capo: un messaggio che sembra arrivare da un dirigente chiede un bonifico urgente e riservato.',
      ],
    },
    {
      type: 'p',
      text: 'In tutti i casi la richiesta finale è la stessa: inserire dati su una pagina raggiunta da un link, o aprire un allegato. È quel gesto, non il messaggio in sé, a fare il danno.',
    },
    { type: 'h2', text: 'I codici di verifica, nuovo bersaglio', id: 'codici' },
    {
      type: 'p',
      text: 'Da quando l’autenticazione a due fattori si è diffusa, rubare una password non basta più. I truffatori si sono adattati: dopo aver ottenuto le credenziali, ti contattano fingendosi l’assistenza del servizio e ti chiedono di leggere ad alta voce, o di inoltrare, il codice che hai appena ricevuto. Quel codice è l’ultima chiave che mancava loro.',
    },
    {
      type: 'p',
      text: 'La regola è semplice: un codice di verifica si digita solo nel sito o nell’app da cui l’hai chiesto tu, e non si comunica mai a nessuno, nemmeno a chi dice di lavorare per il servizio. Un codice che arriva senza che tu l’abbia chiesto è a sua volta un segnale d’allarme: qualcuno sta provando a entrare nel tuo account, e conviene cambiare subito la password.',
    },
    { type: 'h2', text: 'Se hai già cliccato', id: 'se-hai-cliccato' },
    {
      type: 'p',
      text: 'Capita anche alle persone più attente, soprattutto quando sono stanche o di fretta. Quello che conta è agire subito, nell’ordine giusto:',
    },
    {
      type: 'ol',
      items: [
        'Chiudi la pagina e non inserire altri dati. Se hai scaricato un file, non aprirlo.',
        'Se hai inserito una password, cambiala subito partendo dal sito ufficiale, digitato a mano, e cambiala anche su ogni altro account in cui la usavi.',
        'Se hai inserito i dati della carta o del conto, chiama la tua banca al numero che trovi sul suo sito o sul retro della carta e fai bloccare ciò che serve.',
        'Attiva l’autenticazione a due fattori sull’account coinvolto, se non l’avevi già fatto.',
        'Se hai aperto un allegato, fai una scansione completa del dispositivo con un antivirus aggiornato.',
        'Conserva il messaggio e segnalalo alla Polizia Postale: è una prova utile se qualcuno usa i tuoi dati.',
      ],
    },
    { type: 'h2', text: 'Consigli pratici', id: 'consigli' },
    {
      type: 'ul',
      items: [
        'Non entrare mai in un account partendo da un link ricevuto via email: digita l’indirizzo del sito o usa l’app ufficiale.',
        'Usa un gestore di password: non compila le credenziali su un dominio falso, e questo è già un campanello d’allarme.',
        'Attiva l’autenticazione a due fattori su tutti gli account che la offrono; come farlo è spiegato nella guida alla [sicurezza online](/sicurezza-online).',
        'Se un messaggio ti allarma, verifica con un canale diverso: chiama il numero che trovi sul sito ufficiale, non quello scritto nel messaggio.',
        'Segnala il phishing come tale nel tuo programma di posta: aiuti i filtri a fermarlo anche per gli altri.',
        'Per iscrizioni occasionali usa un [indirizzo temporaneo](/): meno siti conoscono la tua email, meno esche riceverai.',
      ],
    },
    {
      type: 'p',
      text: 'Se temi che le tue credenziali siano già finite nelle mani sbagliate, leggi cosa fare nell’articolo su come [proteggere la tua email dalle violazioni](/blog/proteggere-email-violazioni).',
    },
  ],
};
