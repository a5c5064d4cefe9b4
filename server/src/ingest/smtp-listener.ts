import type { Logger } from 'pino';
import {
  SMTPServer,
  type SMTPServerDataStream,
  type SMTPServerSession,
  type SMTPServerAddress,
} from 'smtp-server';
import { normalizeAddress, splitAddress } from '../domain/address';
import type { Clock } from '../domain/clock';
import type { SmtpMetrics } from '../observability/instruments';
import type { MailStore, Quota } from '../store/mail-store';
import { installGreetingDelay } from './early-talker';
import type { DeliveryResult, IngestPipeline } from './pipeline';

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
  limits: SmtpLimits;
  /** PEM key and certificate: STARTTLS is offered only with them. */
  tls?: { key: Buffer; cert: Buffer };
  /** Per-mailbox limits: a full mailbox is refused 452 4.2.2 at RCPT (and at DATA, atomically). */
  quota: Quota;
  store: MailStore;
  pipeline: IngestPipeline;
  clock: Clock;
  logger: Logger;
  /** Connections, messages, bytes and refusals; nothing is counted without it. */
  metrics?: SmtpMetrics;
}

/** Abuse limits of the SMTP server; every one answers in SMTP's own words (421, 452). */
export interface SmtpLimits {
  /** Simultaneous connections; the next one is greeted 421 and closed. */
  maxConnections: number;
  /** Simultaneous connections from one IP address. */
  maxConnectionsPerIp: number;
  /** A connection silent this long is closed (421). */
  idleTimeoutMs: number;
  /** A connection open this long is closed (421), however busy: stops clients that dribble. */
  sessionTimeoutMs: number;
  /** Messages (MAIL FROM) per connection. */
  maxMessagesPerConnection: number;
  /** Refused recipients per connection before it is closed (address harvesting). */
  maxBadRecipients: number;
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
  mailboxFull: () => reply(452, '4.2.2 Mailbox full, try again later'),
  tooBig: (max: number) => reply(552, `5.3.4 Message size exceeds fixed limit of ${max} bytes`),
  tempFailure: () => reply(451, '4.3.0 Temporary local problem, try again later'),
  shuttingDown: () => reply(421, '4.3.2 Service shutting down, try again later'),
  tooManyConnections: () => reply(421, '4.7.0 Too many connections from your address, try later'),
  tooManyMessages: () => reply(421, '4.7.0 Too many messages in one session, reconnect'),
  tooManyBadRecipients: () => reply(421, '4.7.0 Too many invalid recipients, closing'),
};

/** What smtp-server exposes of a connection, for the session limits below. */
interface Connection {
  session: SMTPServerSession;
  send(code: number, message: string): void;
  close(): void;
}

/** Per-session counters for the limits. */
interface SessionState {
  ip: string;
  messages: number;
  badRecipients: number;
  timer: NodeJS.Timeout;
}

