import { lazy, Suspense } from 'react';
import type { SharedOffer } from '../hooks/use-mailbox-start';

// Asked only when a share link is opened: a chunk of its own, like the other dialogs.
const SharedMailboxDialog = lazy(async () => ({
  default: (await import('./shared-mailbox-dialog')).SharedMailboxDialog,
}));

/** The question a share link asks (`SharedMailboxDialog`), while there is one. */
export function SharedMailboxQuestion({
  offer,
  onAnswer,
}: {
  offer: SharedOffer | null;
  onAnswer: (open: boolean) => void;
}) {
  if (!offer) return null;
  return (
    <Suspense fallback={null}>
      <SharedMailboxDialog key={offer.token} offer={offer} onAnswer={onAnswer} />
    </Suspense>
  );
}
