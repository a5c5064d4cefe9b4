import { PRODUCT_NAME } from '@et/common';
import { limits } from '../limits';
import { CONTACT_EMAILS } from '../site';
import type { LegalSection } from './legal-section';
import { type OperatorFacts, operator } from './operator';

/**
 * Date of the last change of the policy's text, ISO `YYYY-MM-DD`, and the fingerprint of that
 * text: `revisions.test.ts` fails when the text changes and these two do not.
 */
export const lastUpdated = '2026-11-28';
export const textFingerprint = '8c18317726973e50';

/** A sentence on the encryption of incoming mail, from the operator's STARTTLS setting. */
function mailEncryption(smtpTls: OperatorFacts['smtpTls']): string {
  if (smtpTls === true)
    return 'La posta arriva al nostro server cifrata (STARTTLS) quando il server del mittente lo consente; i server che non lo consentono la consegnano in chiaro, come permettono gli standard della posta elettronica.';
  if (smtpTls === false)
    return 'Il nostro server non offre la cifratura della posta in arrivo (STARTTLS): i messaggi viaggiano in chiaro dal server del mittente al nostro, come permettono gli standard della posta elettronica.';
  return `Cifratura della posta in arrivo (STARTTLS): ${smtpTls}.`;
}

/** The privacy policy of `/privacy`, section by section, for the operator's facts. */
export function privacySections(op: OperatorFacts): LegalSection[] {
  return [
    {
      title: 'Chi tratta i tuoi dati',
      blocks: [
        {
          type: 'p',
          text: `Questa informativa spiega come il servizio ${PRODUCT_NAME} tratta i dati personali di chi visita il sito, di chi usa le caselle di posta temporanee, dalla pagina o attraverso l’API, e di chi invia posta a quelle caselle, come richiedono gli articoli 13 e 14 del Regolamento (UE) 2016/679 («GDPR») e il Codice in materia di protezione dei dati personali (D.Lgs. 196/2003).`,
        },
        {
          type: 'p',
          text: `Titolare del trattamento è ${op.name}, con sede in ${op.address} (${op.taxId}). Per qualsiasi domanda sui tuoi dati, o per esercitare i tuoi diritti, scrivi a ${CONTACT_EMAILS.privacy}.`,
        },
        {
          type: 'p',
          text: `Responsabile della protezione dei dati (RPD): ${op.dpo}.`,
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
            `Ogni casella vive ${limits.ttl} dalla creazione o dall’ultima estensione, e in tutto al massimo ${limits.maxLifetime}: alla scadenza l’indirizzo, i messaggi e quanto ne abbiamo ricavato vengono cancellati in modo definitivo.`,
            'Il server legge i messaggi in automatico, per mostrarteli e per controllare chi li ha spediti. Nessuna persona legge la posta delle caselle temporanee: le sole caselle che leggiamo sono postmaster@ e abuse@, che servono a ricevere segnalazioni.',
            'Il contenuto dei messaggi non esce dai nostri server. Per controllare il mittente, il server chiede al DNS, l’elenco pubblico dei domini di internet, le informazioni che il dominio del mittente ha pubblicato.',
            `Contro gli abusi contiamo, per indirizzo IP, le caselle create, le connessioni e la posta in arrivo, solo per il tempo di ciascun limite. Alcuni eventi finiscono nei registri tecnici (log), che conserviamo per ${op.logRetention}.`,
            'Non vendiamo e non cediamo dati a nessuno.',
            'Puoi opporti in ogni momento ai trattamenti basati sul nostro legittimo interesse: trovi come nella sezione «Il tuo diritto di opporti», qui sotto.',
          ],
        },
      ],
    },
    {
      title: 'Il tuo diritto di opporti',
      blocks: [
        {
          type: 'callout',
          tone: 'info',
          title: 'Opposizione (art. 21 GDPR)',
          text: `Per motivi legati alla tua situazione particolare puoi opporti in qualsiasi momento ai trattamenti che facciamo per un nostro legittimo interesse: la ricezione e il controllo della posta per conto di chi usa le caselle, i limiti contro gli abusi, i registri tecnici, il registro degli indirizzi scaduti e la gestione delle segnalazioni. Scrivi a ${CONTACT_EMAILS.privacy}: smettiamo di trattare i tuoi dati per quello scopo, salvo che dimostriamo motivi legittimi cogenti che prevalgano sui tuoi interessi, diritti e libertà, o che i dati ci servano per accertare, esercitare o difendere un diritto in sede giudiziaria. Non usiamo alcun dato per il marketing diretto.`,
        },
      ],
    },
    {
      title: 'Quali dati trattiamo',
      blocks: [
        { type: 'h3', text: 'La casella temporanea' },
        {
          type: 'p',
          text: 'Quando apri la pagina, o quando un programma chiede una casella attraverso l’API, generiamo un indirizzo casuale e una chiave di accesso segreta (token). Sul server conserviamo l’indirizzo, il momento della creazione e quello della scadenza, e solo un’impronta (hash) della chiave: un valore che si calcola dalla chiave ma da cui la chiave non si può ricostruire. La chiave vera la riceve soltanto il tuo browser, o il tuo programma, quindi nemmeno noi possiamo usarla per entrare nella tua casella.',
        },
        {
          type: 'p',
          text: `La casella vive ${limits.ttl} dalla creazione. «Estendi» riporta il tempo rimasto a ${limits.ttl}, ma mai oltre ${limits.maxLifetime} dalla creazione. Alla scadenza, o quando la elimini, cancelliamo la casella con tutto il suo contenuto entro pochi secondi.`,
        },
        { type: 'h3', text: 'I messaggi ricevuti' },
        {
          type: 'p',
          text: 'Conserviamo i messaggi che arrivano all’indirizzo così come li riceviamo: mittente, destinatari, oggetto, testo, allegati e intestazioni tecniche. Possono contenere dati personali tuoi o di chi li ha inviati. In cima a ogni messaggio il nostro server aggiunge, come fa ogni server di posta, tre intestazioni: Return-Path, con l’indirizzo del mittente dichiarato nella consegna; Received, con il nome e l’indirizzo IP del server che ha consegnato il messaggio, la data e l’ora; Authentication-Results, con l’esito dei controlli sul mittente descritti più sotto.',
        },
        {
          type: 'p',
          text: 'Appena un messaggio arriva, il server lo legge una volta sola, in automatico, in processi separati dal resto del servizio: ne ricava il testo da mostrarti, la versione HTML ripulita da script e da altri elementi pericolosi, l’elenco degli allegati e un eventuale codice di verifica o link di conferma da mettere in evidenza. Questa lettura resta accanto al messaggio finché esiste la casella. Se un messaggio è troppo complesso per essere letto nel tempo massimo che gli concediamo, lo conserviamo senza lettura: puoi comunque scaricarlo in originale, in formato .eml.',
        },
        {
          type: 'p',
          text: 'Lo facciamo al solo scopo di mostrarti la posta in modo leggibile e sicuro. Nessuna persona legge i messaggi delle caselle temporanee, e né i messaggi né quanto ne ricaviamo escono dai nostri server: non li usiamo per pubblicità, statistiche o profilazione e non li passiamo a nessuno.',
        },
        { type: 'h3', text: 'Il controllo del mittente' },
        {
          type: 'p',
          text: 'All’arrivo di ogni messaggio il server verifica, con i controlli standard SPF, DKIM e DMARC, se il dominio scritto come mittente ha davvero autorizzato l’invio. Per farlo interroga il DNS: chiede le regole e le chiavi di firma che il dominio del mittente ha pubblicato e, se quelle regole lo prevedono, informazioni sull’indirizzo IP del server che ha consegnato il messaggio o sull’indirizzo del mittente. Le domande vanno al risolutore DNS del servizio, che le gira ai server DNS di quei domini. Il contenuto del messaggio non viene mai inviato.',
        },
        {
          type: 'p',
          text: 'L’esito di ciascun controllo viene conservato con il messaggio e scritto nella sua intestazione Authentication-Results; sulla pagina diventa il segno «Mittente verificato» o un avviso. Se un messaggio arriva con intestazioni Authentication-Results scritte da altri a nome del nostro server, il server le elimina prima di conservarlo, così nessuno può far passare un proprio esito per il nostro.',
        },
        { type: 'h3', text: 'La posta che non è arrivata' },
        {
          type: 'p',
          text: `Quando il nostro server rifiuta un messaggio destinato a una casella attiva, per esempio perché è troppo grande, perché la casella è piena, perché il mittente ha superato un limite o perché la consegna è troppo lenta, la casella ne tiene nota: l’ora, l’indirizzo del mittente dichiarato nella consegna, il motivo e la risposta data dal nostro server. Una casella conserva al massimo gli ultimi ${limits.maxRefusals} rifiuti; li vede solo chi ha la chiave della casella, e vengono cancellati con la casella.`,
        },
        { type: 'h3', text: 'I limiti contro gli abusi' },
        {
          type: 'p',
          text: `Perché nessuno possa esaurire il servizio a danno degli altri, contiamo alcune azioni per indirizzo IP. Un indirizzo IPv6 lo contiamo per la sua rete ${limits.ipv6Prefix}, cioè per i suoi primi ${limits.ipv6Prefix.slice(1)} bit, perché a una sola connessione domestica ne vengono assegnati moltissimi. Contiamo:`,
        },
        {
          type: 'ul',
          items: [
            `le caselle create: al massimo ${limits.createMax} ogni ${limits.createWindow};`,
            `i collegamenti in tempo reale alle caselle aperti nello stesso momento: al massimo ${limits.streamsPerIp};`,
            `le connessioni al sito aperte nello stesso momento: al massimo ${limits.connectionsPerIp};`,
            `la posta accettata in un’ora da uno stesso server mittente: al massimo ${limits.senderBytesPerHour};`,
            `la posta accettata in un’ora per tutte le caselle create da uno stesso indirizzo IP: al massimo ${limits.creatorBytesPerHour}. Per applicare questo limite, finché una casella esiste il servizio sa da quale indirizzo IP è stata creata (per un indirizzo IPv6, solo la sua rete ${limits.ipv6Prefix}).`,
          ],
        },
        {
          type: 'p',
          text: `Contiamo anche, per ogni chiave di accesso, quante volte vengono aperti messaggi, allegati e originali: al massimo ${limits.viewsPerMinute} al minuto. Ogni contatore vive solo per la finestra di tempo del suo limite, nella memoria del server o, quando il servizio funziona su più server, nel database che condividono, e poi viene scartato.`,
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
          text: 'Il nostro server non registra le singole visite né le singole richieste. Scrive una riga nei suoi registri quando si avvia o si arresta, quando qualcosa va storto, per esempio una richiesta che non riesce a completare o un messaggio che non riesce a salvare, e in alcuni casi che riguardano la posta in arrivo:',
        },
        {
          type: 'ul',
          items: [
            'quando una connessione di posta si interrompe con un errore, o viene chiusa perché supera un limite di tempo: la riga contiene l’indirizzo IP del server che stava consegnando;',
            'quando il server entra o esce dalla modalità di emergenza per troppe connessioni di posta: la riga contiene solo il numero di connessioni aperte;',
            'quando arriva un messaggio per postmaster@ o abuse@: la riga contiene l’indirizzo IP del server mittente, il mittente e i destinatari dichiarati nella consegna e la dimensione del messaggio.',
          ],
        },
        {
          type: 'p',
          text: 'Ogni riga porta data e ora e, per gli errori, un numero progressivo della richiesta. Le righe non contengono mai la chiave di accesso alle caselle, né il testo, l’oggetto o gli allegati dei messaggi.',
        },
        {
          type: 'p',
          text: 'Le connessioni al sito passano da un server intermedio (reverse proxy) che, come ogni server web, registra ogni richiesta che riceve: indirizzo IP, data e ora, indirizzo della pagina o dell’API richiesto, esito e dimensione della risposta, il browser e la pagina di provenienza dichiarati dalla richiesta. La chiave di accesso non vi compare, perché viaggia in un’intestazione che questi registri non annotano.',
        },
        {
          type: 'p',
          text: `Conserviamo i registri del server e quelli del reverse proxy per ${op.logRetention}, poi li cancelliamo. Li teniamo più a lungo solo se servono ad accertare un attacco o un abuso in corso, o se lo chiede un’autorità nei casi previsti dalla legge, e solo per il tempo strettamente necessario.`,
        },
        { type: 'h3', text: 'Il registro degli indirizzi scaduti' },
        {
          type: 'p',
          text: `Dopo la scadenza o l’eliminazione di una casella teniamo per ${limits.tombstoneDays} giorni solo un’impronta (hash) del suo indirizzo: un valore che permette di riconoscere l’indirizzo se qualcuno prova a riusarlo, ma da cui l’indirizzo non si legge. Non la colleghiamo a te, al tuo indirizzo IP né ai messaggi. Ci serve per non assegnare di nuovo l’indirizzo a un’altra persona, che altrimenti potrebbe ricevere posta destinata a te.`,
        },
        { type: 'h3', text: 'Le caselle postmaster@ e abuse@' },
        {
          type: 'p',
          text: `Ogni dominio di posta del servizio ha due caselle che non sono temporanee: postmaster@, che gli standard della posta elettronica chiedono a ogni dominio (RFC 5321), e abuse@, a cui si segnalano gli abusi (RFC 2142). Non scadono e non vengono mai date ai visitatori. I messaggi che ricevono li leggiamo noi, per risolvere problemi di consegna e gestire le segnalazioni, e li cancelliamo una volta gestiti, al più tardi dopo ${op.correspondenceRetention}. Per ogni messaggio a queste caselle il registro tecnico annota anche l’indirizzo IP del server mittente, il mittente e i destinatari. Perché nessuno possa riempirle a danno delle segnalazioni degli altri, ogni server mittente può occuparne al massimo il ${limits.roleMailboxSenderShare}: per contarlo, insieme a ogni messaggio conserviamo l’indirizzo IP del server che lo ha consegnato (per un indirizzo IPv6, la sua rete ${limits.ipv6Prefix}), che del resto compare già nelle intestazioni del messaggio.`,
        },
        { type: 'h3', text: 'Le richieste all’assistenza' },
        {
          type: 'p',
          text: `Se ci scrivi a ${CONTACT_EMAILS.support}, ${CONTACT_EMAILS.privacy} o ${CONTACT_EMAILS.security}, trattiamo il tuo indirizzo email e quanto ci racconti, al solo scopo di risponderti. Queste caselle sono ospitate da ${op.contactMail}.`,
        },
        { type: 'h3', text: 'L’API per sviluppatori' },
        {
          type: 'p',
          text: 'Le stesse regole valgono per chi usa il servizio attraverso l’[API per sviluppatori](/api), anche con il pacchetto email-temporanea e il suo programma a riga di comando: le loro richieste arrivano al nostro server come quelle della pagina, con gli stessi dati e gli stessi limiti.',
        },
      ],
    },
    {
      title: 'Chi invia posta alle nostre caselle',
      blocks: [
        {
          type: 'p',
          text: 'Se invii un messaggio a un indirizzo del servizio, trattiamo i dati che arrivano con la consegna: l’indirizzo IP e il nome del tuo server di posta, il tuo indirizzo di mittente, le intestazioni e il contenuto del messaggio, compresi i dati personali che vi hai scritto, e l’esito dei controlli sul mittente. Non li raccogliamo da te: ce li trasmette il server di posta che consegna il messaggio, e li ricaviamo dal messaggio stesso e dalle informazioni pubbliche del DNS (art. 14, par. 2, lett. f GDPR).',
        },
        {
          type: 'p',
          text: `Li trattiamo per consegnare il messaggio alla casella a cui lo hai indirizzato, per proteggere chi la usa dai messaggi falsi e per difendere il servizio dagli abusi, sulla base del legittimo interesse di chi usa la casella a ricevere la posta e del nostro a offrire un servizio sicuro (art. 6, par. 1, lett. f). Abbiamo valutato che questi interessi non prevalgono sui tuoi diritti: il messaggio lo hai inviato tu a quell’indirizzo, lo vede solo chi ha la chiave della casella, e tutto viene cancellato con la casella, al più tardi ${limits.maxLifetime} dopo la sua creazione. Restano più a lungo solo le righe dei registri tecnici descritte sopra e i messaggi che scrivi a postmaster@ o abuse@.`,
        },
        {
          type: 'p',
          text: 'Non ti informiamo di persona, messaggio per messaggio. L’unico recapito che avremmo è l’indirizzo da cui scrivi, spesso un indirizzo automatico che non riceve risposte; per scriverti dovremmo spedire posta, cosa che il servizio non fa mai, e conservare i tuoi dati più a lungo del necessario. Per questo, come consente l’art. 14, par. 5, lett. b GDPR, rendiamo pubbliche queste informazioni su questa pagina. Hai gli stessi diritti di ogni altro interessato, descritti più sotto.',
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
              'Fornirti la casella, mostrarti la posta e avvisarti dei messaggi falsi',
              'Casella, messaggi e loro lettura, esito dei controlli sul mittente, registro dei rifiuti, dati nel browser',
              'Esecuzione del servizio che hai richiesto aprendo la pagina o usando l’API (art. 6, par. 1, lett. b)',
            ],
            [
              'Ricevere e controllare la posta per conto di chi usa le caselle',
              'Dati di chi invia i messaggi',
              'Legittimo interesse di chi usa la casella e nostro (art. 6, par. 1, lett. f), come spiegato nella sezione precedente',
            ],
            [
              'Difendere il servizio dagli abusi e risolvere i guasti',
              'Contatori dei limiti, registri tecnici e del reverse proxy',
              'Legittimo interesse a mantenere il servizio sicuro e disponibile per tutti (art. 6, par. 1, lett. f)',
            ],
            [
              'Evitare che un indirizzo scaduto finisca a un altro utente',
              'Impronta degli indirizzi scaduti',
              'Legittimo interesse a proteggere la riservatezza degli utenti (art. 6, par. 1, lett. f)',
            ],
            [
              'Risolvere problemi di consegna e gestire le segnalazioni di abusi',
              'Messaggi a postmaster@ e abuse@',
              'Legittimo interesse (art. 6, par. 1, lett. f) e, per le segnalazioni di contenuti illegali, obbligo di legge (art. 16 del Regolamento (UE) 2022/2065; art. 6, par. 1, lett. c)',
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
          text: 'Per i trattamenti basati sul legittimo interesse abbiamo valutato che non prevalgono sui tuoi diritti: i dati sono pochi e tecnici, restano per poco, non servono ad altro e non ci dicono chi sei. Puoi comunque opporti, come spiegato nella sezione «Il tuo diritto di opporti».',
        },
        {
          type: 'p',
          text: 'Non prendiamo decisioni automatizzate che producano effetti giuridici su di te o che ti riguardino in modo analogo, e non creiamo profili degli utenti. I limiti contro gli abusi e i controlli sul mittente sono automatici, ma possono solo rifiutare una richiesta o un messaggio, oppure mostrare un avviso.',
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
              'Casella, messaggi, allegati, loro lettura, esito dei controlli e registro dei rifiuti',
              `${limits.ttl} dalla creazione o dall’ultima estensione, e al massimo ${limits.maxLifetime} dalla creazione; alla scadenza vengono cancellati in modo definitivo entro pochi secondi`,
            ],
            [
              'Contatori dei limiti',
              `La finestra di ciascun limite: ${limits.createWindow} per le caselle create, un’ora per la posta accettata, un minuto per i messaggi aperti; per connessioni e collegamenti in tempo reale, finché restano aperti`,
            ],
            ['Registri tecnici e del reverse proxy', `${op.logRetention}, poi cancellazione`],
            ['Impronta degli indirizzi scaduti', `${limits.tombstoneDays} giorni dalla scadenza`],
            [
              'Messaggi a postmaster@ e abuse@',
              `Il tempo necessario a gestirli, e comunque non oltre ${op.correspondenceRetention}`,
            ],
            [
              'Richieste di assistenza',
              `Il tempo necessario a gestirle, e comunque non oltre ${op.correspondenceRetention}`,
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
          ],
        },
        {
          type: 'p',
          text: 'Il contenuto delle caselle temporanee non viene copiato in archivi o copie di sicurezza: una volta cancellato, non è recuperabile né da te né da noi. Puoi anche cancellarlo prima della scadenza, eliminando i singoli messaggi, svuotando la casella o eliminando tutto con «Elimina tutto ora».',
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
          text: 'I riquadri «Spazio pubblicitario» che vedi nella pagina sono segnaposto vuoti: non caricano annunci, codice o contenuti di terze parti. Prima di mostrare pubblicità aggiorneremmo questa informativa e, dove la legge lo richiede, ti chiederemmo il consenso.',
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
      title: 'Dove si trovano i dati e chi li riceve',
      blocks: [
        {
          type: 'p',
          text: `Il servizio funziona su server forniti da ${op.hosting}. Dove si trovano e se i dati lasciano lo Spazio economico europeo dipende da dove abbiamo installato il servizio:`,
        },
        {
          type: 'ul',
          items: [
            `Paese in cui si trovano i server e il loro risolutore DNS: ${op.region}.`,
            `Trasferimenti fuori dallo Spazio economico europeo: ${op.transfers}.`,
          ],
        },
        {
          type: 'p',
          text: 'Non vendiamo e non cediamo i dati a nessuno, né li usiamo per pubblicità. Li ricevono soltanto:',
        },
        {
          type: 'ul',
          items: [
            `il fornitore dei server, ${op.hosting}, nominato responsabile del trattamento ai sensi dell’art. 28 GDPR e tenuto a usare i dati solo secondo le nostre istruzioni;`,
            `il fornitore delle caselle di contatto, ${op.contactMail}, anch’esso responsabile del trattamento, per i messaggi che ci scrivi;`,
            'i server DNS a cui il risolutore del servizio rivolge le domande del controllo sul mittente: ricevono solo le domande, cioè nomi di dominio, indirizzi IP e, se le regole del dominio del mittente lo prevedono, l’indirizzo del mittente, come accade con ogni server di posta che controlla chi gli scrive;',
            'chi ha la chiave di una casella, che ne vede i messaggi, l’esito dei controlli e il registro dei rifiuti;',
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
            op.https
              ? 'Le connessioni al sito e all’API sono cifrate (HTTPS).'
              : 'Questo sito non usa connessioni cifrate: ciò che viaggia tra il tuo browser e il nostro server può essere letto da chi controlla la rete.',
            mailEncryption(op.smtpTls),
            'La chiave di accesso di ogni casella è generata a caso con almeno 256 bit di casualità, e sul server ne conserviamo solo l’impronta.',
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
            'opporti ai trattamenti basati sul legittimo interesse (opposizione, art. 21), come spiegato nella sezione «Il tuo diritto di opporti».',
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
          text: 'Aggiorniamo questa informativa quando cambiano il servizio o le norme. La data dell’ultimo aggiornamento è indicata in cima alla pagina; se una modifica cambia in modo rilevante il modo in cui trattiamo i dati, la segnaliamo in modo evidente sul sito.',
        },
        {
          type: 'p',
          text: 'Le regole di utilizzo del servizio sono nei [termini di servizio](/terms), un documento distinto da questa informativa.',
        },
      ],
    },
  ];
}

/** The privacy policy of `/privacy`, section by section. */
export const sections: LegalSection[] = privacySections(operator);