export function createSmtpListener(opts: SmtpListenerOptions): SmtpListener {
  const { store, pipeline, clock, logger, metrics } = opts;
  /** Counts a negative reply on its way out. */
  const refuse = <E extends Error & { responseCode: number }>(err: E): E => {
    metrics?.refused(err.responseCode, err.message);
    return err;
  };
  const domains = new Set(opts.domains);
  const inFlight = new Set<Promise<unknown>>();
  const sessions = new Map<string, SessionState>();
  const perIp = new Map<string, number>();
  const { limits } = opts;
  let closing = false;

  function openSession(session: SMTPServerSession) {
    const ip = session.remoteAddress;
    const count = (perIp.get(ip) ?? 0) + 1;
    if (count > limits.maxConnectionsPerIp) throw REPLIES.tooManyConnections();
    perIp.set(ip, count);
    metrics?.connectionsOpen.inc();
    const timer = setTimeout(() => {
      const connection = connectionOf(session);
      if (connection) metrics?.refused(421, '4.4.2');
      connection?.send(421, '4.4.2 Session time limit reached, closing');
    }, limits.sessionTimeoutMs);
    timer.unref();
    sessions.set(session.id, { ip, messages: 0, badRecipients: 0, timer });
  }

  function closeSession(session: SMTPServerSession) {
    const state = sessions.get(session.id);
    if (!state) return;
    sessions.delete(session.id);
    clearTimeout(state.timer);
    metrics?.connectionsOpen.dec();
    const left = (perIp.get(state.ip) ?? 1) - 1;
    if (left > 0) perIp.set(state.ip, left);
    else perIp.delete(state.ip);
  }

  function connectionOf(session: SMTPServerSession): Connection | undefined {
    const all = (server as unknown as { connections: Set<Connection> }).connections;
    for (const c of all) if (c.session === session) return c;
    return undefined;
  }

  installGreetingDelay();

  async function checkRecipient(address: SMTPServerAddress, session: SMTPServerSession) {
    if (session.envelope.rcptTo.length >= opts.maxRecipients) throw REPLIES.tooManyRecipients();
    const parts = splitAddress(address.address);
    if (!parts || !domains.has(parts.domain)) throw REPLIES.relayDenied();
    const mailbox = await store.findMailbox(normalizeAddress(address.address), clock.now());
    if (!mailbox) throw REPLIES.noMailbox();
    if (
      mailbox.messageCount >= opts.quota.maxMessages ||
      mailbox.sizeBytes >= opts.quota.maxBytes
    ) {
      throw REPLIES.mailboxFull();
    }
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
        resolve(stream.sizeExceeded || length > opts.maxMessageBytes ? null : join(chunks, length)),
      );
    });
  }

  /**
   * The chunks in a buffer of their own. Not Buffer.concat: below 4 KiB it returns a slice of
   * Node's shared 8 KiB pool, and the store's structured clone to its writer thread copies a
   * view's whole backing store, so each 1 KB message crossed over as 8 KiB.
   */
  function join(chunks: Buffer[], length: number): Buffer {
    const raw = Buffer.allocUnsafeSlow(length);
    let at = 0;
    for (const chunk of chunks) at += chunk.copy(raw, at);
    return raw;
  }

  async function receive(stream: SMTPServerDataStream, session: SMTPServerSession) {
    const raw = await readMessage(stream);
    if (!raw) throw REPLIES.tooBig(opts.maxMessageBytes);
    metrics?.receivedBytes.inc(raw.length);
    const recipients = [
      ...new Set(session.envelope.rcptTo.map((r) => normalizeAddress(r.address))),
    ];
    let result: DeliveryResult;
    try {
      result = await pipeline.deliver(raw, recipients);
    } catch (err) {
      logger.error({ err, session: session.id }, 'storing a message failed');
      throw REPLIES.tempFailure();
    }
    const { ids } = result;
    // Every recipient was accepted at RCPT time, but none could take the message now.
    if (ids.length === 0) throw result.full > 0 ? REPLIES.mailboxFull() : REPLIES.noMailbox();
    // debug, not info: a line per message would cost more than the message.
    logger.debug({ session: session.id, size: raw.length, copies: ids.length }, 'message stored');
    metrics?.accepted.inc();
    return `2.0.0 OK: queued as ${ids[0]}`;
  }

  const server = new SMTPServer({
    name: opts.hostname,
    banner: 'Email Temporanea ESMTP, receive only',
    size: opts.maxMessageBytes,
    authOptional: true,
    disabledCommands: opts.tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    ...(opts.tls ?? {}),
    hideDSN: true,
    disableReverseLookup: true,
    closeTimeout: opts.closeTimeoutMs,
    maxClients: limits.maxConnections,
    socketTimeout: limits.idleTimeoutMs,
    // Read by the greeting-delay patch in early-talker.ts.
    ...({ greetingDelayMs: opts.greetingDelayMs } as object),
    logger: false,
    onConnect(session, callback) {
      try {
        openSession(session);
        callback();
      } catch (err) {
        callback(refuse(err as ReturnType<typeof reply>));
      }
    },
    onClose(session) {
      closeSession(session);
    },
    onMailFrom(_address, session, callback) {
      if (closing) return callback(refuse(REPLIES.shuttingDown()));
      const state = sessions.get(session.id);
      if (state && ++state.messages > limits.maxMessagesPerConnection) {
        return callback(refuse(REPLIES.tooManyMessages()));
      }
      callback();
    },
    onRcptTo(address, session, callback) {
      checkRecipient(address, session).then(
        () => callback(),
        (err: Error & { responseCode?: number }) => {
          const state = sessions.get(session.id);
          if (
            err.responseCode === 550 &&
            state &&
            ++state.badRecipients >= limits.maxBadRecipients
          ) {
            return callback(refuse(REPLIES.tooManyBadRecipients()));
          }
          if (err.responseCode) return callback(refuse(err as ReturnType<typeof reply>));
          logger.error({ err }, 'recipient lookup failed');
          callback(refuse(REPLIES.tempFailure()));
        },
      );
    },
    onData(stream, session, callback) {
      const work = receive(stream, session).then(
        (message) => callback(null, message),
        (err: Error & { responseCode?: number }) =>
          callback(
            refuse(err.responseCode ? (err as ReturnType<typeof reply>) : REPLIES.tempFailure()),
          ),
      );
      inFlight.add(work);
      void work.finally(() => inFlight.delete(work));
    },
  });

  server.on('error', (err) => logger.warn({ err }, 'smtp connection error'));
  if (metrics) server.server.on('connection', () => metrics.connectionsTotal.inc());

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
      for (const state of sessions.values()) clearTimeout(state.timer);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.allSettled([...inFlight]);
      // Sessions between transactions get a polite 421 instead of waiting for closeTimeout.
      const connections = (
        server as unknown as {
          connections: Set<{ send: (c: number, m: string) => void; close: () => void }>;
        }
      ).connections;
      for (const connection of connections) {
        metrics?.refused(421, '4.3.2');
        connection.send(421, '4.3.2 Service shutting down, try again later');
        connection.close();
      }
      await closed;
    },
  };
}
