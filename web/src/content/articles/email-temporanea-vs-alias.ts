import { limits } from '../limits';
import type { Article } from './article';

/** Temporary address versus alias: comparison table, pros and cons, the three-level strategy. */
export const article: Article = {
  slug: 'email-temporanea-vs-alias',
  title: 'Email temporanea o alias: quale scegliere e quando',
  description:
    'Durata, anonimato, invio e gestione dello spam: il confronto completo tra email temporanea e alias, con una strategia a tre livelli per organizzare la posta.',
  category: 'Confronti',
  date: '2025-01-08',
  dateModified: '2026-11-28',
  textFingerprint: 'd6eb20a91e9b0d50',
  readTimeMinutes: 8,
  blocks: [
    {
      type: 'p',
      text: 'Email temporanea e alias nascono dallo stesso bisogno: non dare a tutti il tuo indirizzo vero. Funzionano però in modo molto diverso e non sono intercambiabili. Capire cosa fa ciascuno ti permette di scegliere in pochi secondi lo strumento giusto per ogni registrazione.',
    },
    { type: 'h2', text: 'Le due soluzioni in breve', id: 'definizioni' },
    {
      type: 'p',
      text: 'Un’email temporanea è una casella usa e getta: la ottieni senza registrarti, riceve posta per un periodo breve, di solito 10 minuti ma a seconda del servizio fino a un’ora, e poi si cancella insieme ai messaggi.',
    },
    {
      type: 'p',
      text: 'Un alias è un indirizzo aggiuntivo che inoltra la posta alla tua casella principale. Molti provider di posta e diversi servizi dedicati permettono di crearne quanti ne vuoi, uno per ogni sito; quando un alias comincia a ricevere spam, lo disattivi e il problema sparisce senza toccare il tuo indirizzo vero.',
    },
    { type: 'h2', text: 'Il confronto', id: 'confronto' },
    {
      type: 'table',
      caption: 'Email temporanea e alias a confronto',
      head: ['Caratteristica', 'Email temporanea', 'Alias'],
      rows: [
        ['Durata', '10-60 minuti', 'Illimitata'],
        ['Registrazione', 'Nessuna', 'Account richiesto'],
        [
          'Anonimato',
          'Alto: nessun account, ma il tuo IP resta visibile',
          'Parziale: il provider conosce il tuo account',
        ],
        ['Invio di messaggi', 'No', 'Sì'],
        ['Gestione dello spam', 'Autodistruzione', 'Disattivazione manuale'],
      ],
    },
    {
      type: 'p',
      text: 'L’anonimato di un alias è parziale perché, per quanto l’indirizzo sia diverso dal tuo, dietro c’è sempre un account intestato a te presso il provider che fa l’inoltro. Un’email temporanea, invece, non è collegata ad alcun account; anonima del tutto però non è, perché il sito a cui la dai, e il servizio che te la fornisce, vedono comunque il tuo indirizzo IP, come quello di ogni visitatore.',
    },
    { type: 'h2', text: 'Pro e contro', id: 'pro-contro' },
    { type: 'h3', text: 'Email temporanea' },
    {
      type: 'p',
      text: 'Punti di forza:',
    },
    {
      type: 'ul',
      items: [
        'pronta in un secondo, senza registrazione e senza dati personali;',
        'nessun account e nessun legame con la tua casella principale;',
        'lo spam si elimina da solo: alla scadenza non resta niente da gestire;',
        `è gratuita, e puoi crearne una nuova ogni volta che serve (da noi fino a ${limits.createMax} ogni ${limits.createWindow}).`,
      ],
    },
    { type: 'p', text: 'Limiti:' },
    {
      type: 'ul',
      items: [
        'dura poco: non puoi ricevere messaggi che arrivano dopo la scadenza;',
        'non permette di inviare o rispondere;',
        'non serve per recuperare una password in futuro;',
        'alcuni siti rifiutano i domini dei servizi temporanei.',
      ],
    },
    { type: 'h3', text: 'Alias' },
    { type: 'p', text: 'Punti di forza:' },
    {
      type: 'ul',
      items: [
        'dura finché vuoi, quindi va bene anche per account da conservare;',
        'di solito permette di rispondere senza rivelare il tuo indirizzo vero;',
        'se crei un alias per ogni sito, capisci subito chi ha ceduto o perso il tuo indirizzo;',
        'è raramente bloccato, perché somiglia a un indirizzo qualsiasi.',
      ],
    },
    { type: 'p', text: 'Limiti:' },
    {
      type: 'ul',
      items: [
        'richiede un account presso un provider, che conosce tutti i tuoi alias;',
        'la posta arriva comunque nella tua casella finché non disattivi l’alias;',
        'tenere in ordine decine di alias richiede un minimo di disciplina;',
        'le funzioni più comode sono spesso a pagamento.',
      ],
    },
    { type: 'h2', text: 'Quando usare ciascuno', id: 'quando' },
    {
      type: 'p',
      text: 'Scegli l’email temporanea quando ti serve ricevere qualcosa adesso e non ti importa di quel sito domani: un codice di conferma, un download, un coupon, la prova di un servizio che forse non userai mai. Trovi dieci esempi nell’articolo su [quando usare un’email temporanea](/blog/quando-usare-email-temporanea).',
    },
    {
      type: 'p',
      text: 'Scegli l’alias quando il rapporto con il sito durerà nel tempo ma non merita il tuo indirizzo principale: newsletter che leggi davvero, negozi online in cui torni, social network secondari, programmi fedeltà, forum che frequenti.',
    },
    {
      type: 'p',
      text: 'Tieni l’indirizzo principale per le persone e per i servizi essenziali: banca, lavoro, pubblica amministrazione, sanità, il provider di posta stesso e gli account da cui dipendono tutti gli altri.',
    },
    { type: 'h2', text: 'Tre modi di ottenere un alias', id: 'alias' },
    {
      type: 'ul',
      items: [
        'L’indirizzo con il segno più: molti provider recapitano a nome@ anche la posta indirizzata a nome+negozio@, quindi puoi inventare una variante per ogni sito senza configurare nulla. È gratuito e immediato, ma chi riceve l’indirizzo può togliere la parte dopo il più e risalire a quello vero, e non puoi disattivarlo.',
        'Gli alias del provider di posta: alcuni provider permettono di creare indirizzi aggiuntivi dalle impostazioni della casella. Si possono eliminare, ma spesso il numero è limitato.',
        'I servizi di inoltro dedicati: generano alias casuali, anche uno per ogni sito, e li inoltrano alla tua casella. Sono i più flessibili, ma richiedono di affidare a un servizio in più il passaggio della tua posta.',
      ],
    },
    {
      type: 'p',
      text: 'Qualunque soluzione tu scelga, annota da qualche parte, anche nel gestore di password, quale alias hai dato a ciascun sito: ti servirà quando vorrai capire da dove arriva lo spam o quando dovrai accedere di nuovo a quell’account.',
    },
    { type: 'h2', text: 'La strategia a tre livelli', id: 'strategia' },
    {
      type: 'p',
      text: 'Il modo più efficace di usare questi strumenti è combinarli, assegnando a ogni indirizzo un ruolo preciso. Come punto di partenza ti suggeriamo una ripartizione 70/25/5: più o meno il 70% delle registrazioni all’indirizzo principale, il 25% agli alias e il 5% alle email temporanee. Non è una misura, ma un ordine di grandezza da adattare alle tue abitudini:',
    },
    {
      type: 'table',
      caption: 'Una strategia a tre livelli per la posta',
      head: ['Livello', 'Quota suggerita', 'A cosa serve'],
      rows: [
        [
          'Email principale',
          '70%',
          'Persone, lavoro, banca, servizi pubblici e account da cui dipende il recupero di tutti gli altri',
        ],
        [
          'Alias',
          '25%',
          'Newsletter, negozi, social e servizi che usi con continuità ma che non devono conoscere il tuo indirizzo vero',
        ],
        [
          'Email temporanea',
          '5%',
          'Registrazioni una tantum, download, coupon, prove e siti di cui non ti fidi',
        ],
      ],
    },
    {
      type: 'p',
      text: 'Il 5% può sembrare poco, ma le registrazioni occasionali sono proprio quelle che lasciano il tuo indirizzo a siti che non conosci: tenerle fuori dalla casella principale la protegge da una delle fonti di posta indesiderata più difficili da controllare. Le percentuali non sono una regola da rispettare alla lettera, ma un promemoria: la maggior parte della tua posta importante deve passare da un indirizzo stabile, e solo ciò che è davvero usa e getta deve finire in un indirizzo usa e getta.',
    },
    { type: 'h2', text: 'Un esempio: una settimana di registrazioni', id: 'esempio' },
    {
      type: 'p',
      text: 'Immagina una settimana qualunque. Lunedì scarichi il modello di un curriculum da un sito che non conosci; martedì ti iscrivi alla newsletter della libreria in cui compri spesso; mercoledì apri un account su un social network che vuoi solo provare; giovedì ricevi via email i risultati di un esame medico; venerdì partecipi a un concorso per una tazza personalizzata.',
    },
    {
      type: 'ul',
      items: [
        'Il modello del curriculum e il concorso della tazza sono registrazioni una tantum: email temporanea. Se vinci la tazza non lo saprai, ed è un prezzo accettabile.',
        'La libreria e il social network sono rapporti che potrebbero durare: un alias per ciascuno. Se il social non ti convince, disattivi l’alias e non ne senti più parlare; se la libreria cede il tuo contatto, lo scopri dal nome dell’alias a cui arriva lo spam.',
        'Il referto medico va all’indirizzo principale, senza discussioni: è un dato delicato e potresti averne bisogno tra anni.',
      ],
    },
    {
      type: 'p',
      text: 'Alla fine della settimana la tua casella principale ha ricevuto un solo messaggio nuovo, quello che contava davvero. Le altre quattro registrazioni non possono più raggiungerti, oppure possono farlo solo attraverso un indirizzo che controlli tu.',
    },
    { type: 'h2', text: 'Come passare a questo sistema', id: 'passaggio' },
    {
      type: 'ol',
      items: [
        'Scegli come creare gli alias: con il segno più se il tuo provider lo supporta, altrimenti con gli alias del provider o con un servizio di inoltro.',
        'Apri le newsletter che ricevi e, per quelle che vuoi tenere, aggiorna l’indirizzo nelle preferenze con un alias dedicato; dalle altre disiscriviti.',
        'Fai lo stesso con i negozi e i social che usi, a cominciare da quelli che scrivono più spesso.',
        'Lascia all’indirizzo principale solo persone, lavoro e servizi essenziali, e controlla che i loro account abbiano metodi di recupero aggiornati.',
        'Da qui in avanti, per ogni nuova registrazione fatti le due domande del riquadro qui sotto prima di scrivere un indirizzo.',
      ],
    },
    {
      type: 'p',
      text: 'Non serve fare tutto in un giorno: bastano pochi minuti ogni volta che arriva un messaggio indesiderato. Nel giro di qualche mese il numero di mittenti che conosce il tuo indirizzo vero si riduce a quelli che hai scelto tu.',
    },
    {
      type: 'callout',
      tone: 'tip',
      title: 'Come partire oggi',
      text: 'Alla prossima registrazione chiediti se tra un mese ti servirà ancora quell’account. Se la risposta è no, apri un’[email temporanea](/). Se è sì ma il sito non merita la tua casella principale, crea un alias. In poche settimane la differenza nella tua posta si vedrà.',
    },
    {
      type: 'p',
      text: 'Per altri modi di tenere pulita la casella, leggi la nostra guida su [come evitare lo spam](/blog/come-evitare-spam).',
    },
  ],
};
