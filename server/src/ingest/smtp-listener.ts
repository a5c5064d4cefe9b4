import type { Logger } from 'pino';
import {
  SMTPServer,
  type SMTPServerDataStream,
  type SMTPServerSession,
  type SMTPServerAddress,
} from 'smtp-server';
import { normalizeAddress, splitAddress } from '../domain/address';
import type { Clock } from '../domain/clock';
import type { MailStore } from '../store/mail-store';
import { installGreetingDelay } from './early-talker';
import type { IngestPipeline } from './pipeline';

export interface SmtpListenerOptions {
  host: string;
  port: number;
  /** Name in the banner and EHLO reply. */
  hostname: string;
  /** Domains we take mail for, lower case. Everything else is relaying and refused. */
  domains: readonly string[];
  /** Advertised as SIZE and enforced while the data streams in. */
  maxMessageBytes: number;
  /** More recipients in one transaction are refused with 452 4.5.3 (RFC 5321 §4.5.3.1.8). */
  maxRecipients: number;
  /** Pause before the banner; see early-talker.ts. */
  greetingDelayMs: number;
  /** How long close() waits for sessions to end before cutting them off. */
  closeTimeoutMs: number;
  store: MailStore;
  pipeline: IngestPipeline;
  clock: Clock;
  logger: Logger;
}

export interface SmtpListener {
  /** Starts listening; resolves the bound port (useful with port 0). */
  listen(): Promise<number>;
  /**
   * Stops taking new mail (new transactions get 421), waits for messages already in DATA to be
   * stored and answered, then closes every connection.
   */
  close(): Promise<void>;
}

/** An SMTP reply: smtp-server writes `code message`; the message starts with the RFC 3463 code. */
function reply(code: number, message: string): Error & { responseCode: number } {
  return Object.assign(new Error(message), { responseCode: code });
}

const REPLIES = {
  tooManyRecipients: () => reply(452, '4.5.3 Too many recipients'),
  relayDenied: () => reply(550, '5.7.1 Relaying denied: we do not host that domain'),
  noMailbox: () => reply(550, '5.1.1 Mailbox unavailable: unknown or expired address'),
  tooBig: (max: number) => reply(552, `5.3.4 Message size exceeds fixed limit of ${max} bytes`),
  tempFailure: () => reply(451, '4.3.0 Temporary local problem, try again later'),
  shuttingDown: () => reply(421, '4.3.2 Service shutting down, try again later'),
};

export function createSmtpListener(opts: SmtpListenerOptions): SmtpListener {
  const { store, pipeline, clock, logger } = opts;
  const domains = new Set(opts.domains);
  const inFlight = new Set<Promise<unknown>>();
  let closing = false;

  installGreetingDelay();

  async function checkRecipient(address: SMTPServerAddress, session: SMTPServerSession) {
    if (session.envelope.rcptTo.length >= opts.maxRecipients) throw REPLIES.tooManyRecipients();
    const parts = splitAddress(address.address);
    if (!parts || !domains.has(parts.domain)) throw REPLIES.relayDenied();
    const mailbox = await store.findMailbox(normalizeAddress(address.address), clock.now());
    if (!mailbox) throw REPLIES.noMailbox();
  }

  /** Reads the whole stream; resolves null when it went over SIZE (the rest is drained). */
  function readMessage(stream: SMTPServerDataStream): Promise<Buffer | null> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let length = 0;
      stream.on('data', (chunk: Buffer) => {
        if (length > opts.maxMessageBytes) return;
        chunks.push(chunk);
        length += chunk.length;
      });
      stream.on('error', reject);
      stream.on('end', () =>
        resolve(
          stream.sizeExceeded || length > opts.maxMessageBytes ? null : Buffer.concat(chunks),
        ),
      );
    });
  }

  async function receive(stream: SMTPServerDataStream, session: SMTPServerSession) {
    const raw = await readMessage(stream);
    if (!raw) throw REPLIES.tooBig(opts.maxMessageBytes);
    const recipients = [
      ...new Set(session.envelope.rcptTo.map((r) => normalizeAddress(r.address))),
    ];
    let ids: string[];
    try {
      ({ ids } = await pipeline.deliver(raw, recipients));
    } catch (err) {
      logger.error({ err, session: session.id }, 'storing a message failed');
      throw REPLIES.tempFailure();
    }
    // Every recipient was live at RCPT time but all expired before the end of DATA.
    if (ids.length === 0) throw REPLIES.noMailbox();
    logger.info({ session: session.id, size: raw.length, copies: ids.length }, 'message stored');
    return `2.0.0 OK: queued as ${ids[0]}`;
  }

  const server = new SMTPServer({
    name: opts.hostname,
    banner: 'Email Temporanea ESMTP, receive only',
    size: opts.maxMessageBytes,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    hideDSN: true,
    disableReverseLookup: true,
    closeTimeout: opts.closeTimeoutMs,
    // Read by the greeting-delay patch in early-talker.ts.
    ...({ greetingDelayMs: opts.greetingDelayMs } as object),
    logger: false,
    onMailFrom(_address, _session, callback) {
      callback(closing ? REPLIES.shuttingDown() : undefined);
    },
    onRcptTo(address, session, callback) {
      checkRecipient(address, session).then(
        () => callback(),
        (err: Error & { responseCode?: number }) => {
          if (err.responseCode) return callback(err);
          logger.error({ err }, 'recipient lookup failed');
          callback(REPLIES.tempFailure());
        },
      );
    },
    onData(stream, session, callback) {
      const work = receive(stream, session).then(
        (message) => callback(null, message),
        (err: Error & { responseCode?: number }) =>
          callback(err.responseCode ? err : REPLIES.tempFailure()),
      );
      inFlight.add(work);
      void work.finally(() => inFlight.delete(work));
    },
  });

  server.on('error', (err) => logger.warn({ err }, 'smtp connection error'));

  return {
    listen() {
      return new Promise((resolve, reject) => {
        server.server.once('error', reject);
        server.listen(opts.port, opts.host, () => {
          server.server.off('error', reject);
          const address = server.server.address();
          resolve(typeof address === 'object' && address ? address.port : opts.port);
        });
      });
    },

    async close() {
      closing = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.allSettled([...inFlight]);
      // Sessions between transactions get a polite 421 instead of waiting for closeTimeout.
      const connections = (
        server as unknown as {
          connections: Set<{ send: (c: number, m: string) => void; close: () => void }>;
        }
      ).connections;
      for (const connection of connections) {
        connection.send(421, '4.3.2 Service shutting down, try again later');
        connection.close();
      }
      await closed;
    },
  };
}
