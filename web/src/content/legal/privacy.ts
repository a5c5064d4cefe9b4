import { PRODUCT_NAME } from '@et/common';
import { CONTACT_EMAILS } from '../site';
import type { LegalSection } from './legal-section';

/** Date of the last revision of the privacy policy, ISO `YYYY-MM-DD`. */
export const lastUpdated = '2025-01-15';

/** The privacy policy of `/privacy`, section by section. */
export const sections: LegalSection[] = [
  {
    title: 'Chi tratta i tuoi dati',
    blocks: [
      {
        type: 'p',
        text: `Questa informativa spiega come il servizio ${PRODUCT_NAME} tratta i dati personali di chi visita il sito e usa le caselle di posta temporanee, ai sensi del Regolamento (UE) 2016/679 («GDPR») e del Codice in materia di protezione dei dati personali (D.Lgs. 196/2003).`,
      },
      {
        type: 'p',
        text: `Titolare del trattamento è il gestore del servizio ${PRODUCT_NAME}. Per qualsiasi domanda sui tuoi dati, o per esercitare i tuoi diritti, puoi scrivere a ${CONTACT_EMAILS.privacy}.`,
      },
    ],
  },
  {
    title: 'In breve',
    blocks: [
      {
        type: 'ul',
        items: [
          'Non chiediamo registrazione, nome, numero di telefono né altri indirizzi email.',
          'Non usiamo cookie, strumenti di analisi, pixel di tracciamento o pubblicità profilata, e la pagina non contatta servizi di terze parti.',
          "Ogni casella vive dieci minuti (o dieci minuti dall'ultima estensione): alla scadenza l'indirizzo, i messaggi e gli allegati vengono cancellati in modo definitivo.",
          'I registri tecnici del server non contengono la chiave di accesso alle caselle né il contenuto dei messaggi e vengono cancellati dopo 7 giorni.',
          'Non vendiamo, non cediamo e non analizziamo a fini commerciali alcun dato.',
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
        text: "Quando apri la pagina generiamo un indirizzo casuale e una chiave di accesso segreta (token). Sul server conserviamo l'indirizzo, il momento di scadenza e solo un'impronta crittografica (hash) della chiave: la chiave in chiaro la riceve soltanto il tuo browser, quindi nemmeno noi possiamo usarla per entrare nella tua casella.",
      },
      { type: 'h3', text: 'I messaggi ricevuti' },
      {
        type: 'p',
        text: "Conserviamo i messaggi che arrivano all'indirizzo così come sono stati spediti: mittente, destinatari, oggetto, testo, eventuali allegati e intestazioni tecniche. Questi messaggi possono contenere dati personali tuoi o di chi li ha inviati. Non leggiamo né analizziamo il loro contenuto: lo elaboriamo solo per mostrartelo e per rifiutare i messaggi troppo grandi o indirizzati a caselle inesistenti.",
      },
      { type: 'h3', text: 'I dati salvati nel tuo browser' },
      {
        type: 'p',
        text: "Per non farti perdere la casella quando ricarichi la pagina, il browser salva nella memoria di sessione della scheda (sessionStorage) l'indirizzo, la chiave di accesso e l'elenco dei messaggi. Questi dati restano sul tuo dispositivo, non sono cookie e non vengono mai inviati ad altri siti; il browser li elimina quando chiudi la scheda.",
      },
      { type: 'h3', text: 'I registri tecnici (log)' },
      {
        type: 'p',
        text: 'Come ogni servizio online, il server tiene registri di funzionamento che servono a garantirne la sicurezza e a risolvere i guasti. Contengono:',
      },
      {
        type: 'ul',
        items: [
          'per le richieste alle pagine e alle API: data e ora, indirizzo IP, metodo e percorso richiesto, codice di risposta, dimensione della risposta e tipo di browser (user agent);',
          'per la posta in arrivo: data e ora, indirizzo IP del server che consegna il messaggio, indirizzi di mittente e destinatario dichiarati nella consegna, dimensione ed esito (accettato o rifiutato).',
        ],
      },
      {
        type: 'p',
        text: "I registri non contengono mai la chiave di accesso alle caselle, né il testo, l'oggetto o gli allegati dei messaggi.",
      },
      { type: 'h3', text: 'I dati per prevenire gli abusi' },
      {
        type: 'p',
        text: 'Per impedire che qualcuno crei caselle in massa con programmi automatici, contiamo per breve tempo quante caselle vengono create da uno stesso indirizzo IP. Questo conteggio serve solo a far rispettare il limite e viene scartato appena la finestra di controllo si chiude.',
      },
      { type: 'h3', text: 'Il registro degli indirizzi scaduti' },
      {
        type: 'p',
        text: "Dopo la scadenza teniamo per 30 giorni il solo indirizzo scaduto, senza messaggi e senza alcun collegamento a te o al tuo indirizzo IP. Ci serve per non riassegnarlo a un'altra persona, che altrimenti potrebbe ricevere posta destinata a te.",
      },
      { type: 'h3', text: "Le richieste all'assistenza" },
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
            "Rispondere alle richieste di assistenza e all'esercizio dei diritti",
            'Email e contenuto della richiesta',
            'Esecuzione della tua richiesta e adempimento di obblighi di legge (art. 6, par. 1, lett. b e c)',
          ],
        ],
      },
      {
        type: 'p',
        text: 'Non prendiamo decisioni automatizzate che ti riguardano e non creiamo profili degli utenti.',
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
            "Dieci minuti dalla creazione o dall'ultima estensione; alla scadenza vengono cancellati in modo definitivo entro pochi secondi",
          ],
          ['Dati nel tuo browser', 'Fino alla chiusura della scheda'],
          ['Registri tecnici (log)', '7 giorni, poi cancellazione automatica'],
          ['Conteggio anti-abuso', 'Il breve intervallo su cui è calcolato il limite'],
          ['Registro degli indirizzi scaduti', '30 giorni dalla scadenza'],
          [
            'Richieste di assistenza',
            'Il tempo necessario a gestirle e comunque non oltre 12 mesi',
          ],
        ],
      },
      {
        type: 'p',
        text: 'Il contenuto delle caselle non viene copiato in archivi o copie di sicurezza: una volta cancellato, non è recuperabile né da te né da noi. Puoi anche cancellarlo prima della scadenza, eliminando i singoli messaggi o svuotando la casella.',
      },
      {
        type: 'p',
        text: "Un registro tecnico può essere conservato più a lungo solo se serve a far luce su un attacco o un abuso in corso, oppure se lo richiede un'autorità nei casi previsti dalla legge, e solo per il tempo strettamente necessario.",
      },
    ],
  },
  {
    title: 'Cookie e tecnologie simili',
    blocks: [
      {
        type: 'p',
        text: 'Il sito non usa cookie, né nostri né di terze parti, e non usa strumenti di analisi o di tracciamento. Per questo non trovi alcun banner per il consenso. La memoria di sessione descritta sopra è strettamente necessaria a fornirti il servizio che hai chiesto e non serve a riconoscerti nelle visite successive.',
      },
      {
        type: 'p',
        text: 'Se scegli di attivare le notifiche per i nuovi messaggi, il browser ti chiede il permesso: puoi revocarlo in qualsiasi momento dalle sue impostazioni. Le notifiche sono generate dalla pagina aperta sul tuo dispositivo.',
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
    title: 'Con chi condividiamo i dati',
    blocks: [
      {
        type: 'p',
        text: 'Non vendiamo e non cediamo i dati a nessuno, né li usiamo per pubblicità. Possono accedervi soltanto:',
      },
      {
        type: 'ul',
        items: [
          "i fornitori dell'infrastruttura su cui gira il servizio (ad esempio l'hosting), nominati responsabili del trattamento ai sensi dell'art. 28 GDPR e tenuti a usare i dati solo secondo le nostre istruzioni;",
          'le autorità pubbliche, esclusivamente quando la legge ci obbliga a fornire informazioni e solo per i dati che in quel momento esistono ancora.',
        ],
      },
      {
        type: 'p',
        text: 'Se un fornitore dovesse trattare dati al di fuori dello Spazio economico europeo, il trasferimento avverrà soltanto con le garanzie previste dal Capo V del GDPR, come una decisione di adeguatezza o le clausole contrattuali standard approvate dalla Commissione europea.',
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
          "La chiave di accesso di ogni casella è generata a caso con almeno 256 bit di casualità e sul server ne conserviamo solo l'impronta crittografica.",
          'La chiave viaggia nelle intestazioni delle richieste e mai negli indirizzi delle pagine, così non finisce nei registri né nella cronologia del browser.',
          'Chi prova a leggere una casella con una chiave errata o scaduta riceve un rifiuto, e i messaggi di una casella non sono raggiungibili dalle altre.',
          'Il contenuto HTML dei messaggi viene mostrato in un riquadro isolato che non può eseguire script.',
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
          'riceverli in un formato strutturato e leggibile da un computer (portabilità, art. 20);',
          'opporti ai trattamenti basati sul legittimo interesse (opposizione, art. 21).',
        ],
      },
      {
        type: 'p',
        text: "Tieni presente che non sappiamo chi sei: per trovare i dati che ti riguardano potremmo chiederti informazioni che permettano di individuarli, ad esempio l'indirizzo temporaneo usato e l'ora approssimativa. Spesso, inoltre, i dati saranno già stati cancellati per effetto delle scadenze descritte sopra.",
      },
      {
        type: 'p',
        text: "Hai anche il diritto di proporre reclamo al Garante per la protezione dei dati personali o all'autorità di controllo del Paese dell'Unione in cui vivi o lavori (art. 77 GDPR).",
      },
    ],
  },
  {
    title: 'Come esercitare i tuoi diritti',
    blocks: [
      {
        type: 'p',
        text: `Scrivi a ${CONTACT_EMAILS.privacy} indicando quale diritto vuoi esercitare e, se possibile, l'indirizzo temporaneo e il periodo a cui si riferisce la richiesta. La richiesta è gratuita.`,
      },
      {
        type: 'p',
        text: "Ti rispondiamo entro 30 giorni dal ricevimento. Solo se la richiesta è particolarmente complessa il termine può essere prorogato, come consente l'art. 12 GDPR: in quel caso te lo comunichiamo entro i primi 30 giorni, spiegandoti il motivo.",
      },
    ],
  },
  {
    title: 'Minori',
    blocks: [
      {
        type: 'p',
        text: "Il servizio non è rivolto ai minori di 14 anni. Poiché non raccogliamo dati anagrafici, non siamo in grado di verificare l'età di chi lo usa: se sei un genitore e hai dubbi, scrivici.",
      },
    ],
  },
  {
    title: 'Modifiche a questa informativa',
    blocks: [
      {
        type: 'p',
        text: "Potremo aggiornare questa informativa se cambiano il servizio o le norme. La data dell'ultimo aggiornamento è indicata in cima alla pagina; se una modifica cambia in modo rilevante il modo in cui trattiamo i dati, la segnaleremo in modo evidente sul sito.",
      },
      {
        type: 'p',
        text: 'Per le regole di utilizzo del servizio consulta i [termini di servizio](/terms).',
      },
    ],
  },
];
