import type { MailboxEvent } from '@et/common';
import type { Logger } from 'pino';
import type { Clock } from '../domain/clock';
import { newMessageId } from '../domain/ids';
import { toSummary, type MessageParser } from '../domain/message';
import type { EventBus } from '../events/event-bus';
import type { Delivery, MailStore, Quota, SenderShare } from '../store/mail-store';
import type { CheckMessage } from './auth';
import { lineEndingOf, traceHeaders, type Envelope } from './trace-headers';

export interface IngestPipelineDeps {
  store: MailStore;
  /** Per-mailbox limits; a message that would go over is refused for that mailbox. */
  quota: Quota;
  bus: EventBus;
  parse: MessageParser;
  clock: Clock;
  logger: Logger;
  /**
   * SPF, DKIM and DMARC of each message with an envelope (ingest/auth); bounded by its own
   * deadline, it never fails a delivery. Absent: messages are stored unchecked.
   */
  checkMessage?: CheckMessage;
  /**
   * The share of `mailbox` that the mail of the client at `clientIp` may hold, when the mailbox
   * gives senders one; the store holds it with the quota. Absent: no mailbox gives one.
   */
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
  /** Recipients whose mailbox had ended meanwhile. */
  gone: number;
}

export interface IngestPipeline {
  /**
   * Parses `raw` once and stores a copy in each recipient mailbox that is still live; resolves
   * after the store committed, and each stored copy is announced on the bus (in the store's own
   * write when it `announcesDeliveries`). Recipients are addresses already resolved at RCPT
   * time, lower case, without duplicates. With `envelope`, each copy starts with its own
   * `Return-Path:` and `Received:` (trace-headers.ts), which its size and the quota count; every
   * byte after them is `raw` as received.
   */
  deliver(raw: Buffer, recipients: readonly string[], envelope?: Envelope): Promise<DeliveryResult>;
}

/** `prefix` then `raw`, in a buffer of its own (see `join` in smtp-listener.ts for why). */
function withPrefix(prefix: string, raw: Buffer): Buffer {
  const head = Buffer.byteLength(prefix);
  const out = Buffer.allocUnsafeSlow(head + raw.length);
  out.write(prefix, 0);
  raw.copy(out, head);
  return out;
}

export function createIngestPipeline({
  store,
  quota,
  bus,
  parse,
  clock,
  logger,
  checkMessage,
  senderShare,
}: IngestPipelineDeps): IngestPipeline {
  return {
    async deliver(raw, recipients, envelope) {
      // The check runs before the store, beside the parse: its results are stored with the
      // message and its header is part of the raw bytes, both written once (docs/architecture.md).
      const [parsed, auth] = await Promise.all([
        parse(raw, { summaryOnly: true, sender: envelope?.clientIp }),
        envelope && checkMessage
          ? checkMessage(raw, {
              ip: envelope.clientIp,
              helo: envelope.heloName,
              sender: envelope.sender,
            })
          : null,
      ]);
      const receivedAt = clock.now();
      const eol = envelope ? lineEndingOf(raw) : '';
      const deliveries: Delivery[] = recipients.map((mailbox) => {
        const id = newMessageId();
        const copy = envelope
          ? withPrefix(traceHeaders(envelope, mailbox, id, receivedAt, eol, auth?.header), raw)
          : raw;
        return {
          mailbox,
          share: envelope && senderShare?.(mailbox, envelope.clientIp),
          message: {
            id,
            receivedAt,
            size: copy.length,
            from: parsed.from,
            subject: parsed.subject,
            preview: parsed.preview,
            attachmentCount: parsed.attachmentCount,
            code: parsed.code,
            confirmLink: parsed.confirmLink,
            authentication: auth ? auth.results : null,
            raw: copy,
          },
        };
      });
      const received = (d: Delivery): MailboxEvent => ({
        type: 'message.received',
        message: toSummary({ ...d.message, mailbox: d.mailbox }),
      });
      if (store.announcesDeliveries) {
        for (const d of deliveries) d.announcement = JSON.stringify(received(d));
      }
      const outcomes = await store.putMessages(deliveries, receivedAt, quota);
      const stored = deliveries.filter((_, i) => outcomes[i] === 'stored');
      if (!store.announcesDeliveries) {
        for (const d of stored) {
          bus.publish(d.mailbox, received(d)).catch((err: unknown) => {
            // The message is stored; a page that misses the push sees it at its next fetch.
            logger.warn({ err }, 'publishing message.received failed');
          });
        }
      }
      return {
        ids: stored.map((d) => d.message.id),
        stored: stored.map((d) => d.mailbox),
        full: outcomes.filter((o) => o === 'full').length,
        gone: outcomes.filter((o) => o === 'gone').length,
      };
    },
  };
}
