import { PRODUCT_NAME } from '@et/common';
import { SUPPORTED_BROWSERS } from './browsers';
import { limits } from './limits';
import { CONTACT_EMAILS } from './site';

/** `Chrome 111 o successivo, …, e Opera 97 o successivo`, from the build's target. */
const browserList = SUPPORTED_BROWSERS.map(
  (b) => `${b.name} ${b.version} o successivo${b.note ? ` (${b.note})` : ''}`,
).reduce((list, item, i, all) => (i === all.length - 1 ? `${list} e ${item}` : `${list}, ${item}`));

/** One question of the FAQ page; the answer is inline text and may contain internal links. */
export interface FaqEntry {
  question: string;
  answer: string;
}

/** The 20 questions of `/faq`, in display order (the first one is open when the page loads). */
export const faq: FaqEntry[] = [
  {
    question: `Che cos’è ${PRODUCT_NAME}?`,
    answer: `${PRODUCT_NAME} è un servizio gratuito che ti assegna all’istante un indirizzo di posta casuale, pronto a ricevere messaggi. Lo usi quando un sito ti chiede un’email ma non vuoi dargli quella vera: ricevi il codice di conferma o il link di attivazione, e dopo ${limits.ttl}, o al massimo ${limits.maxLifetime} se lo estendi, indirizzo e messaggi spariscono per sempre.`,
  },
  {
    question: 'Quanto dura l’indirizzo che ricevo?',
    answer: `${limits.ttl} esatti dal momento in cui viene creato; con «Estendi» puoi arrivare fino a ${limits.maxLifetime} in tutto. Il conto alla rovescia sulla pagina ti mostra quanto tempo rimane ed è esatto anche se ricarichi la pagina, perché la scadenza la decide il nostro server e non il tuo browser.`,
  },
  {
    question: 'Posso avere più tempo?',
    answer: `Sì. Finché l’indirizzo è attivo puoi premere «Estendi»: il conto alla rovescia torna a ${limits.ttl} pieni. I minuti non si sommano a quelli rimasti, e puoi estendere più volte, ma mai oltre ${limits.maxLifetime} dalla creazione dell’indirizzo: arrivato a quel limite, l’indirizzo scade quando il conto alla rovescia arriva a zero. Una volta scaduto, non si può più riattivare.`,
  },
  {
    question: 'Cosa succede quando il tempo scade?',
    answer:
      'L’indirizzo viene eliminato insieme a tutti i messaggi e agli allegati, nel giro di pochi secondi e in modo definitivo: non ne teniamo copie. Da quel momento la posta inviata a quell’indirizzo viene rifiutata. Sulla pagina compare l’avviso «Tempo scaduto!» e con «Nuovo indirizzo» puoi crearne subito un altro.',
  },
  {
    question: 'Posso recuperare un indirizzo scaduto o i suoi messaggi?',
    answer: `No. Quando un indirizzo scade, il suo contenuto viene cancellato e non esiste alcun modo per riaverlo, nemmeno scrivendo all’assistenza. Per proteggerti, l’indirizzo scaduto resta riservato per ${limits.tombstoneDays} giorni: in quel periodo nessun altro può riceverlo, e la posta che qualcuno ti spedisce in ritardo viene rifiutata invece di finire nella casella di uno sconosciuto. Passati i ${limits.tombstoneDays} giorni, che lo stesso indirizzo venga generato di nuovo è praticamente impossibile: le combinazioni sono miliardi di miliardi.`,
  },
  {
    question: 'Devo registrarmi o creare un account?',
    answer:
      'No. Non ti chiediamo nome, numero di telefono né un’altra email. Apri la pagina e l’indirizzo è già lì, pronto da copiare.',
  },
  {
    question: 'Quanto costa?',
    answer: `Niente. Il servizio è gratuito, senza abbonamenti né funzioni a pagamento. Per difenderlo dai programmi che creano caselle in massa c’è un solo limite alla creazione: al massimo ${limits.createMax} indirizzi ogni ${limits.createWindow} dalla stessa connessione (lo stesso indirizzo IP). Se lo raggiungi, la pagina ti dice quanto attendere prima di crearne un altro; gli indirizzi che hai già restano attivi.`,
  },
  {
    question: 'Dopo quanto tempo arrivano le email?',
    answer:
      'Di solito entro 1-2 minuti, spesso in pochi secondi: dipende da quanto è rapido il sito che invia. Appena un messaggio arriva compare nella pagina da solo, senza bisogno di ricaricare. Se il nostro server ha rifiutato un messaggio per la tua casella, per esempio perché troppo grande, sotto la posta in arrivo trovi il mittente e il motivo. Se dopo qualche minuto non vedi nulla, controlla di aver copiato l’indirizzo per intero e verifica che il sito non blocchi gli indirizzi temporanei.',
  },
  {
    question: 'Posso inviare email o rispondere a un messaggio?',
    answer:
      'No, il servizio è solo in ricezione. Non offrire l’invio è una scelta precisa: impedisce che gli indirizzi vengano usati per spedire spam o truffe e mantiene i nostri domini affidabili, così i siti continuano a consegnarti la posta.',
  },
  {
    question: 'Posso scegliere io il nome dell’indirizzo?',
    answer: `No, l’indirizzo è generato a caso: ${limits.localPartLength} caratteri tra lettere minuscole e cifre prima della chiocciola. È proprio questo a renderlo sicuro: un nome scelto a mano sarebbe facile da indovinare, mentre uno casuale nessuno può prevederlo.`,
  },
  {
    question: 'Posso ricevere allegati?',
    answer: `Sì, purché il messaggio intero, allegati compresi, non superi ${limits.messageSize}: i messaggi più grandi vengono rifiutati dal nostro server e il mittente riceve un avviso di mancata consegna. Nel messaggio trovi l’elenco degli allegati con nome e dimensione, e il pulsante «Scarica» per salvarli. Il file che scarichi è identico a quello inviato. Ricorda però che gli allegati di mittenti sconosciuti possono contenere malware: aprili solo se li aspettavi e, nel dubbio, analizzali prima con un antivirus. Accanto al mittente può comparire un segno: «Mittente verificato» vuol dire che il dominio scritto nel campo Da ha confermato, con i controlli SPF, DKIM e DMARC, di aver inviato davvero il messaggio, non che il contenuto sia affidabile. Un avviso rosso vuol dire invece che il dominio scritto nel campo Da non conferma di averlo inviato: può essere un tentativo di phishing, ma succede anche a messaggi veri inoltrati da un’altra casella o passati da una mailing list. Nel dubbio, non aprire link e allegati. Se non compare nulla, il dominio non permette questa verifica o non è stato possibile farla.`,
  },
  {
    question: 'Perché alcune immagini nei messaggi non si vedono?',
    answer:
      'Le immagini caricate da server esterni sono bloccate di proposito: molte newsletter le usano come «pixel di tracciamento», per sapere quando e dove hai aperto il messaggio. Se ti servono, premi «Mostra immagini» e le vedrai in quel messaggio.',
  },
  {
    question: 'Perché alcuni siti non accettano il mio indirizzo temporaneo?',
    answer:
      'Alcuni siti tengono elenchi dei domini usati dai servizi di email temporanea e respingono chi si iscrive con uno di quelli. Nessun elenco però è completo, e un dominio che il sito non conosce ancora passa senza problemi. Se il modulo rifiuta il tuo indirizzo e sopra l’indirizzo trovi «Cambia dominio» (c’è quando il servizio ha più domini), scegli un altro dominio e incolla l’indirizzo nuovo: quello vecchio viene cancellato con la sua inbox. Se il sito dichiara di non accettare indirizzi temporanei, o li rifiuta tutti, rispetta la sua scelta: ripiega su un alias della tua casella personale oppure, se il servizio ti interessa davvero, sul tuo indirizzo abituale.',
  },
  {
    question: 'I miei messaggi sono privati?',
    answer: `Sì. Solo chi ha la chiave di accesso della casella, conservata nella scheda del tuo browser e nel link di «Apri sul telefono» se lo usi, può leggere la posta, e nessuna persona del nostro servizio la legge. Il server la elabora in automatico solo per mostrartela e per controllare il mittente: ripulisce l’HTML e cerca il codice di verifica o il link di conferma da mettere in evidenza. Il contenuto dei messaggi non esce dai nostri server, e alla scadenza tutto viene cancellato. Non usiamo cookie né strumenti di tracciamento e la pagina non carica nulla da servizi esterni. I dettagli sono nell’[informativa sulla privacy](/privacy).`,
  },
  {
    question: 'Se ricarico la pagina o chiudo la scheda perdo la casella?',
    answer:
      'Se ricarichi la pagina, no: indirizzo e messaggi restano lì finché non scadono. Se invece chiudi la scheda, da quel browser perdi l’accesso, perché la chiave della casella è conservata nella memoria di quella scheda; resta solo nel link di «Apri sul telefono», se lo hai usato. La casella comunque si cancella da sola alla scadenza, quindi non resta nulla in giro.',
  },
  {
    question: 'Quali browser sono supportati?',
    answer: `Funziona con le versioni recenti di tutti i browser principali, sia su computer sia su smartphone: ${browserList}. JavaScript deve essere attivo per vedere la posta in arrivo.`,
  },
  {
    question: 'Posso essere avvisato quando arriva un’email?',
    answer:
      'Sì. Il titolo della scheda mostra quanti messaggi non hai ancora letto, così te ne accorgi anche mentre sei su un’altra pagina. Se vuoi, puoi attivare anche le notifiche del browser: il permesso ti viene chiesto solo dopo che hai scelto tu di attivarle.',
  },
  {
    question: 'Posso usarla per la banca, il lavoro o gli account importanti?',
    answer:
      'Meglio di no. Tra qualche settimana potresti dover reimpostare la password o ricevere una comunicazione importante, e a quel punto l’indirizzo non esisterà più. Per tutto ciò che conta a lungo termine usa la tua email personale; trovi qualche esempio nella pagina sui [casi d’uso](/casi-uso).',
  },
  {
    question: 'È legale usare un’email temporanea?',
    answer:
      'Sì, proteggere il proprio indirizzo è un’esigenza del tutto legittima. È vietato invece usare il servizio per attività illecite, per truffe o per aggirare in modo abusivo le regole di altri siti: le condizioni complete sono nei [termini di servizio](/terms).',
  },
  {
    question: 'Come posso contattare l’assistenza?',
    answer: `Scrivi a ${CONTACT_EMAILS.support}: di solito rispondiamo in 24-48 ore lavorative. Per le richieste sui dati personali usa ${CONTACT_EMAILS.privacy}. Tieni presente che non possiamo recuperare indirizzi o messaggi scaduti, perché non ne conserviamo alcuna copia.`,
  },
];
