import type { Address } from '@et/common';
import { strings } from '@/content/strings';

/** The sender as a visitor knows it: the display name, else the address. */
export function senderLabel(from: Address | undefined): string {
  return from?.name.trim() || from?.address.trim() || strings.inbox.unknownSender;
}

/** The capital initial shown in the circle; `?` when the sender has no letter or digit. */
export function senderInitial(from: Address | undefined): string {
  const source = from?.name.trim() || from?.address.trim() || '';
  const match = source.match(/[\p{L}\p{N}]/u);
  return match ? match[0].toLocaleUpperCase('it-IT') : '?';
}

/** Subject for display; an empty subject reads '(nessun oggetto)'. */
export function subjectLabel(subject: string): string {
  return subject.trim() || strings.inbox.noSubject;
}
