import type { Article } from './article';

/** The ten typical situations for a temporary address, and the cases where it is a bad idea. */
export const article: Article = {
  slug: 'quando-usare-email-temporanea',
  title: 'Quando usare un’email temporanea: 10 situazioni',
  description:
    'Download, coupon, prove gratuite, concorsi e altre sei situazioni in cui un indirizzo usa e getta ti salva dallo spam, e i casi in cui è meglio evitarlo.',
  category: 'Guide',
  date: '2025-01-10',
  dateModified: '2025-01-17',
  readTimeMinutes: 8,
  blocks: [
    {
      type: 'p',
      text: 'Un’email temporanea è uno strumento semplice, ma dà il meglio solo se la usi nel momento giusto. La regola di fondo è una: se ti serve ricevere qualcosa adesso e non ti interessa che quel sito possa scriverti in futuro, un indirizzo usa e getta è la scelta migliore. Ecco dieci situazioni in cui la regola si applica, e alcune in cui è meglio lasciarla perdere.',
    },
    { type: 'h2', text: 'Dieci situazioni in cui conviene', id: 'situazioni' },
    { type: 'h3', text: '1. Scaricare un contenuto gratuito' },
    {
      type: 'p',
      text: 'Ebook, modelli, guide in PDF, sfondi, campioni audio: molti siti li regalano in cambio di un indirizzo, che poi finisce in una lista di marketing. Con un indirizzo temporaneo ricevi il link di download e la lista resta senza destinatario.',
    },
    { type: 'h3', text: '2. Ottenere un codice sconto' },
    {
      type: 'p',
      text: 'Il classico «10% di sconto sul primo ordine se ti iscrivi alla newsletter». Il codice arriva in pochi secondi; copialo subito, perché dieci minuti dopo la casella non ci sarà più. Le newsletter successive, invece, non arriveranno mai.',
    },
    { type: 'h3', text: '3. Attivare una prova gratuita' },
    {
      type: 'p',
      text: 'Vuoi capire se un programma o un servizio online fa al caso tuo, ma non sei pronto a sceglierlo? Registrati con un indirizzo usa e getta. Se la prova ti convince, crea poi un account vero con la tua email, così potrai recuperare la password e ricevere le fatture.',
    },
    { type: 'h3', text: '4. Fare una domanda in un forum' },
    {
      type: 'p',
      text: 'A volte basta un solo messaggio in una community di appassionati per risolvere un problema. Se non pensi di tornarci, non c’è motivo di consegnare il tuo indirizzo personale e ricevere per anni notifiche e riepiloghi settimanali.',
    },
    { type: 'h3', text: '5. Provare un sito che non conosci' },
    {
      type: 'p',
      text: 'Quando un sito ti incuriosisce ma non sai chi lo gestisce né come tratterà i tuoi dati, un indirizzo temporaneo ti permette di guardarci dentro senza esporti. Se si rivela affidabile, potrai sempre aggiornare l’indirizzo in un secondo momento.',
    },
    { type: 'h3', text: '6. Partecipare a concorsi e giveaway' },
    {
      type: 'p',
      text: 'I concorsi online sono tra le fonti di spam più prolifiche, perché spesso servono proprio a raccogliere contatti. Usa l’indirizzo temporaneo per le partecipazioni di poco conto; se in palio c’è qualcosa a cui tieni davvero, ricorda che l’eventuale vincita ti verrebbe comunicata a un indirizzo ormai scaduto.',
    },
    { type: 'h3', text: '7. Iscriversi a un webinar' },
    {
      type: 'p',
      text: 'Molti webinar inviano il link di accesso subito dopo l’iscrizione. Se l’evento inizia a breve, l’email temporanea è perfetta; se è fissato fra qualche giorno e il link arriverà solo poco prima, ti conviene un indirizzo che esista ancora in quel momento, come un alias.',
    },
    { type: 'h3', text: '8. Superare un paywall leggero' },
    {
      type: 'p',
      text: 'Alcune testate mostrano qualche articolo gratuito in più a chi lascia un indirizzo. È uno scambio legittimo, ma non sei obbligato a pagarlo con la tua casella principale: un indirizzo usa e getta basta per confermare la registrazione e continuare a leggere.',
    },
    { type: 'h3', text: '9. Test per sviluppatori e QA' },
    {
      type: 'p',
      text: 'Chi sviluppa un’applicazione deve verificare che le email di benvenuto, di conferma e di recupero password arrivino e siano corrette. Generare un indirizzo nuovo per ogni prova permette di simulare tanti utenti diversi senza intasare la casella aziendale, e di controllare gli allegati scaricandoli.',
    },
    { type: 'h3', text: '10. Un acquisto una tantum' },
    {
      type: 'p',
      text: 'Se compri una sola volta da un negozio online che non conosci, un indirizzo temporaneo evita che il tuo nome finisca nelle sue campagne promozionali. Attenzione però: salva subito la conferma d’ordine e i dati della spedizione, perché gli aggiornamenti successivi non li riceverai. Per acquisti costosi o con garanzia usa un indirizzo stabile.',
    },
    {
      type: 'callout',
      tone: 'tip',
      title: 'Se il sito è lento',
      text: 'Il messaggio di solito arriva entro uno o due minuti. Se il conto alla rovescia si avvicina allo zero e stai ancora aspettando, premi «Estendi»: il tempo torna a dieci minuti pieni.',
    },
    { type: 'h2', text: 'Quando non usarla', id: 'quando-no' },
    {
      type: 'p',
      text: 'Un indirizzo che si autodistrugge è un pregio finché non ti serve ricevere qualcosa più avanti. In tutti questi casi usa la tua email personale o un alias permanente:',
    },
    {
      type: 'ul',
      items: [
        'banca, carte di pagamento, assicurazioni e investimenti;',
        'lavoro, colloqui e candidature;',
        'pubblica amministrazione, identità digitale, scuola e università;',
        'servizi sanitari, referti e prenotazioni mediche;',
        'acquisti con garanzia, abbonamenti e servizi a pagamento ricorrente;',
        'qualunque account che vorrai recuperare in futuro: social, cloud, posta, app che usi ogni giorno;',
        'conversazioni con persone reali: potresti ricevere un messaggio, ma non rispondere, e dopo la scadenza la conversazione si interromperebbe.',
      ],
    },
    { type: 'h2', text: 'Come usarla senza intoppi', id: 'come' },
    {
      type: 'ol',
      items: [
        'Apri la pagina e copia l’indirizzo prima di iniziare a compilare il modulo del sito.',
        'Tieni aperta la scheda: la chiave di accesso alla casella vive lì, e se la chiudi non potrai più leggere la posta.',
        'Appena arriva il messaggio, usa subito il codice o il link di conferma.',
        'Se il sito ti manda un file o un codice che ti servirà ancora, salvalo sul tuo dispositivo: alla scadenza tutto viene cancellato.',
        'Se il sito rifiuta l’indirizzo, non insistere con altri indirizzi temporanei: probabilmente blocca i domini dei servizi usa e getta. Decidi se merita un alias.',
      ],
    },
    { type: 'h2', text: 'Tre domande per decidere in un attimo', id: 'decidere' },
    {
      type: 'ol',
      items: [
        'Avrò bisogno di questo account tra un mese? Se sì, niente indirizzo temporaneo.',
        'Il sito deve potermi contattare per qualcosa di importante, come una spedizione, un rimborso o una scadenza? Se sì, usa un alias o la tua email.',
        'Mi serve solo un codice, un link o un file, adesso? Allora l’indirizzo usa e getta è la scelta giusta.',
      ],
    },
    {
      type: 'p',
      text: 'Per altri esempi concreti, divisi per situazione, consulta la pagina dei [casi d’uso](/casi-uso). E se vuoi capire quando preferire un alias, leggi il confronto tra [email temporanea e alias](/blog/email-temporanea-vs-alias).',
    },
  ],
};
