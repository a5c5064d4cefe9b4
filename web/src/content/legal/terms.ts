import { PRODUCT_NAME } from '@et/common';
import { limits } from '../limits';
import { CONTACT_EMAILS } from '../site';
import type { LegalSection } from './legal-section';
import { type OperatorFacts, operator } from './operator';

/**
 * Date of the last change of the terms' text, ISO `YYYY-MM-DD`, and the fingerprint of that
 * text: `revisions.test.ts` fails when the text changes and these two do not.
 */
export const lastUpdated = '2026-11-28';
export const textFingerprint = '90aad069924d3314';

/** The terms of service of `/terms`, section by section, for the operator's facts. */
export function termsSections(op: OperatorFacts): LegalSection[] {
  return [
    {
      title: 'Oggetto e accettazione',
      blocks: [
        {
          type: 'p',
          text: `Questi termini regolano l’uso del sito e del servizio ${PRODUCT_NAME} («il servizio»), dalla pagina e attraverso l’API. Usando il servizio accetti questi termini; se non li condividi, ti chiediamo di non usarlo.`,
        },
      ],
    },
    {
      title: 'Chi fornisce il servizio',
      blocks: [
        {
          type: 'p',
          text: `Il servizio è fornito da ${op.name} («noi»), con sede in ${op.address}.`,
        },
        {
          type: 'ul',
          items: [
            `Partita IVA o codice fiscale: ${op.taxId}.`,
            `Iscrizione al Registro delle imprese: ${op.registry}.`,
            `Email: ${CONTACT_EMAILS.support}, a cui puoi scriverci in qualsiasi momento.`,
          ],
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
            `ogni indirizzo resta attivo per ${limits.ttl}; con «Estendi» il tempo rimasto torna a ${limits.ttl} pieni, e l’operazione si può ripetere finché l’indirizzo è attivo, ma la vita di un indirizzo non supera mai ${limits.maxLifetime} dalla sua creazione;`,
            'il servizio permette solo di ricevere messaggi: non è possibile inviare posta né rispondere;',
            'gli allegati ricevuti e i messaggi in formato originale possono essere scaricati;',
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
          text: 'Non è richiesta alcuna registrazione. L’accesso a una casella è legato a una chiave segreta che il browser conserva nella scheda in cui l’hai aperta, e che viaggia anche nel link di «Apri sul telefono» se lo usi: chi usa quella scheda, o ha quel link, può leggere la posta. Sei responsabile di non lasciare la scheda aperta su dispositivi condivisi e di non comunicare a terzi ciò che ti permette di accedere alla casella.',
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
            'creare account in massa, manipolare recensioni, sondaggi o concorsi, eludere sospensioni o blocchi decisi da altri servizi, o iscriversi con un indirizzo temporaneo dove le regole di un servizio lo vietano espressamente;',
            `aggirare i limiti descritti più sotto, per esempio creando caselle da molti indirizzi IP per superare il limite di ${limits.createMax} ogni ${limits.createWindow}, sovraccaricare i server o interferire in qualunque modo con il funzionamento del servizio;`,
            'tentare di accedere a caselle altrui, aggirare le misure di sicurezza o sfruttare eventuali vulnerabilità invece di segnalarcele.',
          ],
        },
      ],
    },
    {
      title: 'Segnalare una vulnerabilità',
      blocks: [
        {
          type: 'p',
          text: `Se scopri una vulnerabilità, scrivici a ${CONTACT_EMAILS.security} descrivendo come riprodurla. Apprezziamo le segnalazioni fatte in buona fede: ti chiediamo di non divulgare la vulnerabilità prima che sia stata corretta e di non leggere, modificare o cancellare dati altrui oltre quanto serve a dimostrarla.`,
        },
      ],
    },
    {
      title: 'Limiti tecnici e misure contro gli abusi',
      blocks: [
        {
          type: 'p',
          text: 'Per mantenere il servizio disponibile per tutti applichiamo alcuni limiti automatici, contati per indirizzo IP (per gli indirizzi IPv6, per la loro rete /64):',
        },
        {
          type: 'ul',
          items: [
            `si possono creare al massimo ${limits.createMax} indirizzi ogni ${limits.createWindow}; oltre, bisogna attendere, e la pagina dice per quanto;`,
            `si possono tenere aperte nello stesso momento al massimo ${limits.connectionsPerIp} connessioni al sito e, su ciascun server del servizio, ${limits.streamsPerIp} collegamenti in tempo reale alle caselle;`,
            `messaggi, allegati e originali di una casella si possono aprire al massimo ${limits.viewsPerMinute} volte al minuto;`,
            `un messaggio può pesare al massimo ${limits.messageSize}, e una casella ne conserva al massimo ${limits.mailboxMessages}, per ${limits.mailboxSize} in tutto;`,
            `un server di posta può consegnarci al massimo ${limits.senderBytesPerHour} di messaggi all’ora, e le caselle create da uno stesso indirizzo IP possono riceverne al massimo ${limits.creatorBytesPerHour} all’ora in tutto;`,
            `un server di posta può occupare al massimo il ${limits.roleMailboxSenderShare} delle caselle postmaster@ e abuse@, a cui si scrive per segnalare problemi e abusi.`,
          ],
        },
        {
          type: 'p',
          text: 'I messaggi troppo grandi, e quelli indirizzati a caselle inesistenti o scadute, vengono rifiutati subito, e il mittente riceve dal proprio server un avviso di mancata consegna. Quando invece la casella è piena, quando è stato superato uno dei limiti orari o quando lo spazio di archiviazione del servizio sta per esaurirsi, il rifiuto è temporaneo: il server del mittente riprova più tardi e, se la consegna non riesce prima che la casella scada, invia al mittente l’avviso. La posta già ricevuta non viene mai cancellata per fare spazio a quella nuova. I rifiuti che riguardano una casella attiva compaiono nella pagina, sotto la posta in arrivo.',
        },
        {
          type: 'p',
          text: `Possiamo bloccare subito, senza preavviso, solo il traffico che viola la legge o questi termini o che mette a rischio il funzionamento del servizio. Ogni richiesta o messaggio rifiutato riceve una risposta con il motivo del rifiuto; se ritieni che un blocco sia un errore, scrivici a ${CONTACT_EMAILS.support}.`,
        },
      ],
    },
    {
      title: 'Contenuti illegali e segnalazioni',
      blocks: [
        {
          type: 'p',
          text: 'Il servizio conserva, fino alla scadenza delle caselle, i messaggi che vi vengono inviati. Per questo lo consideriamo un servizio di memorizzazione di informazioni ai sensi del Regolamento (UE) 2022/2065 sui servizi digitali («DSA»), e applichiamo le regole che il DSA prevede per questi servizi. Non è una piattaforma online: i messaggi non vengono mai mostrati al pubblico, ma solo a chi ha la chiave della casella.',
        },
        {
          type: 'ul',
          items: [
            `Punto di contatto: le autorità degli Stati membri, la Commissione europea, il Comitato europeo per i servizi digitali e chi usa il servizio possono scriverci a ${CONTACT_EMAILS.support}, in italiano o in inglese (artt. 11 e 12 DSA).`,
            `Segnalazioni di contenuti illegali: scrivi a ${CONTACT_EMAILS.abuse} indicando l’indirizzo della casella e, se puoi, l’ora del messaggio, perché ritieni illegale il contenuto, il tuo nome e il tuo indirizzo email (non obbligatori per le segnalazioni di abusi sessuali su minori) e una dichiarazione che la segnalazione è fatta in buona fede e che le informazioni sono esatte e complete (art. 16 DSA). Ti confermiamo la ricezione, esaminiamo la segnalazione con diligenza e ti comunichiamo la decisione e come puoi contestarla.`,
            'Moderazione: non controlliamo in generale i messaggi che arrivano alle caselle. Le sole misure automatiche sono i limiti descritti sopra, il rifiuto dei messaggi che violano le regole della posta elettronica, per esempio con più di un mittente nel campo Da, e gli avvisi sui mittenti che non superano i controlli; le segnalazioni le esamina una persona.',
            'Motivazione: quando limitiamo un contenuto o l’accesso al servizio, lo diciamo a chi ne è colpito, con il motivo, ogni volta che abbiamo un modo per raggiungerlo (art. 17 DSA). Poiché il servizio non ha account, di solito il solo modo è la risposta alla richiesta o al messaggio rifiutato.',
          ],
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
          text: 'Facciamo il possibile perché il servizio funzioni sempre, ma non possiamo garantire che sia disponibile senza interruzioni. Possiamo modificarlo, sospenderlo o interromperlo, in tutto o in parte, per manutenzione, per ragioni tecniche o di sicurezza, per cambiamenti della legge o perché decidiamo di non offrirlo più; se un’interruzione è programmata, la annunciamo sul sito con un anticipo ragionevole.',
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
          text: 'Il servizio è fatto per messaggi che durano pochi minuti, e alcune sue caratteristiche fanno parte di ciò che scegli usandolo: alla scadenza la posta viene cancellata, un account registrato con un indirizzo temporaneo non potrà più ricevere la posta per recuperarlo, alcuni siti rifiutano i nostri indirizzi, il contenuto dei messaggi lo decide chi te li spedisce, e gli allegati e i link li apri tu. Queste non sono mancanze del servizio: tienine conto prima di usarlo per qualcosa che conta.',
        },
        {
          type: 'p',
          text: 'Per il resto rispondiamo secondo la legge. In particolare, nulla in questi termini esclude o limita la nostra responsabilità per dolo o colpa grave (art. 1229 del Codice civile) o per danni alla persona, né riduce i diritti che il Codice del consumo (D.Lgs. 206/2005) e le altre norme inderogabili riconoscono ai consumatori: una clausola che li riducesse non si applicherebbe a te.',
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
          text: 'Se una clausola di questi termini risulta invalida, le altre restano valide ed efficaci.',
        },
      ],
    },
    {
      title: 'Contatti',
      blocks: [
        {
          type: 'p',
          text: `Per domande su questi termini scrivi a ${CONTACT_EMAILS.support}: di solito rispondiamo in 24-48 ore lavorative. Per le questioni che riguardano i dati personali scrivi a ${CONTACT_EMAILS.privacy}, per le vulnerabilità a ${CONTACT_EMAILS.security}, per gli abusi a ${CONTACT_EMAILS.abuse}.`,
        },
      ],
    },
  ];
}

/** The terms of service of `/terms`, section by section. */
export const sections: LegalSection[] = termsSections(operator);
