import type { Article } from './article';

/** Full-length article: the everyday habits that keep personal data private online. */
export const article: Article = {
  slug: 'guida-privacy-online',
  title: 'Privacy online: guida pratica per proteggere i tuoi dati',
  description:
    'Email, password, browser, smartphone, social network e reti Wi-Fi: le abitudini concrete che riducono i dati che lasci online, con le priorità da cui partire.',
  category: 'Privacy',
  date: '2025-01-04',
  dateModified: '2026-11-28',
  textFingerprint: '89bdd412bc77c5f5',
  readTimeMinutes: 12,
  blocks: [
    {
      type: 'p',
      text: 'Ogni giorno lasciamo in rete una scia di informazioni: gli indirizzi con cui ci registriamo, le ricerche che facciamo, i luoghi in cui siamo, le foto che pubblichiamo, le app che apriamo. Prese una per una sembrano innocue; messe insieme raccontano chi siamo, dove viviamo, cosa compriamo e perfino come ci sentiamo. Proteggere la propria privacy non significa sparire da internet, ma decidere consapevolmente cosa condividere e con chi.',
    },
    {
      type: 'p',
      text: 'Questa guida raccoglie le abitudini che, a fronte di uno sforzo ragionevole, riducono di più la quantità di dati che lasci in giro. Non serve applicarle tutte oggi: alla fine trovi un elenco di priorità da cui partire.',
    },
    { type: 'h2', text: 'Perché la privacy ti riguarda', id: 'perche' },
    {
      type: 'p',
      text: '«Non ho niente da nascondere» è l’obiezione più comune, ed è comprensibile. Ma la privacy non riguarda i segreti: riguarda il controllo. I dati personali servono a costruire profili usati per decidere quali annunci vedi, quali prezzi ti vengono proposti e quali notizie ti compaiono davanti. E più dati esistono su di te, più ce ne sono da rubare: quando un’azienda subisce una violazione, ciò che perde sono proprio le informazioni che i clienti le avevano affidato.',
    },
    {
      type: 'p',
      text: 'C’è poi un aspetto molto concreto: quasi tutte le truffe online partono da qualche dato su di te. Un messaggio che contiene il tuo nome, la tua banca o l’ultimo acquisto che hai fatto è molto più convincente di uno generico. Meno informazioni circolano, meno materiale hanno i truffatori.',
    },
    { type: 'h2', text: 'Il principio guida: condividere il minimo', id: 'minimo' },
    {
      type: 'p',
      text: 'Il GDPR chiede alle aziende di raccogliere solo i dati necessari allo scopo. Puoi applicare lo stesso principio dalla tua parte: davanti a ogni modulo, chiediti quali campi sono davvero indispensabili. Il numero di telefono per scaricare un catalogo? La data di nascita per leggere un articolo? Spesso quei campi sono facoltativi, anche quando non sembra. Se non lo sono, valuta se quel servizio vale i dati che ti chiede.',
    },
    { type: 'h2', text: 'La casella di posta, il centro di tutto', id: 'email' },
    {
      type: 'p',
      text: 'Il tuo indirizzo email è la chiave di quasi tutti i tuoi account: è lo strumento con cui si reimpostano le password, si confermano gli acquisti e si ricevono le comunicazioni della banca. È anche l’identificativo con cui aziende diverse possono collegare tra loro le informazioni che hanno su di te. Per questo merita una protezione particolare.',
    },
    {
      type: 'ul',
      items: [
        'Tieni un indirizzo principale riservato alle persone e ai servizi importanti, e non pubblicarlo.',
        'Usa degli alias per newsletter, negozi e social: se uno viene ceduto o finisce in una violazione, lo disattivi senza toccare il resto.',
        'Per le registrazioni che ti servono una volta sola usa un’[email temporanea](/), che si cancella da sola alla scadenza.',
        'Blocca il caricamento automatico delle immagini nei messaggi: molte contengono pixel che segnalano al mittente quando e dove hai aperto la posta.',
      ],
    },
    {
      type: 'p',
      text: 'Se vuoi approfondire come combinare questi strumenti, leggi il confronto tra [email temporanea e alias](/blog/email-temporanea-vs-alias), con la strategia a tre livelli.',
    },
    { type: 'h2', text: 'Password e accessi', id: 'password' },
    {
      type: 'p',
      text: 'Una password riutilizzata è il modo più rapido per trasformare una piccola violazione in un disastro: se un sito perde le tue credenziali, chi le trova le proverà subito su posta, social e negozi online. La soluzione è una password diversa per ogni account, e l’unico modo realistico per gestirne decine è un gestore di password.',
    },
    {
      type: 'p',
      text: 'Scegli password lunghe: almeno 12 caratteri, meglio 16 o più. Una frase di quattro o cinque parole scelte a caso è facile da ricordare e difficile da indovinare. Poi aggiungi un secondo livello: l’autenticazione a due fattori fa sì che, anche se qualcuno scopre la password, non possa entrare senza il codice generato dal tuo telefono. Tutti i dettagli sono nella guida alla [sicurezza online](/sicurezza-online).',
    },
    { type: 'h2', text: 'Il browser', id: 'browser' },
    {
      type: 'p',
      text: 'Il browser è la finestra da cui guardi la rete, ma è anche la finestra da cui la rete guarda te. Alcune impostazioni fanno una grande differenza:',
    },
    {
      type: 'ul',
      items: [
        'Blocca i cookie di terze parti: servono soprattutto a seguirti da un sito all’altro, e bloccarli raramente causa problemi.',
        'Installa poche estensioni, solo da sviluppatori affidabili: un’estensione può leggere tutto ciò che vedi nelle pagine.',
        'Rivedi i permessi concessi ai siti, come posizione, fotocamera, microfono e notifiche, e revoca quelli che non servono.',
        'Valuta un motore di ricerca che non conservi la cronologia delle tue ricerche.',
        'Tieni il browser aggiornato: gli aggiornamenti correggono anche falle di sicurezza.',
      ],
    },
    {
      type: 'callout',
      tone: 'info',
      title: 'La navigazione privata non ti rende anonimo',
      text: 'La modalità in incognito evita che cronologia e cookie restino sul tuo dispositivo dopo la chiusura della finestra. Non nasconde però la tua attività ai siti che visiti, al tuo datore di lavoro se usi la sua rete, né al tuo fornitore di connessione.',
    },
    {
      type: 'p',
      text: 'Esistono anche tecniche di tracciamento che non usano cookie, come l’impronta digitale del browser, ricavata da dettagli tecnici come risoluzione dello schermo, caratteri installati e versione del sistema. Alcuni browser includono protezioni specifiche contro questa tecnica: se la privacy è una tua priorità, tienine conto quando scegli quale usare.',
    },
    { type: 'h2', text: 'Lo smartphone', id: 'smartphone' },
    {
      type: 'p',
      text: 'Il telefono sa dove sei, chi conosci e cosa fai in ogni momento della giornata. Le app ne chiedono l’accesso spesso più del necessario, e una volta concesso ce ne dimentichiamo.',
    },
    {
      type: 'ul',
      items: [
        'Una volta al mese apri le impostazioni della privacy e controlla quali app hanno accesso a posizione, contatti, foto, microfono e fotocamera.',
        'Concedi la posizione solo «mentre usi l’app», e solo alle app che ne hanno davvero bisogno, come le mappe.',
        'Limita il tracciamento pubblicitario dalle impostazioni del sistema e azzera periodicamente l’identificativo pubblicitario.',
        'Disinstalla le app che non usi più: continuano a raccogliere dati anche se non le apri.',
        'Scarica le app solo dagli store ufficiali e leggi le recensioni prima di installare qualcosa di sconosciuto.',
      ],
    },
    { type: 'h2', text: 'I social network', id: 'social' },
    {
      type: 'p',
      text: 'Sui social siamo noi a fornire i dati, volontariamente, e spesso a un pubblico molto più ampio di quanto immaginiamo. Qualche accorgimento riduce i rischi senza rinunciare a usarli.',
    },
    {
      type: 'ul',
      items: [
        'Controlla chi può vedere i tuoi post, la lista degli amici e le informazioni del profilo, e limita ciò che è pubblico.',
        'Non pubblicare in tempo reale dove ti trovi: meglio condividere le foto delle vacanze quando sei già tornato a casa.',
        'Evita di indicare data di nascita completa, indirizzo, scuola dei figli e nome dell’animale domestico: sono proprio le risposte alle domande di sicurezza di molti servizi.',
        'Diffida di quiz e giochi che chiedono l’accesso al profilo: spesso servono solo a raccogliere dati.',
        'Rivedi le app collegate al tuo account e scollega quelle che non usi più.',
        'Pensaci due volte prima di pubblicare foto di bambini: resteranno online ben oltre il momento in cui sono state scattate.',
      ],
    },
    { type: 'h2', text: 'Reti Wi-Fi e VPN', id: 'reti' },
    {
      type: 'p',
      text: 'Oggi quasi tutti i siti usano connessioni cifrate, riconoscibili dal lucchetto nella barra degli indirizzi, e questo rende molto meno rischioso collegarsi a una rete pubblica. Restano però alcune cautele: su un Wi-Fi aperto, in un bar o in aeroporto, evita operazioni delicate come quelle bancarie, se puoi, e diffida delle reti con nomi generici o duplicati, che potrebbero essere trappole.',
    },
    {
      type: 'p',
      text: 'Una VPN cifra tutto il traffico tra il tuo dispositivo e il server del fornitore della VPN. È utile sulle reti pubbliche e nasconde i siti che visiti a chi gestisce la rete locale. Non ti rende però anonimo: il fornitore della VPN vede a sua volta il tuo traffico, quindi va scelto con cura, leggendo cosa dichiara di conservare. Diffida delle VPN gratuite, che spesso si finanziano proprio con i dati degli utenti. E ricorda che una VPN non protegge da phishing, malware o password deboli.',
    },
    { type: 'h2', text: 'Acquisti e pagamenti', id: 'acquisti' },
    {
      type: 'ul',
      items: [
        'Quando possibile, acquista come ospite invece di creare un account che userai una sola volta.',
        'Non salvare i dati della carta sui siti che usi di rado.',
        'Per gli acquisti online valuta una carta prepagata o una carta virtuale, da ricaricare solo quando serve.',
        'Attiva le notifiche della banca per ogni pagamento: ti accorgerai subito di un addebito sospetto.',
        'Prima di comprare da un negozio sconosciuto, cerca recensioni indipendenti e controlla che indichi ragione sociale, partita IVA e contatti.',
      ],
    },
    { type: 'h2', text: 'I dispositivi connessi in casa', id: 'casa' },
    {
      type: 'p',
      text: 'Televisori, assistenti vocali, videocamere, robot aspirapolvere: ogni oggetto connesso è un piccolo computer che raccoglie dati e li manda al produttore. Spesso lo fa più di quanto serva al suo funzionamento, e con impostazioni predefinite pensate per la comodità, non per la riservatezza.',
    },
    {
      type: 'ul',
      items: [
        'Cambia subito la password predefinita di ogni dispositivo e del router, e tieni aggiornato il loro software.',
        'Nelle impostazioni del televisore disattiva il riconoscimento dei contenuti, che registra cosa guardi per fini pubblicitari.',
        'Rivedi la cronologia degli assistenti vocali e imposta la cancellazione automatica delle registrazioni.',
        'Metti i dispositivi connessi su una rete Wi-Fi per gli ospiti, separata da computer e telefoni.',
      ],
    },
    { type: 'h2', text: 'Quando cambi o vendi un dispositivo', id: 'dispositivi-usati' },
    {
      type: 'p',
      text: 'Un telefono, un computer o una chiavetta che cambiano proprietario portano con sé tutto quello che contengono, anche i file che hai cancellato. Prima di venderli o regalarli, esci dagli account, disattiva la funzione per ritrovare il dispositivo smarrito, che altrimenti ne blocca l’uso al nuovo proprietario, fai una copia di ciò che ti serve e ripristina le impostazioni di fabbrica. Sui dispositivi recenti, cifrati fin dall’inizio, il ripristino rende i vecchi dati illeggibili; su quelli più datati o sui dischi esterni conviene usare un programma che sovrascriva lo spazio libero. Lo stesso vale per il vecchio router o la stampante di casa, che ricordano le password della rete e talvolta documenti stampati di recente.',
    },
    { type: 'h2', text: 'Bambini e ragazzi', id: 'ragazzi' },
    {
      type: 'p',
      text: 'I più giovani entrano online prima di saper valutare cosa condividono. In Italia un ragazzo può dare da solo il consenso al trattamento dei suoi dati da parte dei servizi online solo dai 14 anni; prima serve quello di un genitore. Più delle regole, però, contano le abitudini che si imparano in famiglia: pensare prima di pubblicare una foto, non dire dove ci si trova, chiedere aiuto quando un messaggio mette a disagio. Anche gli adulti hanno una parte: ogni foto dei figli pubblicata oggi è un pezzo della loro identità digitale che domani non potranno ritirare.',
    },
    { type: 'h2', text: 'I diritti che la legge ti riconosce', id: 'diritti' },
    {
      type: 'p',
      text: 'In Europa i tuoi dati personali sono protetti dal GDPR, che ti dà strumenti concreti: puoi chiedere a un’azienda quali dati ha su di te e da dove li ha presi, farli correggere, farli cancellare e opporti al loro uso per il marketing. L’azienda deve risponderti entro 30 giorni. Nella [guida alla privacy](/guida-privacy) trovi come scrivere una richiesta efficace e cosa fare se non ricevi risposta.',
    },
    {
      type: 'p',
      text: 'Vale la pena usare questi diritti anche solo una volta: scoprire quante informazioni ha raccolto su di te un servizio che usi ogni giorno è spesso il modo migliore per capire quanto sia importante proteggerle.',
    },
    { type: 'h2', text: 'Da dove cominciare', id: 'priorita' },
    {
      type: 'p',
      text: 'Se tutto questo ti sembra tanto, parti da qui. Sono cinque passi in ordine di efficacia, e ciascuno richiede meno di un’ora:',
    },
    {
      type: 'ol',
      items: [
        'Attiva l’autenticazione a due fattori sulla tua casella di posta principale.',
        'Installa un gestore di password e cambia per prime le password riutilizzate sugli account più importanti.',
        'Da oggi, per le registrazioni occasionali, usa un’email temporanea o un alias.',
        'Rivedi i permessi delle app sullo smartphone e le impostazioni di visibilità dei tuoi profili social.',
        'Blocca i cookie di terze parti nel browser e disattiva il caricamento automatico delle immagini nella posta.',
      ],
    },
    {
      type: 'p',
      text: 'La privacy online non è un traguardo da raggiungere una volta per tutte, ma un’abitudine da mantenere. La buona notizia è che, una volta impostata, richiede pochissimo sforzo: basta ripetere i controlli ogni tanto e chiedersi, davanti a ogni nuovo modulo, se quei dati servono davvero.',
    },
  ],
};
