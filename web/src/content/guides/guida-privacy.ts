import { PRODUCT_NAME } from '@et/common';
import type { Guide } from './guide';
import { limits } from '../limits';
import { pages } from '../site';

/** `/guida-privacy`: email, browsers, VPN, social media, GDPR rights and a checklist. */
export const guide: Guide = {
  title: pages['/guida-privacy'].heading,
  description: pages['/guida-privacy'].intro,
  blocks: [
    {
      type: 'p',
      text: 'La privacy online si costruisce con piccole scelte ripetute: quale indirizzo dare a un sito, quali permessi concedere a un’app, cosa rendere pubblico su un profilo. Questa guida le raccoglie per area, con indicazioni pratiche che puoi applicare subito. In fondo trovi una checklist per verificare a che punto sei.',
    },
    { type: 'h2', text: 'Proteggere la tua email', id: 'email' },
    {
      type: 'p',
      text: 'L’indirizzo email è il dato personale che consegniamo più spesso, ed è anche quello che collega tra loro tutti i nostri account. Trattalo come tratteresti il numero di telefono di casa: da dare solo a chi ne ha davvero bisogno.',
    },
    {
      type: 'ul',
      items: [
        'Riserva l’indirizzo principale a persone, lavoro e servizi essenziali come banca e pubblica amministrazione.',
        'Per newsletter, negozi e social usa alias diversi: quando uno riceve spam, sai chi ha ceduto il tuo indirizzo e puoi disattivarlo.',
        `Per download, coupon, prove gratuite e siti che non conosci usa un indirizzo di [${PRODUCT_NAME}](/): dopo ${limits.ttl}, o al massimo ${limits.maxLifetime} se lo estendi, sparisce con tutti i messaggi.`,
        'Disattiva il caricamento automatico delle immagini nei messaggi, per non segnalare ai mittenti quando apri la posta.',
        'Proteggi la casella con una password unica e l’autenticazione a due fattori: chi la controlla può reimpostare le password di tutti gli altri tuoi account.',
      ],
    },
    { type: 'h2', text: 'Configurare il browser', id: 'browser' },
    {
      type: 'p',
      text: 'I browser moderni offrono protezioni efficaci, ma non sempre sono attive al livello più alto. Dedica 10 minuti alle impostazioni della privacy:',
    },
    {
      type: 'ol',
      items: [
        'Blocca i cookie di terze parti e attiva la protezione dal tracciamento al livello più rigoroso che non ti crei problemi.',
        'Imposta come predefinito un motore di ricerca che non registri la cronologia delle ricerche.',
        'Controlla i permessi dei siti (posizione, fotocamera, microfono, notifiche) e rimuovi quelli concessi per sbaglio.',
        'Rivedi le estensioni installate e tieni solo quelle che usi e di cui conosci lo sviluppatore.',
        'Fai in modo che il browser si aggiorni in automatico.',
        'Se usi lo stesso computer con altre persone, crea profili separati, ciascuno con la propria cronologia e le proprie password.',
      ],
    },
    {
      type: 'callout',
      tone: 'info',
      title: 'Incognito non vuol dire invisibile',
      text: 'La navigazione privata cancella cronologia e cookie alla chiusura della finestra, ma i siti che visiti, la rete che usi e il tuo fornitore di connessione continuano a vedere la tua attività.',
    },
    { type: 'h2', text: 'VPN: quando serve davvero', id: 'vpn' },
    {
      type: 'p',
      text: 'Una VPN crea un tunnel cifrato tra il tuo dispositivo e un server del fornitore: chi gestisce la rete a cui sei collegato non vede quali siti visiti, e i siti vedono l’indirizzo IP della VPN invece del tuo. Non è però una bacchetta magica.',
    },
    {
      type: 'table',
      caption: 'Quando una VPN aiuta e quando no',
      head: ['Situazione', 'La VPN aiuta?'],
      rows: [
        [
          'Wi-Fi pubblico in hotel, aeroporti, bar',
          'Sì: nasconde il traffico a chi gestisce o spia la rete',
        ],
        ['Nascondere il tuo indirizzo IP ai siti', 'Sì, ma il fornitore della VPN lo conosce'],
        [
          'Evitare il tracciamento tramite cookie e account',
          'No: se accedi a un account, il sito sa comunque chi sei',
        ],
        ['Difendersi da phishing e malware', 'No: servono attenzione e software aggiornato'],
        [
          'Navigare da casa su siti cifrati',
          'Utilità limitata: il traffico è già protetto dalla cifratura',
        ],
      ],
    },
    {
      type: 'p',
      text: 'Se decidi di usarne una, scegli un fornitore che dichiari con chiarezza di non conservare i registri della navigazione e che sia stato sottoposto a verifiche indipendenti. Evita le VPN gratuite sconosciute: qualcuno deve pagare i server, e spesso lo fa vendendo i dati degli utenti.',
    },
    { type: 'h2', text: 'Social media', id: 'social' },
    {
      type: 'ul',
      items: [
        'Imposta il profilo in modo che post, foto e lista degli amici siano visibili solo alle persone che scegli.',
        'Disattiva la ricerca del profilo tramite numero di telefono o indirizzo email, se il social lo permette.',
        'Togli la posizione dalle foto e non segnalare dove ti trovi mentre sei lì.',
        'Non rispondere ai giochi del tipo «il nome del tuo primo animale più la via in cui sei cresciuto»: sono le domande di sicurezza di molti servizi.',
        'Ogni sei mesi controlla le app collegate al profilo e le inserzioni che ti vengono mostrate: le impostazioni pubblicitarie dicono molto su ciò che il social sa di te.',
        'Ricorda che ciò che pubblichi può essere copiato e salvato da altri, anche se in seguito lo cancelli.',
      ],
    },
    { type: 'h2', text: 'I tuoi diritti secondo il GDPR', id: 'diritti' },
    {
      type: 'p',
      text: 'Il Regolamento europeo sulla protezione dei dati (GDPR) ti dà un potere concreto nei confronti di qualunque organizzazione tratti i tuoi dati: aziende, associazioni, enti pubblici. Ecco i diritti principali:',
    },
    {
      type: 'table',
      caption: 'I diritti principali previsti dal GDPR',
      head: ['Diritto', 'Cosa puoi chiedere', 'Articolo'],
      rows: [
        [
          'Accesso',
          'Se trattano dati su di te, quali, da dove li hanno presi, a chi li danno e per quanto li tengono',
          'Art. 15',
        ],
        ['Rettifica', 'La correzione dei dati sbagliati o incompleti', 'Art. 16'],
        [
          'Cancellazione',
          'L’eliminazione dei dati che non sono più necessari o trattati senza una base valida',
          'Art. 17',
        ],
        [
          'Limitazione',
          'Il congelamento temporaneo dei dati, ad esempio mentre ne contesti l’esattezza',
          'Art. 18',
        ],
        [
          'Portabilità',
          'Una copia dei dati che hai fornito, in un formato leggibile da un computer',
          'Art. 20',
        ],
        [
          'Opposizione',
          'Lo stop al trattamento basato sul legittimo interesse e, sempre, al marketing diretto',
          'Art. 21',
        ],
      ],
    },
    { type: 'h3', text: 'Come esercitarli' },
    {
      type: 'ol',
      items: [
        'Trova il contatto indicato nell’informativa sulla privacy: spesso è un indirizzo email dedicato o quello del responsabile della protezione dei dati.',
        'Scrivi una richiesta breve: chi sei, quale diritto eserciti, a quali dati o servizio ti riferisci. Non serve citare le norme, ma aiuta.',
        'Aggiungi solo le informazioni necessarie a identificarti, come l’indirizzo con cui sei registrato. Non inviare documenti d’identità se non ti vengono chiesti per un motivo preciso.',
        'Conserva una copia della richiesta e la data di invio.',
      ],
    },
    {
      type: 'callout',
      tone: 'tip',
      title: 'Risposta entro 30 giorni',
      text: 'L’organizzazione deve risponderti senza ritardo e comunque entro 30 giorni dal ricevimento della richiesta. Solo per le richieste complesse può prorogare il termine, ma deve dirtelo entro quei 30 giorni spiegandone il motivo. La risposta è gratuita.',
    },
    {
      type: 'p',
      text: 'Se non ricevi risposta o la risposta non ti soddisfa, puoi presentare un reclamo al Garante per la protezione dei dati personali. Per sapere come trattiamo noi i tuoi dati, leggi la nostra [informativa sulla privacy](/privacy).',
    },
    { type: 'h2', text: 'La checklist della privacy', id: 'checklist' },
    {
      type: 'checklist',
      items: [
        'Ho un indirizzo principale che non pubblico e do solo a chi ne ha bisogno.',
        'Uso alias o email temporanee per le registrazioni non essenziali.',
        'La mia casella ha una password unica e l’autenticazione a due fattori.',
        'Le immagini nei messaggi si caricano solo se lo chiedo io.',
        'Il browser blocca i cookie di terze parti ed è aggiornato.',
        'Ho controllato i permessi dei siti e le estensioni installate.',
        'Se uso una VPN, so chi la gestisce e cosa conserva.',
        'I miei profili social mostrano al pubblico solo ciò che ho scelto.',
        'Ho rivisto le app collegate ai social e all’account di posta.',
        'So a chi scrivere e cosa chiedere per esercitare i miei diritti GDPR.',
      ],
    },
    {
      type: 'p',
      text: 'Vuoi andare oltre? L’articolo [Privacy online: guida pratica](/blog/guida-privacy-online) approfondisce smartphone, acquisti e reti, mentre la guida alla [sicurezza online](/sicurezza-online) si occupa di password, autenticazione a due fattori e truffe.',
    },
  ],
};
