import type { MessageFeed } from '@et/common';
import type { ServerResponse } from 'node:http';
import { toCursor } from '../domain/cursor';
import { toSummary } from '../domain/message';
import type { MailStore, MessagesAfter } from '../store/mail-store';
import type { PushHub } from './push-hub';

const toFeed = (after: MessagesAfter): MessageFeed => ({
  messages: after.messages.map((placed) => ({
    ...toSummary(placed.message),
    cursor: toCursor(placed.place),
  })),
  // The newest place, not the one asked after: no message will ever be placed between them,
  // and a cursor that names no place of this mailbox is put right.
  cursor: toCursor(after.newest),
});

/**
 * `GET /messages?since=…&wait=…`: the messages of `mailbox` placed after `after`, oldest first,
 * with the cursor to ask from next. With `waitSeconds`, a long-poll: when there are none yet, it
 * waits for the first `message.received` of the mailbox (the push hub's subscription, shared
 * with the mailbox's streams; no timer but the one of the deadline), and answers with what
 * arrived, or with nothing once the time is up, the mailbox ends, the client hangs up or the
 * node shuts down: a 200 either way. Resolves the answer; rejects as the store or the hub do.
 */
export async function readFeed(
  { store, hub }: { store: Pick<MailStore, 'messagesAfter'>; hub: PushHub },
  mailbox: string,
  after: number,
  waitSeconds: number,
  res: ServerResponse,
): Promise<MessageFeed> {
  const read = () => store.messagesAfter(mailbox, after);
  if (waitSeconds === 0) return toFeed(await read());
  // Listening before the first read: a message stored after the read is announced to us.
  const arrivals = await hub.listen(mailbox);
  const hangUp = () => arrivals.close();
  res.once('close', hangUp);
  // The client may have hung up while the hub was getting ready.
  if (res.destroyed) hangUp();
  try {
    const deadline = performance.now() + waitSeconds * 1000;
    for (;;) {
      const found = await read();
      const left = deadline - performance.now();
      if (found.messages.length > 0 || left <= 0) return toFeed(found);
      const arrival = await arrivals.next(left);
      // A message (which a deletion may have taken since) is read again; anything else ends it.
      if (arrival !== 'message') return toFeed(await read());
    }
  } finally {
    res.off('close', hangUp);
    arrivals.close();
  }
}
