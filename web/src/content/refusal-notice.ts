/**
 * The words of the notice of refused mail under the inbox (`GET /api/v1/mailbox/refusals`): one
 * line each, newest first, e.g. «Un messaggio da noreply@sito.it è stato rifiutato: troppo
 * grande (12 MB, limite 10 MB)». A file of their own, out of the first download: only the inbox's
 * lazy chunk shows them.
 */
import type { DeliveryRefusal, RefusalReason } from '@et/common';
import { formatMegabytes } from './limits';

export const refusalNotice = {
  title: 'Posta non consegnata',
  hint: 'Messaggi inviati a questo indirizzo che il nostro server non ha accettato.',
  /**
   * «Un messaggio da <sender> è stato rifiutato: <why>», the sender apart, so the page can set it
   * off from the text around it.
   */
  line: (refusal: DeliveryRefusal) => ({
    before: refusal.sender ? 'Un messaggio da ' : 'Un messaggio senza mittente',
    sender: refusal.sender,
    after: ` è stato rifiutato: ${refusalReason(refusal)}`,
  }),
  /** The server's own reply, for whoever wants the detail. */
  replyLabel: 'Risposta del server',
} as const;

/**
 * A message size in the words of a refusal: `12 MB`, `1,5 MB`, or `640 KB` below a megabyte,
 * the number and its unit joined by a no-break space, never split over two lines.
 */
export function refusalSize(bytes: number): string {
  const words = bytes >= 1024 * 1024 ? formatMegabytes(bytes) : `${Math.ceil(bytes / 1024)} KB`;
  return words.replace(' ', '\u00a0');
}

/** Why a message was refused, in a few words that follow «è stato rifiutato:». */
const REFUSAL_REASONS: Record<RefusalReason, string> = {
  'too-big': 'troppo grande',
  'mailbox-full': 'la casella era piena',
  'sender-limit':
    'troppa posta in un’ora dal server del mittente, o verso le caselle create dalla tua connessione',
  'too-slow': 'arrivava troppo lentamente e la connessione è stata chiusa',
  rejected: 'non rispetta le regole della posta (per esempio, indica più di un mittente)',
};

function refusalReason({ reason, size, limit }: DeliveryRefusal): string {
  const words = REFUSAL_REASONS[reason] ?? 'per un motivo che il server non indica';
  if (reason !== 'too-big' || size === null) return words;
  return limit === null
    ? `${words} (${refusalSize(size)})`
    : `${words} (${refusalSize(size)}, limite ${refusalSize(limit)})`;
}
