import { PRODUCT_NAME } from '@et/common';
import { limits } from '../limits';
import { CONTACT_EMAILS } from '../site';
import type { LegalSection } from './legal-section';
import { operator } from './operator';

/** Date of the last revision of the terms of service, ISO `YYYY-MM-DD`. */
export const lastUpdated = '2025-01-15';

/** The terms of service of `/terms`, section by section. */
export const sections: LegalSection[] = [
  {
    title: 'Oggetto e accettazione',
    blocks: [
      {
        type: 'p',
        text: `Questi termini regolano l’uso del sito e del servizio ${PRODUCT_NAME} («il servizio»). Usando il servizio accetti questi termini; se non li condividi, ti chiediamo di non usarlo.`,
      },
    ],
  },
  {
    title: 'Chi fornisce il servizio',
    blocks: [
      {
        type: 'p',
        text: `Il servizio è fornito da ${operator.name} («noi»), con sede in ${operator.address}, ${operator.taxId}. Puoi contattarci in qualsiasi momento all’indirizzo ${CONTACT_EMAILS.support}.`,
      },
    ],
  },
  {
    title: 'Il servizio',
    blocks: [
      {
        type: 'p',
        text: `${PRODUCT_NAME} fornisce gratuitamente indirizzi di posta elettronica temporanei. In particolare:`,
      },
      {
        type: 'ul',
        items: [
          'l’indirizzo è generato a caso e non può essere scelto né personalizzato;',
          'ogni indirizzo resta attivo per dieci minuti; con «Estendi» il tempo residuo torna a dieci minuti pieni, e l’operazione si può ripetere finché l’indirizzo è attivo;',
          'il servizio permette solo di ricevere messaggi: non è possibile inviare posta né rispondere;',
          'gli allegati ricevuti possono essere scaricati;',
          'alla scadenza l’indirizzo, i messaggi e gli allegati vengono cancellati definitivamente e non possono essere recuperati;',
          `un indirizzo scaduto resta riservato per ${limits.tombstoneDays} giorni: in quel periodo non viene assegnato a nessun altro.`,
        ],
      },
      {
        type: 'p',
        text: 'Il servizio è pensato per registrazioni occasionali e non importanti. Non è adatto a ricevere comunicazioni di cui potresti avere bisogno in futuro, come quelle di banche, datori di lavoro, pubbliche amministrazioni o servizi sanitari.',
      },
    ],
  },
  {
    title: 'Nessun account e accesso alla casella',
    blocks: [
      {
        type: 'p',
        text: 'Non è richiesta alcuna registrazione. L’accesso a una casella è legato a una chiave segreta che il browser conserva nella scheda in cui l’hai aperta: chi usa quella scheda può leggere la posta. Sei responsabile di non lasciare la scheda aperta su dispositivi condivisi e di non comunicare a terzi ciò che ti permette di accedere alla casella.',
      },
    ],
  },
  {
    title: 'Uso consentito',
    blocks: [
      {
        type: 'p',
        text: 'Puoi usare il servizio per scopi personali e leciti, ad esempio per proteggere il tuo indirizzo principale dallo spam, per provare un sito prima di fidarti o per verificare il funzionamento di un’applicazione che invia email.',
      },
    ],
  },
  {
    title: 'Usi vietati',
    blocks: [
      {
        type: 'p',
        text: 'È vietato usare il servizio, direttamente o tramite programmi automatici, per:',
      },
      {
        type: 'ul',
        items: [
          'commettere o agevolare reati, frodi, truffe, furti di identità o attività di phishing;',
          'ricevere, conservare o diffondere contenuti illeciti, inclusi materiali pedopornografici, contenuti che incitano all’odio o alla violenza e materiali che violano diritti d’autore o altri diritti di terzi;',
          'molestare, minacciare o perseguitare altre persone;',
          'creare account in massa, manipolare recensioni, sondaggi o concorsi, o eludere in modo abusivo sospensioni, blocchi e limitazioni decisi da altri servizi;',
          'generare caselle in numero anomalo, sovraccaricare i server o interferire in qualunque modo con il funzionamento del servizio;',
          'tentare di accedere a caselle altrui, aggirare le misure di sicurezza o sfruttare eventuali vulnerabilità invece di segnalarcele.',
        ],
      },
      {
        type: 'p',
        text: 'Se scopri una vulnerabilità, scrivici: apprezziamo le segnalazioni fatte in buona fede e ti chiediamo di non divulgarla prima che sia stata corretta.',
      },
    ],
  },
  {
    title: 'Limiti tecnici e misure contro gli abusi',
    blocks: [
      {
        type: 'p',
        text: `Per mantenere il servizio disponibile per tutti applichiamo alcuni limiti. Dalla stessa connessione (lo stesso indirizzo IP) si possono creare al massimo ${limits.createMax} indirizzi ogni ${limits.createWindow}; oltre, bisogna attendere. Un messaggio può pesare al massimo ${limits.messageSize} e una casella ne conserva al massimo ${limits.mailboxMessages}, per ${limits.mailboxSize} in tutto: i messaggi oltre questi limiti, e quelli indirizzati a caselle inesistenti o scadute, vengono rifiutati e il mittente riceve un avviso di mancata consegna. Possiamo inoltre bloccare, anche senza preavviso, il traffico che riteniamo abusivo o contrario a questi termini.`,
      },
    ],
  },
  {
    title: 'I messaggi che ricevi',
    blocks: [
      {
        type: 'p',
        text: 'Non controlliamo e non approviamo i messaggi che arrivano alle caselle: la responsabilità del loro contenuto è di chi li invia. Gli allegati e i link possono essere pericolosi; aprirli o scaricarli è una tua scelta, da fare con prudenza.',
      },
    ],
  },
  {
    title: 'Disponibilità e modifiche del servizio',
    blocks: [
      {
        type: 'p',
        text: 'Facciamo il possibile perché il servizio funzioni sempre, ma non possiamo garantire che sia disponibile senza interruzioni. Possiamo modificarlo, sospenderlo per manutenzione o interromperlo, in tutto o in parte; se un’interruzione è programmata, cercheremo di avvisare sul sito con un anticipo ragionevole.',
      },
    ],
  },
  {
    title: 'Nessuna garanzia',
    blocks: [
      {
        type: 'p',
        text: 'Il servizio è gratuito e te lo offriamo con le funzioni e la disponibilità che ha di volta in volta. Nei limiti consentiti dalla legge non garantiamo, in particolare:',
      },
      {
        type: 'ul',
        items: [
          'che ogni messaggio inviato a una casella venga effettivamente consegnato, né entro quanto tempo;',
          'che un determinato sito accetti gli indirizzi del servizio: alcuni siti rifiutano i domini delle email temporanee;',
          'che il servizio sia adatto a uno scopo particolare.',
        ],
      },
    ],
  },
  {
    title: 'Responsabilità',
    blocks: [
      {
        type: 'p',
        text: 'Il servizio è pensato per messaggi che durano pochi minuti. Per questo non rispondiamo delle conseguenze che derivano dal suo funzionamento normale e da scelte che restano tue: la cancellazione della posta alla scadenza, l’impossibilità di recuperare un account che hai registrato con un indirizzo temporaneo, il rifiuto dei nostri indirizzi da parte di altri siti, il contenuto dei messaggi che altri ti spediscono e gli effetti degli allegati e dei link che decidi di aprire.',
      },
      {
        type: 'p',
        text: 'Per il resto rispondiamo secondo la legge. In particolare, nulla in questi termini esclude o limita la nostra responsabilità per dolo o colpa grave (art. 1229 del Codice civile) o per danni alla persona, né riduce i diritti che il Codice del consumo (D.Lgs. 206/2005) e le altre norme inderogabili riconoscono ai consumatori: una clausola che li riducesse non si applica a te.',
      },
      {
        type: 'p',
        text: 'Allo stesso modo, rispondi secondo la legge dei danni che causi a noi o ad altri usando il servizio in violazione della legge o di questi termini.',
      },
    ],
  },
  {
    title: 'Proprietà intellettuale',
    blocks: [
      {
        type: 'p',
        text: `Testi, grafica, nome e software del sito ${PRODUCT_NAME} sono protetti dalle norme sul diritto d’autore e sui segni distintivi. Puoi citarne brevi estratti indicando la fonte; per altri usi chiedici prima il permesso.`,
      },
    ],
  },
  {
    title: 'Privacy',
    blocks: [
      {
        type: 'p',
        text: 'Il modo in cui trattiamo i dati personali è descritto nell’[informativa sulla privacy](/privacy). L’informativa non fa parte di questi termini: serve a informarti e non ti chiede di accettare nulla.',
      },
    ],
  },
  {
    title: 'Minori',
    blocks: [
      {
        type: 'p',
        text: 'Il servizio non è rivolto ai minori di 14 anni. Se hai meno di 18 anni, usalo d’accordo con un genitore, e ricorda che molti siti chiedono un’età minima per iscriversi: un indirizzo temporaneo non ti autorizza a ignorarla.',
      },
    ],
  },
  {
    title: 'Modifiche ai termini',
    blocks: [
      {
        type: 'p',
        text: 'Possiamo aggiornare questi termini, ad esempio quando aggiungiamo funzioni o cambiano le norme. La versione in vigore è sempre questa pagina, con la data dell’ultimo aggiornamento in alto. Poiché non ci sono account né contratti di durata, ogni nuovo uso del servizio è regolato dalla versione pubblicata in quel momento.',
      },
    ],
  },
  {
    title: 'Legge applicabile e foro competente',
    blocks: [
      {
        type: 'p',
        text: 'Questi termini sono regolati dalla legge italiana. Se usi il servizio come consumatore, per ogni controversia è competente il giudice del luogo in cui risiedi o hai il domicilio, come previsto dal Codice del consumo, e restano salve le norme inderogabili del Paese dell’Unione europea in cui vivi.',
      },
      {
        type: 'p',
        text: 'Se una clausola di questi termini risultasse invalida, le altre restano valide ed efficaci.',
      },
    ],
  },
  {
    title: 'Contatti',
    blocks: [
      {
        type: 'p',
        text: `Per domande su questi termini scrivi a ${CONTACT_EMAILS.support}; rispondiamo entro 24-48 ore lavorative. Per le questioni che riguardano i dati personali scrivi a ${CONTACT_EMAILS.privacy}.`,
      },
    ],
  },
];
