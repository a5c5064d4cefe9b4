import type { Article } from './article';

/** Full-length article: data breaches, what to do when your mailbox is involved, prevention. */
export const article: Article = {
  slug: 'proteggere-email-violazioni',
  title: 'Violazioni di dati: come proteggere la tua email',
  description:
    'Come capire se il tuo indirizzo è finito in una violazione di dati, cosa fare nella prima ora, quali impostazioni controllare e come evitare che ricapiti.',
  category: 'Sicurezza',
  date: '2025-01-02',
  dateModified: '2026-11-28',
  textFingerprint: '68963ce25c40d274',
  readTimeMinutes: 10,
  blocks: [
    {
      type: 'p',
      text: 'Prima o poi capita quasi a tutti: un servizio a cui ci si era iscritti anni fa annuncia di aver subito un attacco, e tra i dati sottratti ci sono anche gli indirizzi email e le password degli utenti. A volte la notizia arriva dall’azienda stessa, a volte la si scopre per caso, altre volte non la si scopre affatto. In ogni caso, sapere come reagire fa la differenza tra un piccolo inconveniente e la perdita di mezza vita digitale.',
    },
    { type: 'h2', text: 'Che cos’è una violazione di dati', id: 'cos-e' },
    {
      type: 'p',
      text: 'Si parla di violazione di dati personali, o data breach, quando informazioni custodite da un’organizzazione vengono perse, rubate o rese accessibili a chi non dovrebbe vederle. Le cause sono varie: un attacco informatico, un database lasciato esposto per errore, un dipendente infedele, un computer smarrito. Il risultato è sempre lo stesso: dati che dovevano restare riservati finiscono in circolazione, spesso in archivi scambiati o venduti nei forum frequentati da truffatori.',
    },
    {
      type: 'p',
      text: 'Il GDPR obbliga le aziende a notificare le violazioni all’autorità di controllo e, quando il rischio per le persone è elevato, ad avvisare direttamente gli interessati. Non sempre però questo avviene in tempi rapidi, e molte violazioni vengono scoperte solo mesi dopo.',
    },
    { type: 'h2', text: 'Perché la tua email è il bersaglio più prezioso', id: 'perche' },
    {
      type: 'p',
      text: 'In una violazione, l’indirizzo email è il dato che compare più spesso, e non è un caso: è il nome utente di quasi tutti i tuoi account. Chi possiede il tuo indirizzo e una password che hai usato da qualche parte può provare quella combinazione su centinaia di altri siti in pochi minuti, con programmi automatici. Se la password è la stessa, entra.',
    },
    {
      type: 'p',
      text: 'Ma il rischio più grave riguarda la casella stessa. Chi controlla la tua posta può chiedere il ripristino della password di qualsiasi altro servizio e ricevere il link al posto tuo. Banca, social, negozi online, archivi di foto nel cloud: tutto passa da lì. Per questo la casella di posta principale va difesa meglio di qualunque altro account.',
    },
    { type: 'h2', text: 'Come capire se sei stato coinvolto', id: 'capire' },
    {
      type: 'p',
      text: 'Il modo più diretto è un avviso dell’azienda coinvolta: leggilo con attenzione, ma accedi al sito digitando tu l’indirizzo, perché i truffatori sfruttano proprio queste notizie per inviare falsi avvisi di violazione con link trappola. Esistono poi servizi pubblici e gratuiti che raccolgono gli elenchi delle violazioni note e ti dicono se il tuo indirizzo compare in qualcuna; molti gestori di password e alcuni browser offrono lo stesso controllo in modo automatico.',
    },
    { type: 'p', text: 'Ci sono anche segnali che meritano attenzione immediata:' },
    {
      type: 'ul',
      items: [
        'ricevi email di reimpostazione della password che non hai chiesto;',
        'ti arrivano avvisi di accesso da dispositivi o città che non riconosci;',
        'nella cartella della posta inviata compaiono messaggi che non hai scritto;',
        'i tuoi contatti ti dicono di aver ricevuto da te messaggi strani o richieste di denaro;',
        'lo spam aumenta all’improvviso, magari con messaggi che contengono una tua vecchia password per renderli più credibili;',
        'non riesci più ad accedere con la password di sempre.',
      ],
    },
    {
      type: 'callout',
      tone: 'warning',
      title: 'Il ricatto con la vecchia password',
      text: 'Un messaggio che riporta una tua vecchia password e afferma di averti filmato o di avere accesso al tuo computer è quasi sempre un bluff costruito con i dati di una vecchia violazione. Non pagare e non rispondere; se quella password è ancora in uso da qualche parte, cambiala subito.',
    },
    { type: 'h2', text: 'Cosa fare nella prima ora', id: 'prima-ora' },
    {
      type: 'p',
      text: 'Se sospetti che la tua casella o una password siano state compromesse, agisci subito e in quest’ordine:',
    },
    {
      type: 'ol',
      items: [
        'Cambia la password della casella di posta da un dispositivo che ritieni pulito. Scegline una nuova, lunga e mai usata altrove.',
        'Disconnetti tutte le sessioni attive: quasi tutti i provider hanno una funzione per uscire da tutti i dispositivi, così chi è entrato viene chiuso fuori.',
        'Attiva l’autenticazione a due fattori, se non l’avevi già fatto.',
        'Cambia la password di ogni altro account in cui avevi usato la stessa, iniziando da banca, social e negozi con la carta salvata.',
        'Controlla gli ultimi movimenti di conti e carte e, se noti qualcosa di strano, contatta subito la banca.',
      ],
    },
    { type: 'h2', text: 'Le impostazioni nascoste da controllare', id: 'impostazioni' },
    {
      type: 'p',
      text: 'Un intruso esperto non si limita a leggere la posta: lascia dietro di sé qualcosa che gli permetta di continuare a riceverla anche dopo che hai cambiato la password. Dopo una possibile compromissione, apri le impostazioni della casella e verifica con calma:',
    },
    {
      type: 'ul',
      items: [
        'l’inoltro automatico: nessun messaggio deve essere girato a indirizzi che non conosci;',
        'i filtri e le regole: cerca regole che spostano o cancellano messaggi, ad esempio quelli della tua banca, per nasconderti gli avvisi;',
        'le opzioni di recupero: numero di telefono e indirizzo secondario devono essere i tuoi;',
        'la firma e il nome visualizzato, che potrebbero essere stati modificati;',
        'i dispositivi e le sessioni collegati, e le eventuali password per app specifiche create di recente.',
      ],
    },
    { type: 'h2', text: 'Se hai perso l’accesso', id: 'accesso-perso' },
    {
      type: 'p',
      text: 'Se qualcuno ha cambiato la tua password e le opzioni di recupero, usa subito la procedura ufficiale di recupero dell’account del tuo provider, seguendo il percorso indicato sul suo sito e non link ricevuti per email. Fornisci più dettagli possibile: vecchie password, data approssimativa di creazione dell’account, dispositivi usati di solito. Nel frattempo avvisa i tuoi contatti attraverso un altro canale, perché chi controlla la casella potrebbe scrivere loro a tuo nome, e contatta la banca se la casella era collegata a servizi di pagamento.',
    },
    { type: 'h2', text: 'Cosa viene rubato, di solito', id: 'cosa-viene-rubato' },
    {
      type: 'p',
      text: 'Quasi ogni violazione contiene gli indirizzi email degli utenti: sono il dato che tutti i siti raccolgono. Spesso, accanto, ci sono nomi, numeri di telefono, date di nascita e indirizzi di casa, e quasi sempre le password, che i siti seri non conservano così come sono ma sotto forma di impronta (hash): un valore calcolato dalla password, da cui la password non si ricostruisce direttamente.',
    },
    {
      type: 'p',
      text: 'Un’impronta non è la password, ma non è nemmeno una garanzia: le password brevi o comuni si ricavano dall’impronta in pochi minuti, provando miliardi di combinazioni. Per questo una violazione ti riguarda anche se il sito assicura che le password erano «protette», e per questo una password lunga e unica per ogni sito resta la difesa più solida. Anche senza password, però, i dati rubati bastano a confezionare messaggi di phishing credibili, che citano il tuo nome e il servizio di cui sei davvero cliente.',
    },
    { type: 'h2', text: 'Prevenire la prossima violazione', id: 'prevenire' },
    {
      type: 'p',
      text: 'Non puoi impedire che un sito a cui sei iscritto venga attaccato. Puoi però fare in modo che, quando succede, il danno resti confinato a quel sito.',
    },
    { type: 'h3', text: 'Una password diversa per ogni account' },
    {
      type: 'p',
      text: 'È la regola più importante di tutte. Con password uniche, una violazione espone un solo account e non l’intera collezione. Un gestore di password le crea e le ricorda per te: devi memorizzarne una sola, lunga e robusta. Almeno 12 caratteri, meglio 16.',
    },
    { type: 'h3', text: 'L’autenticazione a due fattori' },
    {
      type: 'p',
      text: 'Con il secondo fattore, la password da sola non basta più per entrare. Non tutti i metodi però offrono la stessa protezione:',
    },
    {
      type: 'table',
      caption: 'Metodi di autenticazione a due fattori a confronto',
      head: ['Metodo', 'Protezione', 'Note'],
      rows: [
        [
          'Codice via SMS',
          'Buona',
          'Meglio di niente, ma il numero può essere dirottato con uno scambio fraudolento della SIM',
        ],
        [
          'App di autenticazione',
          'Ottima',
          'Genera codici che cambiano ogni 30 secondi, anche senza connessione',
        ],
        [
          'Chiave di sicurezza fisica o passkey',
          'Eccellente',
          'Resiste anche al phishing, perché funziona solo sul sito autentico',
        ],
      ],
    },
    {
      type: 'p',
      text: 'Qualunque metodo tu scelga, conserva in un posto sicuro i codici di recupero che il servizio ti fornisce al momento dell’attivazione: ti permetteranno di rientrare se perdi il telefono.',
    },
    { type: 'h3', text: 'Meno siti conoscono il tuo indirizzo, meglio è' },
    {
      type: 'p',
      text: 'Ogni registrazione è un archivio in più in cui il tuo indirizzo può finire rubato. Per i servizi che usi una volta sola, un’[email temporanea](/) fa in modo che, in caso di violazione, tra i dati sottratti ci sia un indirizzo che non esiste più. Per quelli che usi con continuità, gli alias permettono di capire quale sito ha perso i tuoi dati e di chiudere solo quella porta.',
    },
    { type: 'h3', text: 'Attenzione al phishing dopo una violazione' },
    {
      type: 'p',
      text: 'Le settimane successive a una violazione pubblica sono le più pericolose: i truffatori sanno che gli utenti si aspettano comunicazioni dall’azienda e ne approfittano. Diffida di qualunque messaggio che ti chieda di «verificare l’account» o «confermare i dati» attraverso un link. Per riconoscere i segnali tipici leggi l’articolo sull’[email temporanea contro il phishing](/blog/email-temporanea-contro-phishing).',
    },
    { type: 'h2', text: 'Dopo l’emergenza: tre passi da non saltare', id: 'dopo' },
    {
      type: 'p',
      text: 'Messo in sicurezza l’account, restano tre operazioni che spesso vengono dimenticate e che chiudono le ultime porte rimaste aperte.',
    },
    { type: 'h3', text: '1. Revoca l’accesso alle app di terze parti' },
    {
      type: 'p',
      text: 'Nel tempo abbiamo autorizzato decine di app e siti ad accedere alla posta o all’account, con pulsanti come «Accedi con…». Questi accessi restano validi anche dopo il cambio della password. Apri la sezione della sicurezza del tuo account, guarda l’elenco delle app collegate e revoca tutte quelle che non riconosci o non usi più.',
    },
    { type: 'h3', text: '2. Avvisa i tuoi contatti' },
    {
      type: 'p',
      text: 'Se qualcuno ha usato la tua casella, i tuoi contatti potrebbero aver ricevuto messaggi a tuo nome o riceverne nei prossimi giorni. Avvisali con un breve messaggio: chiedi di ignorare eventuali richieste insolite, soprattutto di denaro o di dati, e di non aprire allegati inattesi che sembrano arrivare da te.',
    },
    { type: 'h3', text: '3. Valuta di cambiare indirizzo' },
    {
      type: 'p',
      text: 'Se il tuo indirizzo compare in molte violazioni ed è ormai bersagliato da spam e tentativi di truffa, può valere la pena aprirne uno nuovo per le comunicazioni importanti. Fallo con calma: aggiorna prima gli account essenziali, imposta l’inoltro dal vecchio indirizzo per qualche mese e proteggi il nuovo fin dal primo giorno, senza pubblicarlo e senza usarlo per le registrazioni occasionali.',
    },
    {
      type: 'callout',
      tone: 'tip',
      title: 'La difesa che funziona',
      text: 'Se devi ricordare solo due cose, che siano queste: attiva l’autenticazione a due fattori sulla tua casella principale e su ogni account importante, e per le iscrizioni non essenziali usa un’email temporanea. Con il primo accorgimento una password rubata non basta più; con il secondo il tuo indirizzo vero finisce in molti meno archivi da rubare.',
    },
  ],
};
