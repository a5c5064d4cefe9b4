import { limits } from '../limits';
import type { Article } from './article';

/** When a temporary address is the right tool and why, in ten situations, and when it is not. */
export const article: Article = {
  slug: 'quando-usare-email-temporanea',
  title: 'Quando usare un’email temporanea: 10 situazioni',
  description:
    'Download, coupon, prove gratuite, concorsi e altre sei situazioni in cui un indirizzo usa e getta ti salva dallo spam, e i casi in cui è meglio evitarlo.',
  category: 'Guide',
  date: '2025-01-10',
  dateModified: '2026-11-28',
  textFingerprint: 'fe4d3c4ac048834f',
  readTimeMinutes: 8,
  blocks: [
    {
      type: 'p',
      text: 'Un’email temporanea è uno strumento semplice, ma dà il meglio solo se la usi nel momento giusto. Questo articolo non spiega come si usa, ma quando e perché conviene: con quale criterio decidere, cosa succede al tuo indirizzo nelle situazioni più comuni e dove invece un indirizzo che sparisce diventa un problema.',
    },
    { type: 'h2', text: 'Il criterio: quanto dura il rapporto', id: 'criterio' },
    {
      type: 'p',
      text: 'Ogni volta che dai il tuo indirizzo a qualcuno apri un canale che resterà aperto per anni, e spesso si allargherà: l’indirizzo finisce in un gestionale di marketing, viene condiviso con «partner selezionati», resta in un archivio che un giorno può essere rubato. La domanda giusta, quindi, non è se il sito ti sembra affidabile oggi, ma se ti servirà che possa scriverti domani.',
    },
    {
      type: 'p',
      text: 'Quando ti serve ricevere qualcosa adesso, un codice, un link, un file, e non hai alcun motivo per ricevere altro in futuro, l’indirizzo usa e getta è la scelta migliore: il sito ottiene ciò che chiede, cioè un indirizzo che funziona, e tu non gli lasci niente di duraturo. Quando invece il rapporto durerà, o potrebbe servirti recuperare l’accesso, ti serve un indirizzo che esista ancora.',
    },
    { type: 'h2', text: 'Dieci situazioni in cui conviene', id: 'situazioni' },
    { type: 'h3', text: '1. I contenuti gratuiti in cambio dell’email' },
    {
      type: 'p',
      text: 'Ebook, modelli, guide in PDF, sfondi: il contenuto è l’esca, la tua email è il prezzo. Il sito non vuole davvero mandarti il file, vuole un contatto da inserire in una sequenza di messaggi promozionali studiata per settimane. Un indirizzo temporaneo paga il prezzo richiesto con una moneta che scade: il file lo ricevi, la sequenza non trova nessuno.',
    },
    { type: 'h3', text: '2. I codici sconto di benvenuto' },
    {
      type: 'p',
      text: 'Lo sconto sul primo ordine serve a farti iscrivere alla newsletter, e la newsletter serve a farti comprare ancora. Se non sei un cliente abituale di quel negozio, l’indirizzo temporaneo ti dà lo sconto senza l’abbonamento alle promozioni. Se invece compri lì spesso, le offerte future potrebbero interessarti davvero: allora è il caso di un alias.',
    },
    { type: 'h3', text: '3. Le prove gratuite' },
    {
      type: 'p',
      text: 'Una prova gratuita è un momento di valutazione: non sai ancora se diventerai cliente. Registrarti con un indirizzo che sparisce ti permette di guardare il prodotto senza entrare subito nei messaggi di «recupero» che arrivano a chi non si abbona. Se la prova chiede una carta di pagamento, però, cambia tutto: gli avvisi di rinnovo devono raggiungerti, e un indirizzo scaduto non li riceve.',
    },
    { type: 'h3', text: '4. I forum in cui passi una volta' },
    {
      type: 'p',
      text: 'Le community vivono di notifiche: risposte, menzioni, riepiloghi settimanali. Sono utili a chi frequenta il forum, sono rumore per chi aveva una sola domanda. La registrazione con un indirizzo temporaneo rispetta le regole del forum e ti risparmia anni di messaggi che non leggeresti.',
    },
    { type: 'h3', text: '5. I siti di cui non sai niente' },
    {
      type: 'p',
      text: 'Prima di fidarti di un sito ti serve un po’ di tempo per capire chi lo gestisce e cosa fa dei dati. Un indirizzo temporaneo ti dà quel tempo: se il sito vende i contatti o subisce un furto di dati, tra le informazioni che circolano ci sarà un indirizzo che non esiste più. Se si rivela affidabile, potrai sempre aggiornare l’indirizzo.',
    },
    { type: 'h3', text: '6. I concorsi online' },
    {
      type: 'p',
      text: 'Molti concorsi esistono soprattutto per raccogliere contatti, e i regolamenti spesso prevedono la cessione dei dati a terzi. Per le estrazioni di poco conto l’indirizzo temporaneo è la difesa più semplice. Il rovescio è evidente: se vinci, la comunicazione arriva a una casella che non c’è più. Per i premi a cui tieni, quindi, meglio un alias.',
    },
    { type: 'h3', text: '7. I webinar e gli eventi online' },
    {
      type: 'p',
      text: 'Qui conta il tempo. Se l’evento inizia a breve e il link di accesso arriva subito, l’indirizzo temporaneo è perfetto. Se l’evento è fra giorni, il link e il promemoria arriveranno quando la casella sarà già stata cancellata: è uno dei casi in cui la scadenza lavora contro di te.',
    },
    { type: 'h3', text: '8. Gli articoli riservati a chi si registra' },
    {
      type: 'p',
      text: 'Alcune testate chiedono una registrazione gratuita dopo qualche articolo: è il cosiddetto paywall «morbido», che non chiede soldi ma un contatto. Lo scambio è legittimo, ma il contatto serve poi a proporti abbonamenti. Se leggi quella testata di rado, l’indirizzo temporaneo basta; se la leggi ogni giorno, con ogni probabilità vorrai un account stabile.',
    },
    { type: 'h3', text: '9. I test di chi sviluppa software' },
    {
      type: 'p',
      text: 'Per chi costruisce un’applicazione l’indirizzo temporaneo non è una difesa, è uno strumento di lavoro: ogni prova ha bisogno di un utente nuovo con una casella vera, e le caselle di prova non devono sommarsi a quelle aziendali. Il fatto che si cancellino da sole è un vantaggio: nessun dato di prova resta in giro.',
    },
    { type: 'h3', text: '10. Gli acquisti una tantum' },
    {
      type: 'p',
      text: 'Un negozio in cui compri una sola volta non ha bisogno di scriverti per anni. Ma un acquisto porta con sé comunicazioni che ti servono: la conferma, la spedizione, un eventuale reso. L’indirizzo temporaneo va bene solo per gli acquisti piccoli e senza garanzia, e solo se salvi subito ciò che ricevi.',
    },
    {
      type: 'callout',
      tone: 'tip',
      title: 'Se il sito è lento',
      text: `Il messaggio di solito arriva entro 1-2 minuti, spesso in pochi secondi. Se il conto alla rovescia si avvicina allo zero e stai ancora aspettando, premi «Estendi»: il tempo torna a ${limits.ttl} pieni, fino a ${limits.maxLifetime} dalla creazione.`,
    },
    { type: 'h2', text: 'Quando non usarla', id: 'quando-no' },
    {
      type: 'p',
      text: 'Un indirizzo che si autodistrugge è un pregio finché non ti serve ricevere qualcosa più avanti. Il punto non è che questi servizi siano più «importanti», ma che prima o poi dovranno scriverti: per reimpostare una password, per un avviso di sicurezza, per un rimborso. In tutti questi casi usa la tua email personale o un alias permanente:',
    },
    {
      type: 'ul',
      items: [
        'banca, carte di pagamento, assicurazioni e investimenti, dove gli avvisi di sicurezza sono parte della protezione;',
        'lavoro, colloqui e candidature, perché una risposta può arrivare dopo settimane;',
        'pubblica amministrazione, identità digitale, scuola e università, dove l’indirizzo è spesso il canale ufficiale delle comunicazioni;',
        'servizi sanitari, referti e prenotazioni mediche;',
        'acquisti con garanzia, abbonamenti e servizi a pagamento ricorrente;',
        'qualunque account che vorrai recuperare in futuro: social, cloud, posta, app che usi ogni giorno;',
        'conversazioni con persone reali: potresti ricevere un messaggio, ma non rispondere, e dopo la scadenza la conversazione si interromperebbe.',
      ],
    },
    {
      type: 'p',
      text: 'C’è poi un caso che non riguarda te, ma gli altri: usare indirizzi temporanei per aggirare le regole di un sito, ad esempio per creare account in serie o ripetere all’infinito una promozione riservata ai nuovi clienti, non è uso della privacy ma abuso, ed è vietato dai nostri [termini di servizio](/terms) come da quelli di quasi tutti i siti.',
    },
    { type: 'h2', text: 'Le zone grigie', id: 'zone-grigie' },
    {
      type: 'p',
      text: 'Tra i due estremi ci sono situazioni in cui la risposta dipende da te. Una newsletter che forse leggerai, un negozio in cui forse tornerai, un social network che vuoi solo provare. Per questi casi l’alias è spesso la soluzione migliore: un indirizzo che inoltra alla tua casella ma che puoi spegnere quando vuoi. Il confronto tra [email temporanea e alias](/blog/email-temporanea-vs-alias) spiega come combinarli.',
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
      text: 'Se hai deciso che un indirizzo temporaneo fa al caso tuo, la pagina dei [casi d’uso](/casi-uso) ti accompagna passo per passo in quindici situazioni concrete.',
    },
  ],
};
