import type { MailboxEvent } from '@et/common';
import type { Logger } from 'pino';
import type { Clock } from '../domain/clock';
import { newMessageId } from '../domain/ids';
import { attachmentsJson, toSummary, type MessageReader } from '../domain/message';
import type { EventBus } from '../events/event-bus';
import type { Delivery, MailStore, Quota, SenderShare } from '../store/mail-store';
import { lineEndingOf, traceHeaders, type Envelope } from './trace-headers';

export interface IngestPipelineDeps {
  store: MailStore;
  /** Per-mailbox limits; a message that would go over is refused for that mailbox. */
  quota: Quota;
  bus: EventBus;
  /** Reads each message once, its sender checked first (the reading room's workers). */
  reader: MessageReader;
  clock: Clock;
  logger: Logger;
  /** The share of `mailbox` the mail of `clientIp` may hold, if any (store/role-mailboxes.ts). */
  senderShare?: (mailbox: string, clientIp: string) => SenderShare | undefined;
}

/** What became of one accepted message. */
export interface DeliveryResult {
  /** Ids of the stored copies, one per mailbox that was still live and had room. */
  ids: string[];
  /** The mailboxes of `ids`, in the same order. */
  stored: string[];
  /** Recipients whose mailbox was full. */
  full: number;
  /** Refused whole, nothing stored: more than one From address (RFC 7489 §6.6.1). */
  refused?: 'multiple-from';
}

export interface IngestPipeline {
  /**
   * Reads `raw` once and stores a copy, summary and reading in one write, in each live recipient
   * mailbox (resolved at RCPT, lower case, distinct); resolves after the commit and announces
   * each copy. With `envelope`, the sender is checked and each copy starts with its own trace
   * fields (trace-headers.ts); an incoming `Authentication-Results:` in our name is taken out.
   */
  deliver(raw: Buffer, recipients: readonly string[], envelope?: Envelope): Promise<DeliveryResult>;
}

/**
 * `parts` in a buffer of their own. Not Buffer.concat: below 4 KiB it slices Node's shared 8 KiB
 * pool, and a structured clone to another thread copies the whole pool with it.
 */
export function ownBuffer(parts: readonly Buffer[]): Buffer {
  const out = Buffer.allocUnsafeSlow(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) at += part.copy(out, at);
  return out;
}

export function createIngestPipeline({
  store,
  quota,
  bus,
  reader,
  clock,
  logger,
  senderShare,
}: IngestPipelineDeps): IngestPipeline {
  return {
    async deliver(raw, recipients, envelope) {
      // The check and the reading are one job, before the one write (docs/architecture.md).
      const facts = envelope
        ? { ip: envelope.clientIp, helo: envelope.heloName, sender: envelope.sender }
        : null;
      const read = await reader.readArrival(raw, facts, envelope?.clientIp);
      if (read.multipleFrom) return { ids: [], stored: [], full: 0, refused: 'multiple-from' };
      const received = read.header ? Buffer.concat([read.header, raw.subarray(read.bodyAt)]) : raw;
      const receivedAt = clock.now();
      const eol = envelope ? lineEndingOf(received) : '';
      const deliveries: Delivery[] = recipients.map((mailbox) => {
        const id = newMessageId();
        const trace =
          envelope && traceHeaders(envelope, mailbox, id, receivedAt, eol, read.check?.header);
        const copy = trace ? ownBuffer([Buffer.from(trace), received]) : received;
        return {
          mailbox,
          share: envelope && senderShare?.(mailbox, envelope.clientIp),
          message: {
            id,
            receivedAt,
            size: copy.length,
            ...read.summary,
            authentication: read.check ? read.check.results : null,
            raw: copy,
            reading: {
              view: read.view,
              // The parts lie past this copy's own trace fields.
              attachments: attachmentsJson(read.attachments, copy.length - received.length),
            },
          },
        };
      });
      const announced = (d: Delivery): MailboxEvent => ({
        type: 'message.received',
        message: toSummary({ ...d.message, mailbox: d.mailbox }),
      });
      if (store.announcesDeliveries) {
        for (const d of deliveries) d.announcement = JSON.stringify(announced(d));
      }
      const outcomes = await store.putMessages(deliveries, receivedAt, quota);
      const stored = deliveries.filter((_, i) => outcomes[i] === 'stored');
      if (!store.announcesDeliveries) {
        for (const d of stored) {
          bus.publish(d.mailbox, announced(d)).catch((err: unknown) => {
            // The message is stored; a page that misses the push sees it at its next fetch.
            logger.warn({ err }, 'publishing message.received failed');
          });
        }
      }
      return {
        ids: stored.map((d) => d.message.id),
        stored: stored.map((d) => d.mailbox),
        full: outcomes.filter((o) => o === 'full').length,
      };
    },
  };
}
