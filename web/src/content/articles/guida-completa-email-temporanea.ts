import { PRODUCT_NAME } from '@et/common';
import { limits } from '../limits';
import type { Article } from './article';

/** The complete guide: what a temporary address is, how it works inside, how to use it well. */
export const article: Article = {
  slug: 'guida-completa-email-temporanea',
  title: 'Email temporanea: la guida completa 2025',
  description:
    'Cos’è un’email temporanea, come funziona dietro le quinte, come usarla passo per passo, cosa protegge e cosa no, e come risolvere i problemi più comuni.',
  category: 'Guide',
  date: '2025-01-15',
  dateModified: '2026-11-28',
  textFingerprint: '8ac9877c903db50c',
  readTimeMinutes: 7,
  blocks: [
    {
      type: 'p',
      text: 'Ogni volta che lasci il tuo indirizzo a un sito per scaricare un file o leggere un articolo, la tua casella si riempie un po’ di più. Un’email temporanea risolve il problema alla radice: ti dà un indirizzo valido per pochi minuti, giusto il tempo di ricevere ciò che ti serve, e poi sparisce portando con sé tutto quello che è arrivato. Questa guida spiega come funziona davvero, come usarla senza intoppi e dove finisce la protezione che offre.',
    },
    { type: 'h2', text: 'Che cos’è un’email temporanea', id: 'cos-e' },
    {
      type: 'p',
      text: 'È una casella di posta usa e getta che non richiede registrazione. L’indirizzo è generato a caso, riceve messaggi come qualsiasi altra casella e si cancella da solo dopo un tempo prestabilito, che nella maggior parte dei servizi va dai 10 ai 60 minuti. Non è collegato al tuo nome, al tuo telefono né alla tua email personale.',
    },
    {
      type: 'p',
      text: 'La differenza con una casella normale non sta nella tecnologia, che è la stessa, ma nel patto con chi la usa. Una casella normale è fatta per durare anni e accumulare storia: contatti, ricevute, password da reimpostare. Una casella temporanea è fatta per una sola conversazione, quasi sempre a senso unico: un sito ti manda un codice, tu lo leggi, e il rapporto finisce lì.',
    },
    { type: 'h2', text: 'Come funziona dietro le quinte', id: 'dietro-le-quinte' },
    {
      type: 'p',
      text: `Quando apri la pagina, il server sceglie a caso ${limits.localPartLength} caratteri tra lettere minuscole e cifre e li unisce a uno dei domini del servizio. Le combinazioni possibili sono miliardi di miliardi: nessuno può indovinare il tuo indirizzo, né ritrovarlo per caso. Insieme all’indirizzo nasce una chiave segreta che solo il tuo browser riceve: è lei, e non un account, a darti accesso alla casella.`,
    },
    {
      type: 'p',
      text: 'Quando un sito ti scrive, il suo server di posta consegna il messaggio al nostro, come farebbe con qualunque altra casella. Il nostro server controlla che l’indirizzo esista e sia ancora attivo, verifica chi ha spedito il messaggio, lo salva e avvisa subito la pagina aperta nel tuo browser, che lo mostra senza bisogno di ricaricare. Di solito tutto questo avviene entro 1-2 minuti dall’invio, spesso in pochi secondi: il ritardo dipende quasi sempre dal sito che spedisce.',
    },
    {
      type: 'p',
      text: `La scadenza la decide il server, non il tuo browser: ${limits.ttl} dalla creazione, o dall’ultima volta che premi «Estendi», e mai oltre ${limits.maxLifetime} dalla creazione. Alla scadenza cancella l’indirizzo, i messaggi e gli allegati, e da quel momento rifiuta la posta destinata a quell’indirizzo: il mittente riceve un avviso di mancata consegna. Per ${limits.tombstoneDays} giorni l’indirizzo resta poi riservato, così nessun altro può riceverlo e leggere un messaggio arrivato in ritardo per te.`,
    },
    { type: 'h2', text: 'Come si usa, passo per passo', id: 'come-funziona' },
    {
      type: 'ol',
      items: [
        `Apri la [pagina iniziale](/) di ${PRODUCT_NAME}: l’indirizzo è già pronto, senza moduli da compilare.`,
        'Premi «Copia» e incolla l’indirizzo nel modulo del sito che te lo chiede.',
        'Torna alla scheda del servizio e aspetta il messaggio: compare da solo nell’inbox, e il numero di email non lette appare anche nel titolo della scheda.',
        'Aprilo. Se contiene un codice di verifica o un link di conferma, la pagina li mette in evidenza: copia il codice con un tocco o apri il link in una nuova scheda.',
        `Se ti serve più tempo, premi «Estendi»: il conto alla rovescia torna a ${limits.ttl} pieni, fino a ${limits.maxLifetime} dalla creazione.`,
        'Quando hai finito, premi «Elimina tutto ora» per cancellare subito indirizzo e messaggi. Se chiudi soltanto la scheda, la casella resta sul server fino alla scadenza.',
      ],
    },
    {
      type: 'p',
      text: 'Se ricarichi la pagina non perdi nulla: finché l’indirizzo è attivo, nella stessa scheda ritrovi la casella con i messaggi già ricevuti. Se invece vuoi ricominciare da zero, «Nuovo indirizzo» crea un’altra casella e cancella subito la precedente, con i suoi messaggi.',
    },
    { type: 'h2', text: 'Cosa puoi fare con la casella', id: 'funzioni' },
    {
      type: 'ul',
      items: [
        'Leggere i messaggi in arrivo in tempo reale, nella versione testo con i link cliccabili o nella versione HTML, mostrata in un riquadro isolato che non può eseguire script.',
        'Vedere le immagini esterne solo se lo chiedi: di base sono bloccate, così nessun pixel di tracciamento sa che hai aperto la posta.',
        `Scaricare gli allegati, identici a quelli spediti, e il messaggio originale in formato .eml. Un messaggio può pesare fino a ${limits.messageSize}.`,
        'Aprire la stessa casella sul telefono con «Apri sul telefono», che mostra un codice QR da inquadrare.',
        'Attivare le notifiche del browser, per sapere che è arrivato un messaggio anche quando stai guardando un’altra scheda.',
        'Eliminare un singolo messaggio, svuotare l’inbox o cancellare tutto subito, senza aspettare la scadenza.',
      ],
    },
    {
      type: 'callout',
      tone: 'info',
      title: 'Solo in ricezione',
      text: 'Un’email temporanea serve a ricevere, non a scrivere: non puoi inviare messaggi né rispondere. È una scelta che tiene lontani gli spammer e fa sì che i siti continuino ad accettare gli indirizzi del servizio.',
    },
    { type: 'h2', text: 'Cosa protegge, e cosa no', id: 'protezione' },
    {
      type: 'p',
      text: 'Un indirizzo temporaneo protegge la tua casella vera. Il sito a cui lo dai non può mandarti newsletter per anni, non può venderlo a terzi in modo utile e, se un giorno subisce un furto di dati, tra le informazioni rubate ci sarà un indirizzo che non esiste più. Protegge anche dal tracciamento più comune della posta, quello delle immagini che avvisano il mittente dell’apertura.',
    },
    {
      type: 'p',
      text: 'Non ti rende però invisibile. Il sito su cui ti registri vede comunque il tuo indirizzo IP e le informazioni del browser, come vede quelle di ogni visitatore. Non ti protegge da un allegato infetto: se scarichi un file sospetto e lo apri, il rischio è lo stesso di qualunque altra casella. E chi ha accesso alla scheda in cui è aperta la casella, o inquadra il codice QR di «Apri sul telefono», può leggere la posta finché l’indirizzo è attivo.',
    },
    { type: 'h2', text: 'Quando usarla, e quando no', id: 'quando' },
    {
      type: 'p',
      text: 'È ideale per tutto ciò che ti serve una volta sola: un codice sconto, una prova gratuita, un ebook, un forum in cui fare una domanda, un sito di cui non ti fidi ancora. Per capire come decidere caso per caso leggi [quando usare un’email temporanea](/blog/quando-usare-email-temporanea); per quindici situazioni concrete, con i passaggi da seguire, c’è la pagina sui [casi d’uso](/casi-uso).',
    },
    {
      type: 'p',
      text: 'Non usarla invece per banca, lavoro, servizi pubblici, sanità o qualunque account che vorrai recuperare tra un mese: per reimpostare una password ti servirebbe una casella che non esiste più. Per gli account che durano ma non meritano il tuo indirizzo principale c’è una via di mezzo, l’alias, che confrontiamo nell’articolo su [email temporanea e alias](/blog/email-temporanea-vs-alias).',
    },
    { type: 'h2', text: 'Problemi comuni e come risolverli', id: 'problemi' },
    { type: 'h3', text: 'Il messaggio non arriva' },
    {
      type: 'p',
      text: 'Aspetta un paio di minuti: alcuni siti mettono in coda le email di conferma. Poi controlla di aver incollato l’indirizzo per intero, senza spazi prima o dopo. Se il sito offre un pulsante per rinviare il messaggio, usalo. Se non arriva nulla nemmeno così, è probabile che il sito abbia scartato l’indirizzo senza dirlo.',
    },
    { type: 'h3', text: 'Il sito rifiuta l’indirizzo' },
    {
      type: 'p',
      text: 'Alcuni siti tengono elenchi dei domini usati dalle caselle temporanee e li respingono già nel modulo. Nessun elenco è completo: se sopra l’indirizzo trovi «Cambia dominio», puoi provare un indirizzo su un altro dominio del servizio. Se però il sito dichiara di non accettare indirizzi temporanei, rispetta la sua scelta, e chiediti piuttosto se quel servizio merita il tuo indirizzo principale o un alias.',
    },
    { type: 'h3', text: 'Ho chiuso la scheda' },
    {
      type: 'p',
      text: 'La chiave della casella era conservata in quella scheda, quindi da quel browser l’accesso è perso; se avevi aperto la casella anche sul telefono con «Apri sul telefono», lì la ritrovi. La casella si cancellerà comunque da sola alla scadenza. Se il messaggio che aspettavi non era ancora arrivato, crea un nuovo indirizzo e chiedi al sito di rinviarlo.',
    },
    { type: 'h3', text: 'Il tempo sta per scadere' },
    {
      type: 'p',
      text: `Premi «Estendi» prima che il conto alla rovescia arrivi a zero: il tempo torna a ${limits.ttl} pieni, e puoi ripetere l’operazione finché la casella non raggiunge ${limits.maxLifetime} di vita. Un indirizzo già scaduto, invece, non si può riattivare.`,
    },
    { type: 'h2', text: 'Tre consigli per usarla al meglio', id: 'consigli' },
    {
      type: 'ul',
      items: [
        'Tieni aperta la scheda finché non hai ricevuto il messaggio: se la chiudi perdi l’accesso alla casella.',
        'Decidi prima di registrarti se l’account ti servirà ancora tra un mese: se la risposta è sì, usa il tuo indirizzo o un alias.',
        'Non aprire allegati che non aspettavi: un indirizzo usa e getta protegge la tua casella, non il tuo computer.',
      ],
    },
    {
      type: 'p',
      text: 'Usata con questo criterio, l’email temporanea diventa il primo filtro contro spam e tracciamento. Per un quadro più ampio, prosegui con la [guida alla privacy](/guida-privacy).',
    },
  ],
};
