import { MAILBOX_TTL_SECONDS, PRODUCT_NAME } from '@et/common';
import { limits } from '../limits';
import { CONTACT_EMAILS } from '../site';
import type { LegalSection } from './legal-section';
import { logRetentionDays, operator } from './operator';

/** Date of the last revision of the privacy policy, ISO `YYYY-MM-DD`. */
export const lastUpdated = '2025-01-15';

const ttlMinutes = MAILBOX_TTL_SECONDS / 60;

/** The privacy policy of `/privacy`, section by section. */
export const sections: LegalSection[] = [
  {
    title: 'Chi tratta i tuoi dati',
    blocks: [
      {
        type: 'p',
        text: `Questa informativa spiega come il servizio ${PRODUCT_NAME} tratta i dati personali di chi visita il sito e usa le caselle di posta temporanee, come richiedono gli articoli 13 e 14 del Regolamento (UE) 2016/679 («GDPR») e il Codice in materia di protezione dei dati personali (D.Lgs. 196/2003).`,
      },
      {
        type: 'p',
        text: `Titolare del trattamento è ${operator.name}, con sede in ${operator.address} (${operator.taxId}). Per qualsiasi domanda sui tuoi dati, o per esercitare i tuoi diritti, scrivi a ${CONTACT_EMAILS.privacy}.`,
      },
    ],
  },
  {
    title: 'In breve',
    blocks: [
      {
        type: 'ul',
        items: [
          'Non ti chiediamo registrazione, nome, numero di telefono né altri indirizzi email.',
          'Non usiamo cookie, strumenti di analisi, pixel di tracciamento o pubblicità, e la pagina non contatta servizi di terze parti.',
          `Ogni casella vive ${ttlMinutes} minuti dalla creazione o dall’ultima estensione: alla scadenza l’indirizzo, i messaggi e gli allegati vengono cancellati in modo definitivo.`,
          'Il server elabora i messaggi in automatico solo per mostrarteli: nessuna persona li legge e nulla di ciò che contengono esce dal server.',
          `Il server non registra le singole richieste: annota soltanto avvii, arresti ed errori, e questi registri vengono cancellati dopo ${logRetentionDays} giorni.`,
          'Non vendiamo e non cediamo dati a nessuno.',
        ],
      },
    ],
  },
  {
    title: 'Quali dati trattiamo',
    blocks: [
      { type: 'h3', text: 'La casella temporanea' },
      {
        type: 'p',
        text: 'Quando apri la pagina generiamo un indirizzo casuale e una chiave di accesso segreta (token). Sul server conserviamo l’indirizzo, il momento della scadenza e solo un’impronta crittografica (hash) della chiave: la chiave in chiaro la riceve soltanto il tuo browser, quindi nemmeno noi possiamo usarla per entrare nella tua casella.',
      },
      { type: 'h3', text: 'I messaggi ricevuti' },
      {
        type: 'p',
        text: 'Conserviamo i messaggi che arrivano all’indirizzo così come sono stati spediti: mittente, destinatari, oggetto, testo, eventuali allegati e intestazioni tecniche. Possono contenere dati personali tuoi o di chi li ha inviati.',
      },
      {
        type: 'p',
        text: 'Appena un messaggio arriva, il server lo elabora in automatico, senza che nessuna persona lo legga: ne ricava oggetto, anteprima e testo da mostrarti, ripulisce la parte HTML da script e da altri elementi pericolosi, e cerca un eventuale codice di verifica o link di conferma per metterlo in evidenza nella tua casella. Lo fa al solo scopo di mostrarti la posta in modo leggibile e sicuro. Né i messaggi né quanto ne ricava escono dal server: non li usiamo per pubblicità, statistiche o profilazione e non li passiamo a nessuno.',
      },
      { type: 'h3', text: 'I dati salvati nel tuo browser' },
      {
        type: 'p',
        text: 'Il sito salva alcune informazioni sul tuo dispositivo, nelle memorie del browser. Non sono cookie, non vengono inviate ad altri siti e non servono a riconoscerti:',
      },
      {
        type: 'ul',
        items: [
          'nella memoria di sessione della scheda (sessionStorage): l’indirizzo, la chiave di accesso e l’elenco dei messaggi, perché ricaricando la pagina tu non perda la casella. Il browser li cancella quando chiudi la scheda;',
          'nella memoria locale (localStorage): il tema che hai scelto (chiaro o scuro), se lo hai scelto, e se hai attivato le notifiche dei nuovi messaggi. Restano sul dispositivo finché non cambi scelta o non cancelli i dati del sito dalle impostazioni del browser;',
          'nella cache del service worker, il piccolo programma che la pagina iniziale installa nel browser per mostrarti le notifiche e per permetterti di aggiungere il sito alla schermata Home come un’app: una copia della pagina iniziale e dei file che le servono per aprirsi (codice e stili), uguali per chiunque visiti il sito.',
        ],
      },
      {
        type: 'p',
        text: 'Il service worker non conserva mai la tua posta. Non salva i messaggi, gli allegati, il tuo indirizzo temporaneo né la chiave di accesso, e non tocca le richieste con cui la pagina parla con la tua casella: quelle vanno sempre direttamente al server, che a sua volta chiede al browser di non conservarne le risposte. La copia della pagina resta sul dispositivo finché non cancelli i dati del sito dalle impostazioni del browser, e si aggiorna da sola quando pubblichiamo una nuova versione.',
      },
      { type: 'h3', text: 'Il link «Apri sul telefono»' },
      {
        type: 'p',
        text: 'Se usi «Apri sul telefono», la chiave di accesso entra nel link mostrato dal codice QR, nella parte che segue il simbolo # (…/#apri=…). Quella parte dell’indirizzo, il frammento, resta nel browser: i browser non la inviano a nessun server, né al nostro né ad altri, quindi la chiave non finisce in alcun registro. La pagina che si apre sul telefono la toglie subito dalla barra degli indirizzi. Ricorda però che chiunque abbia il link o inquadri il codice può leggere la tua casella finché è attiva.',
      },
      { type: 'h3', text: 'I registri tecnici (log)' },
      {
        type: 'p',
        text: 'Il server non registra le singole visite né le singole richieste. Scrive una riga nei suoi registri solo quando si avvia o si arresta e quando qualcosa va storto, per esempio una richiesta che non riesce a completare, un messaggio che non riesce a salvare o una connessione di posta che si interrompe con un errore. Queste righe contengono data e ora, un numero progressivo della richiesta e la descrizione tecnica dell’errore; quelle sulle connessioni di posta contengono anche l’indirizzo IP del server che stava consegnando il messaggio.',
      },
      {
        type: 'p',
        text: `I registri non contengono mai la chiave di accesso alle caselle, né il testo, l’oggetto o gli allegati dei messaggi. Vengono cancellati dopo ${logRetentionDays} giorni.`,
      },
      { type: 'h3', text: 'I dati per prevenire gli abusi' },
      {
        type: 'p',
        text: `Per impedire che qualcuno crei caselle in massa con programmi automatici, contiamo quante caselle vengono create da uno stesso indirizzo IP: al massimo ${limits.createMax} ogni ${limits.createWindow}. Il conteggio è legato all’indirizzo IP solo per quella finestra di tempo e poi viene scartato.`,
      },
      { type: 'h3', text: 'Il registro degli indirizzi scaduti' },
      {
        type: 'p',
        text: `Dopo la scadenza teniamo per ${limits.tombstoneDays} giorni il solo indirizzo scaduto, senza messaggi e senza alcun collegamento a te o al tuo indirizzo IP. Ci serve per non riassegnarlo a un’altra persona, che altrimenti potrebbe ricevere posta destinata a te.`,
      },
      { type: 'h3', text: 'Le richieste all’assistenza' },
      {
        type: 'p',
        text: 'Se ci scrivi, trattiamo il tuo indirizzo email e quanto ci racconti nel messaggio, al solo scopo di risponderti.',
      },
    ],
  },
  {
    title: 'Perché li trattiamo e su quale base giuridica',
    blocks: [
      {
        type: 'table',
        caption: 'Finalità del trattamento e relative basi giuridiche (art. 6 GDPR)',
        head: ['Finalità', 'Dati', 'Base giuridica'],
        rows: [
          [
            'Fornire la casella temporanea e mostrarti la posta',
            'Casella, messaggi, dati nel browser',
            'Esecuzione del servizio che hai richiesto aprendo la pagina (art. 6, par. 1, lett. b)',
          ],
          [
            'Sicurezza, prevenzione degli abusi e risoluzione dei guasti',
            'Registri tecnici, conteggio anti-abuso',
            'Legittimo interesse a mantenere il servizio sicuro e funzionante (art. 6, par. 1, lett. f)',
          ],
          [
            'Evitare che un indirizzo scaduto finisca a un altro utente',
            'Registro degli indirizzi scaduti',
            'Legittimo interesse a proteggere la riservatezza degli utenti (art. 6, par. 1, lett. f)',
          ],
          [
            'Rispondere alle richieste di assistenza e all’esercizio dei diritti',
            'Email e contenuto della richiesta',
            'Esecuzione della tua richiesta e adempimento di obblighi di legge (art. 6, par. 1, lett. b e c)',
          ],
        ],
      },
      {
        type: 'p',
        text: 'Non prendiamo decisioni automatizzate che producano effetti giuridici su di te e non creiamo profili degli utenti.',
      },
    ],
  },
  {
    title: 'Sei obbligato a fornire i dati?',
    blocks: [
      {
        type: 'p',
        text: 'Non ti chiediamo alcun dato. L’unico che ci arriva comunque è l’indirizzo IP, che il tuo dispositivo comunica a ogni sito che visiti: senza di esso la connessione non può avvenire, quindi è necessario per usare il servizio. Se non vuoi comunicarlo non puoi usare il sito, oppure puoi collegarti attraverso una rete che mostri un indirizzo diverso dal tuo, come una VPN.',
      },
    ],
  },
  {
    title: 'Per quanto tempo li conserviamo',
    blocks: [
      {
        type: 'table',
        caption: 'Tempi di conservazione',
        head: ['Dati', 'Conservazione'],
        rows: [
          [
            'Casella, messaggi e allegati',
            `${ttlMinutes} minuti dalla creazione o dall’ultima estensione; alla scadenza vengono cancellati in modo definitivo entro pochi secondi`,
          ],
          ['Dati nella memoria di sessione', 'Fino alla chiusura della scheda'],
          [
            'Tema e scelta sulle notifiche',
            'Finché non cambi scelta o non cancelli i dati del sito',
          ],
          [
            'Copia della pagina iniziale (service worker)',
            'Finché non cancelli i dati del sito; si rinnova a ogni nuova versione',
          ],
          ['Registri tecnici (log)', `${logRetentionDays} giorni, poi cancellazione`],
          [
            'Conteggio anti-abuso',
            `La finestra di ${limits.createWindow} su cui è calcolato il limite`,
          ],
          ['Registro degli indirizzi scaduti', `${limits.tombstoneDays} giorni dalla scadenza`],
          [
            'Richieste di assistenza',
            'Il tempo necessario a gestirle e comunque non oltre 12 mesi',
          ],
        ],
      },
      {
        type: 'p',
        text: 'Il contenuto delle caselle non viene copiato in archivi o copie di sicurezza: una volta cancellato, non è recuperabile né da te né da noi. Puoi anche cancellarlo prima della scadenza, eliminando i singoli messaggi, svuotando la casella o eliminando tutto con «Elimina tutto ora».',
      },
      {
        type: 'p',
        text: 'Un registro tecnico può essere conservato più a lungo solo se serve ad accertare un attacco o un abuso in corso, oppure se lo richiede un’autorità nei casi previsti dalla legge, e solo per il tempo strettamente necessario.',
      },
    ],
  },
  {
    title: 'Cookie e tecnologie simili',
    blocks: [
      {
        type: 'p',
        text: 'Il sito non usa cookie, né nostri né di terze parti, e non usa strumenti di analisi o di tracciamento. Le memorie del browser descritte sopra sono strumenti tecnici strettamente necessari a fornirti il servizio che hai chiesto, o a ricordare una scelta che hai fatto tu: per questo la legge non richiede il tuo consenso (art. 122 del Codice privacy e linee guida del Garante del 10 giugno 2021), e non trovi alcun banner.',
      },
      {
        type: 'p',
        text: 'Se scegli di attivare le notifiche per i nuovi messaggi, il browser ti chiede il permesso: puoi revocarlo in qualsiasi momento dalle sue impostazioni. Le notifiche sono generate sul tuo dispositivo, dalla pagina aperta e dal suo service worker, solo mentre la pagina è aperta: non passano da servizi di notifica di terze parti e nessuno ti scrive quando la pagina è chiusa.',
      },
      {
        type: 'p',
        text: 'I riquadri «Spazio pubblicitario» che vedi nella pagina sono segnaposto vuoti: non caricano annunci, codice o contenuti di terze parti. Se un giorno mostrassimo pubblicità, aggiorneremmo prima questa informativa e, dove la legge lo richiede, ti chiederemmo il consenso.',
      },
    ],
  },
  {
    title: 'Immagini e link contenuti nei messaggi',
    blocks: [
      {
        type: 'p',
        text: 'Le immagini che un messaggio carica da server esterni sono bloccate finché non premi «Mostra immagini». Se lo fai, è il tuo browser a scaricarle direttamente dal server del mittente, che può quindi vedere il tuo indirizzo IP e sapere che hai aperto il messaggio. Lo stesso vale per i link che apri: da quel momento si applicano le informative dei siti che visiti.',
      },
    ],
  },
  {
    title: 'Dove si trovano i dati e chi può accedervi',
    blocks: [
      {
        type: 'p',
        text: `Il servizio funziona su server forniti da ${operator.hosting}. I dati restano nello Spazio economico europeo: non li trasferiamo in Paesi terzi.`,
      },
      {
        type: 'p',
        text: 'Non vendiamo e non cediamo i dati a nessuno, né li usiamo per pubblicità. Possono accedervi soltanto:',
      },
      {
        type: 'ul',
        items: [
          'il fornitore dei server, nominato responsabile del trattamento ai sensi dell’art. 28 GDPR e tenuto a usare i dati solo secondo le nostre istruzioni;',
          'le autorità pubbliche, esclusivamente quando la legge ci obbliga a fornire informazioni e solo per i dati che in quel momento esistono ancora.',
        ],
      },
    ],
  },
  {
    title: 'Come proteggiamo i dati',
    blocks: [
      {
        type: 'ul',
        items: [
          'Le connessioni al sito sono cifrate.',
          'La chiave di accesso di ogni casella è generata a caso con almeno 256 bit di casualità e sul server ne conserviamo solo l’impronta crittografica.',
          'La chiave viaggia nelle intestazioni delle richieste, mai nel percorso o nei parametri degli indirizzi delle pagine; l’unica eccezione è il frammento del link «Apri sul telefono», che come spiegato sopra non lascia il browser.',
          'Chi prova a leggere una casella con una chiave errata o scaduta riceve un rifiuto, e i messaggi di una casella non sono raggiungibili dalle altre.',
          'Il contenuto HTML dei messaggi viene ripulito sul server e poi mostrato in un riquadro isolato che non può eseguire script.',
        ],
      },
    ],
  },
  {
    title: 'I tuoi diritti',
    blocks: [
      {
        type: 'p',
        text: 'In qualsiasi momento puoi chiederci di:',
      },
      {
        type: 'ul',
        items: [
          'sapere se trattiamo dati che ti riguardano e riceverne copia (diritto di accesso, art. 15 GDPR);',
          'correggere dati inesatti (rettifica, art. 16);',
          'cancellarli (art. 17);',
          'limitarne il trattamento (art. 18);',
          'sapere a chi abbiamo comunicato una rettifica, una cancellazione o una limitazione, dato che siamo tenuti a informarne chi ha ricevuto i dati (art. 19);',
          'riceverli in un formato strutturato e leggibile da un computer (portabilità, art. 20);',
          'opporti ai trattamenti basati sul legittimo interesse (opposizione, art. 21).',
        ],
      },
      {
        type: 'p',
        text: 'Tieni presente che non sappiamo chi sei: per trovare i dati che ti riguardano potremmo chiederti informazioni che permettano di individuarli, ad esempio l’indirizzo temporaneo usato e l’ora approssimativa. Spesso, inoltre, i dati saranno già stati cancellati per effetto delle scadenze descritte sopra.',
      },
    ],
  },
  {
    title: 'Come esercitare i tuoi diritti',
    blocks: [
      {
        type: 'p',
        text: `Scrivi a ${CONTACT_EMAILS.privacy} indicando quale diritto vuoi esercitare e, se possibile, l’indirizzo temporaneo e il periodo a cui si riferisce la richiesta. La richiesta è gratuita.`,
      },
      {
        type: 'p',
        text: 'Ti rispondiamo senza ritardo e comunque entro un mese dal ricevimento, prorogabile di due mesi solo se la richiesta è particolarmente complessa o se ne riceviamo molte (art. 12 GDPR): in quel caso te lo comunichiamo entro il primo mese, spiegandoti il motivo.',
      },
    ],
  },
  {
    title: 'Reclamo al Garante',
    blocks: [
      {
        type: 'p',
        text: 'Se ritieni che trattiamo i tuoi dati in violazione del GDPR, puoi proporre reclamo al Garante per la protezione dei dati personali (art. 77 GDPR): Piazza Venezia 11, 00187 Roma; email protocollo@gpdp.it, PEC protocollo@pec.gpdp.it; sito www.garanteprivacy.it, dove trovi anche il modulo da usare. Se vivi o lavori in un altro Paese dell’Unione, puoi rivolgerti all’autorità di controllo di quel Paese.',
      },
    ],
  },
  {
    title: 'Minori',
    blocks: [
      {
        type: 'p',
        text: 'Il servizio non è rivolto ai minori di 14 anni. Poiché non raccogliamo dati anagrafici, non siamo in grado di verificare l’età di chi lo usa: se sei un genitore e hai dubbi, scrivici.',
      },
    ],
  },
  {
    title: 'Modifiche a questa informativa',
    blocks: [
      {
        type: 'p',
        text: 'Potremo aggiornare questa informativa se cambiano il servizio o le norme. La data dell’ultimo aggiornamento è indicata in cima alla pagina; se una modifica cambia in modo rilevante il modo in cui trattiamo i dati, la segnaleremo in modo evidente sul sito.',
      },
      {
        type: 'p',
        text: 'Le regole di utilizzo del servizio sono nei [termini di servizio](/terms), un documento distinto da questa informativa.',
      },
    ],
  },
];
