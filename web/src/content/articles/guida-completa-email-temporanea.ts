import { PRODUCT_NAME } from '@et/common';
import type { Article } from './article';

/** Short overview: what a temporary address is and how to use ours well. */
export const article: Article = {
  slug: 'guida-completa-email-temporanea',
  title: 'Email temporanea: la guida completa 2025',
  description:
    'Cos’è un’email temporanea, come funziona in tre passaggi, quando conviene usarla e quali limiti tenere a mente: tutto l’essenziale in pochi minuti di lettura.',
  category: 'Guide',
  date: '2025-01-15',
  dateModified: '2025-01-19',
  readTimeMinutes: 7,
  blocks: [
    {
      type: 'p',
      text: 'Ogni volta che lasci il tuo indirizzo a un sito per scaricare un file o leggere un articolo, la tua casella si riempie un po’ di più. Un’email temporanea risolve il problema alla radice: ti dà un indirizzo valido per pochi minuti, giusto il tempo di ricevere ciò che ti serve, e poi sparisce portando con sé tutto quello che è arrivato.',
    },
    { type: 'h2', text: 'Che cos’è un’email temporanea', id: 'cos-e' },
    {
      type: 'p',
      text: 'È una casella di posta usa e getta che non richiede registrazione. L’indirizzo è generato a caso, riceve messaggi come qualsiasi altra casella e si cancella da solo dopo un tempo prestabilito, che nella maggior parte dei servizi va dai 10 ai 60 minuti. Non è collegato al tuo nome, al tuo telefono né alla tua email personale.',
    },
    { type: 'h2', text: 'Come funziona in tre passaggi', id: 'come-funziona' },
    {
      type: 'ol',
      items: [
        `Apri la [home page](/) di ${PRODUCT_NAME}: l’indirizzo è già pronto, senza moduli da compilare.`,
        'Premi «Copia» e incolla l’indirizzo nel modulo del sito che te lo chiede.',
        'Aspetta il messaggio: compare nella pagina appena arriva, di solito entro uno o due minuti. Aprilo, apri il link di conferma o copia il codice, e hai finito.',
      ],
    },
    {
      type: 'p',
      text: 'L’indirizzo resta attivo per dieci minuti. Se ti serve più tempo, «Estendi» riporta il conto alla rovescia a dieci minuti pieni; allo scadere, indirizzo, messaggi e allegati vengono eliminati dai server in modo definitivo.',
    },
    { type: 'h2', text: 'Cosa puoi fare con la casella', id: 'funzioni' },
    {
      type: 'ul',
      items: [
        'Leggere i messaggi in arrivo in tempo reale, con il testo e i link cliccabili.',
        'Scaricare gli allegati, che restano identici a quelli spediti.',
        'Vedere le immagini esterne solo se lo chiedi: di base sono bloccate, così nessun pixel di tracciamento sa che hai aperto la posta.',
        'Eliminare un singolo messaggio o svuotare la casella prima della scadenza.',
      ],
    },
    {
      type: 'callout',
      tone: 'info',
      title: 'Solo in ricezione',
      text: 'Un’email temporanea serve a ricevere, non a scrivere: non puoi inviare messaggi né rispondere. È una scelta che tiene lontani gli spammer e fa sì che i siti continuino ad accettare gli indirizzi del servizio.',
    },
    { type: 'h2', text: 'Quando usarla, e quando no', id: 'quando' },
    {
      type: 'p',
      text: 'È ideale per tutto ciò che ti serve una volta sola: un codice sconto, una prova gratuita, un ebook, un forum in cui fare una domanda, un sito di cui non ti fidi ancora. Trovi dieci situazioni tipiche, con i relativi consigli, nell’articolo su [quando usare un’email temporanea](/blog/quando-usare-email-temporanea).',
    },
    {
      type: 'p',
      text: 'Non usarla invece per banca, lavoro, servizi pubblici, sanità o qualunque account che vorrai recuperare tra un mese: per reimpostare una password ti servirebbe una casella che non esiste più.',
    },
    { type: 'h2', text: 'Tre consigli per usarla al meglio', id: 'consigli' },
    {
      type: 'ul',
      items: [
        'Tieni aperta la scheda finché non hai ricevuto il messaggio: se la chiudi perdi l’accesso alla casella.',
        'Se un sito rifiuta l’indirizzo, probabilmente blocca i domini temporanei: valuta se quel servizio merita un alias della tua email personale.',
        'Non aprire allegati che non aspettavi: l’anonimato protegge la tua identità, non il tuo computer.',
      ],
    },
    {
      type: 'p',
      text: 'Usata con questo criterio, l’email temporanea diventa il primo filtro contro spam e tracciamento. Per un quadro più ampio, prosegui con la [guida alla privacy](/guida-privacy).',
    },
  ],
};
