/**
 * The words of the home page's extra tools that only lazily loaded chunks show: the
 * 'Apri sul telefono' dialog, the confirmation of 'Elimina tutto ora' and the browser
 * notifications. A file of their own so that they are not part of the first download; the
 * buttons' labels and the toasts the page itself shows stay in `strings.ts`.
 */
export const mailboxTools = {
  openOnPhone: {
    title: 'Apri sul telefono',
    description:
      'Inquadra il codice con la fotocamera del telefono: si apre questa stessa casella, con i messaggi che contiene.',
    qrLabel: 'Codice QR con il link a questa casella',
    failed: 'Non è stato possibile disegnare il codice QR. Puoi copiare il link qui sotto.',
    warningTitle: 'Chi inquadra il codice può leggere la tua posta',
    warning:
      'Il link funziona come una chiave della casella: mostralo solo ai tuoi dispositivi e non inviarlo ad altri. Vale finché la casella non scade o non la elimini.',
    copyLink: 'Copia link',
    copyLinkLabel: 'Copia negli appunti il link a questa casella',
    linkCopied: 'Link copiato',
    linkCopiedDescription: 'Aprilo solo su un dispositivo tuo.',
    copyFailed: 'Impossibile copiare il link',
  },

  deleteDialog: {
    title: 'Eliminare tutto adesso?',
    description: (email: string) =>
      `L’indirizzo ${email} e tutti i suoi messaggi vengono cancellati subito dal server, senza aspettare la scadenza. Non si può annullare.`,
    cancel: 'Annulla',
    confirm: 'Elimina tutto',
    deleting: 'Eliminazione in corso…',
  },

  notifications: {
    enable: 'Attiva notifiche',
    enableLabel: 'Ricevi una notifica del browser quando arriva una nuova email',
    on: 'Notifiche attive',
    onLabel: 'Notifiche attive: premi per disattivarle',
    blocked: 'Notifiche bloccate dal browser',
    blockedLabel:
      'Il browser blocca le notifiche di questo sito: puoi consentirle dalle impostazioni del sito, nella barra degli indirizzi.',
    enabled: 'Notifiche attivate',
    enabledDescription: 'Ti avvisiamo quando arriva un’email mentre sei in un’altra scheda.',
    disabled: 'Notifiche disattivate',
    denied: 'Notifiche non consentite',
    deniedDescription:
      'Il browser non ha dato il permesso. Puoi cambiarlo dalle impostazioni del sito.',
    title: (sender: string) => `Nuova email da ${sender}`,
    titleMany: (n: number) => `${n} nuove email`,
    bodyMany: 'Apri la scheda per leggerle.',
  },
} as const;
