/**
 * The words of the message reader: the dialog that opens a mail (its views, attachments and
 * downloads, the notice of blocked remote content, the code and confirmation link found in it).
 * Only the reader's chunk shows them: a file of their own, like `mailbox-tools.ts`, so that they
 * are not part of the first download. The inbox list's words stay in `strings.ts`.
 */
export const messageReader = {
  message: {
    from: 'Da',
    to: 'A',
    received: 'Ricevuto',
    textView: 'Testo',
    htmlView: 'HTML',
    viewsLabel: 'Formato del messaggio',
    loadingBody: 'Caricamento del messaggio…',
    loadFailed: 'Impossibile caricare il messaggio. Riprova tra qualche istante.',
    emptyBody: 'Questo messaggio non contiene testo.',
    imagesBlocked:
      'Immagini e contenuti esterni sono bloccati per proteggerti dai pixel di tracciamento.',
    imagesShown: 'Immagini e contenuti esterni sono visibili.',
    showImages: 'Mostra immagini',
    htmlFrameTitle: 'Versione HTML del messaggio',
    htmlLinksHint:
      'I link si aprono in una nuova scheda. Per sapere dove porta un link prima di aprirlo, passaci sopra con il puntatore (sul telefono tienilo premuto).',
    attachments: 'Allegati',
    noAttachments: 'Nessun allegato trovato',
    download: 'Scarica',
    downloadLabel: (name: string) => `Scarica ${name}`,
    downloadEml: 'Scarica .eml',
    downloadEmlLabel: 'Scarica il messaggio originale in formato .eml',
    /** A message the server could not read in time: only its original is there. */
    tooComplex: 'Questo messaggio è troppo complesso da mostrare: scarica l’originale (.eml).',
    tooComplexDownload: 'Scarica l’originale (.eml)',
  },

  /** The message reader's notice of blocked remote content (tracking pixels and the like). */
  tracking: {
    blockedImages: (n: number) =>
      n === 1 ? '1 immagine remota bloccata' : `${n} immagini remote bloccate`,
    /** When stylesheets, media or frames are among them: not all are images. */
    blockedContent: (n: number) =>
      n === 1 ? '1 contenuto remoto bloccato' : `${n} contenuti remoti bloccati`,
    blockedHint: 'Possono dire al mittente che hai aperto l’email, quando e da dove.',
    shown: 'Immagini remote visibili per questo messaggio.',
  },

  /** The code and confirmation link found in a message, as the reader shows them. */
  verification: {
    title: 'Codice e link trovati nel messaggio',
    codeLabel: 'Codice di verifica',
    copyCode: 'Copia codice',
    codeCopied: 'Copiato',
    openLink: 'Apri link di conferma',
    openLinkLabel: (host: string) => `Apri il link di conferma su ${host} in una nuova scheda`,
    linkHost: (host: string) => `Apre ${host}`,
  },

  toasts: {
    downloaded: 'Allegato scaricato',
    downloadFailed: 'Impossibile scaricare l’allegato',
    attachmentTooComplex:
      'Questo allegato è troppo complesso da estrarre: lo trovi nel messaggio originale (.eml).',
    noAttachment: 'Nessun allegato trovato',
    emlDownloaded: 'Messaggio originale scaricato',
    emlFailed: 'Impossibile scaricare il messaggio originale',
  },
} as const;
