/**
 * The question a share link (`/#apri=…`) asks before its mailbox takes the place of anything in
 * this tab, and the hint beside the QR code that makes such links. Only lazily loaded chunks show
 * them: a file of their own, like `mailbox-tools.ts`, so that they are not part of the first
 * download.
 */
export const sharedMailbox = {
  title: 'Aprire una casella condivisa?',
  opening: 'Stai aprendo una casella condivisa:',
  expires: (time: string, minutes: number) =>
    minutes <= 1
      ? `Scade alle ${time}, tra meno di un minuto.`
      : `Scade alle ${time}, tra ${minutes} minuti.`,
  warning:
    'Chi ha il link legge la stessa posta. Aprila solo se il link viene da un tuo dispositivo: se te l’ha mandato qualcun altro, non usare questo indirizzo per iscriverti a nulla.',
  replaces: (email: string) =>
    `In questa scheda prenderà il posto della tua casella ${email}, che da qui non potrai più riaprire.`,
  open: 'Apri questa casella',
  keepNew: 'No, voglio un indirizzo mio',
  keepOwn: 'No, tieni la mia casella',
  /** Beside the QR code: what the phone will ask. */
  phoneHint: 'Sul telefono conferma con «Apri questa casella».',
} as const;
