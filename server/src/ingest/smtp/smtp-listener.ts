import { PRODUCT_NAME } from '@et/common';
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import {
  SMTPServer,
  type SMTPServerDataStream,
  type SMTPServerSession,
  type SMTPServerAddress,
} from 'smtp-server';
import { normalizeAddress, splitAddress } from '../../domain/address';
import { isRoleAddress } from '../../domain/role-mailboxes';
import type { Clock } from '../../domain/clock';
import type { SmtpMetrics } from '../../observability/instruments';
import type { MailStore, Quota } from '../../store/mail-store';
import type { DeliveryResult, IngestPipeline } from '../pipeline';
import type { Envelope } from '../trace-headers';
import { createSessionCounters } from './session-counters';
import {
  checkSession,
  newSessionTimes,
  sweepIntervalMs,
  type Overrun,
  type SessionTimes,
} from './session-deadlines';
import {
  connectionsOf,
  patchOptions,
  installPatches,
  type SmtpReply,
} from './smtp-server-internals';

export interface SmtpListenerOptions {
  host: string;
  port: number;
  /** Name in the banner and EHLO reply. */
  hostname: string;
  /**
   * Domains we take mail for, lower case. Everything else is relaying and refused. The first
   * one takes mail for the bare `<Postmaster>` of RFC 5321 §4.5.1.
   */
  domains: readonly string[];
  /**
   * Whether `OPERATOR_TOKEN` is set; without it, mail for postmaster and abuse is still taken and
   * logged as a warning, since nobody can read it.
   */
  operatorReads: boolean;
  /** Advertised as SIZE and enforced while the data streams in. */
  maxMessageBytes: number;
  /** More recipients in one transaction are refused with 452 4.5.3 (RFC 5321 §4.5.3.1.8). */
  maxRecipients: number;
  /** Pause before the banner; see `installPatches` in smtp-server-internals.ts. */
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
  /**
   * A connection that owes us a command and stays silent this long is closed (421), while there
   * is room. RFC 5321 §4.5.3.2.7 asks for 5 minutes at least.
   */
  idleTimeoutMs: number;
  /** The idle timeout in stress mode: short, so idle clients leave room to those that send. */
  stressIdleTimeoutMs: number;
  /**
   * Stress mode starts once the open connections pass this percentage of `maxConnections`, and
   * ends once they are back at or below it less a margin (see `stressBounds`), as Postfix's
   * `smtpd_timeout = ${stress?{10}:{300}}s` does with its process limit.
   */
  stressThresholdPercent: number;
  /** A connection open this long is closed (421), however busy: stops clients that dribble. */
  sessionTimeoutMs: number;
  /** A command line must arrive whole within this, from its first byte (421 4.4.2). */
  commandTimeoutMs: number;
  /**
   * DATA must arrive at this average rate at least, from the 354 on (421 4.4.2); 0 turns the
   * check off.
   */
  minDataRateBytesPerSecond: number;
  /** The DATA rate is judged only once DATA has lasted this long (TCP slow start, a first stall). */
  minDataRateGraceMs: number;
  /** Messages (MAIL FROM) per connection. */
  maxMessagesPerConnection: number;
  /** Refused recipients per connection before it is closed (address harvesting). */
  maxBadRecipients: number;
}

export interface SmtpListener {
  /** Starts listening; resolves the bound port (useful with port 0). */
  listen(): Promise<number>;
  /**
   * Whether the listener is in stress mode now (short idle timeout): for a metrics gauge.
   * Cheap: a field read.
   */
  inStress(): boolean;
  /**
   * Stops taking new mail (new transactions get 421), waits for messages already in DATA to be
   * stored and answered, then closes every connection.
   */
  close(): Promise<void>;
}

/** An SMTP reply: smtp-server writes `code message`; the message starts with the RFC 3463 code. */
function reply(code: number, message: string): Error & SmtpReply {
  return Object.assign(new Error(message), { responseCode: code });
}

/**
 * Every reply of ours. The refusals are errors for the handlers' callbacks; the acceptance is the
 * text smtp-server writes after `250` (a plain string: no stack trace captured per message).
 */
const REPLIES = {
  queued: (id: string) => `2.0.0 OK: queued as ${id}`,
  tooManyRecipients: () => reply(452, '4.5.3 Too many recipients'),
  unknownMailParameter: () => reply(555, '5.5.4 MAIL FROM parameter not recognized'),
  unknownRcptParameter: () => reply(555, '5.5.4 RCPT TO parameter not recognized'),
  relayDenied: () => reply(550, '5.7.1 Relaying denied: we do not host that domain'),
  noMailbox: () => reply(550, '5.1.1 Mailbox unavailable: unknown or expired address'),
  mailboxFull: () => reply(452, '4.2.2 Mailbox full, try again later'),
  tooBig: (max: number) => reply(552, `5.3.4 Message size exceeds fixed limit of ${max} bytes`),
  // RFC 7489 §6.6.1: nobody can tell which of several From addresses DMARC should judge.
  multipleFrom: () => reply(550, '5.7.1 More than one From address is not accepted'),
  tempFailure: () => reply(451, '4.3.0 Temporary local problem, try again later'),
  shuttingDown: () => reply(421, '4.3.2 Service shutting down, try again later'),
  tooManyConnections: () => reply(421, '4.7.0 Too many connections from your address, try later'),
  tooManyMessages: () => reply(421, '4.7.0 Too many messages in one session, reconnect'),
  tooManyBadRecipients: () => reply(421, '4.7.0 Too many invalid recipients, closing'),
  serverBusy: () => reply(421, '4.3.2 Too many connected clients, try again in a moment'),
  sessionTimeLimit: () => reply(421, '4.4.2 Session time limit reached, closing'),
  commandTooSlow: () => reply(421, '4.4.2 Command line not received in time, closing'),
  dataTooSlow: () => reply(421, '4.4.2 Message data arriving too slowly, closing'),
};

/**
 * MAIL FROM parameters of the extensions we advertise (SIZE, 8BITMIME, SMTPUTF8; REQUIRETLS,
 * which smtp-server offers and checks itself on TLS connections). RCPT TO takes none: DSN is
 * not offered. Anything else gets 555 (RFC 5321 §4.1.1.11), not a silent 250.
 */
const MAIL_PARAMETERS = new Set(['SIZE', 'BODY', 'SMTPUTF8', 'REQUIRETLS']);

/** Names of the ESMTP parameters a MAIL FROM or RCPT TO carried. */
function parameterNames(address: SMTPServerAddress): string[] {
  return address.args ? Object.keys(address.args).map((name) => name.toUpperCase()) : [];
}

/** How long after closeTimeoutMs smtp-server's own cut-off would act, had close() not. */
const CLOSE_BACKSTOP_MS = 1000;

/** The reply that closes a session over a time limit. */
const OVERRUN_REPLIES: Record<Overrun, () => Error & SmtpReply> = {
  session: REPLIES.sessionTimeLimit,
  commandLine: REPLIES.commandTooSlow,
  dataRate: REPLIES.dataTooSlow,
};

/**
 * Open connections above `enter` start stress mode; at `leave` or fewer it ends. The margin
 * between them (a twentieth of the limit, one at least) keeps a node hovering at the threshold
 * from retiming every connection on each connect and disconnect.
 */
export function stressBounds(
  limits: Pick<SmtpLimits, 'maxConnections' | 'stressThresholdPercent'>,
) {
  const enter = Math.floor((limits.maxConnections * limits.stressThresholdPercent) / 100);
  const margin = Math.max(1, Math.floor(limits.maxConnections / 20));
  return { enter, leave: Math.max(0, enter - margin) };
}

/** What the time limits keep of an open session. */
interface LiveSession {
  times: SessionTimes;
  /** Set while a message streams in: lets go of what was received of it and fails its onData. */
  dropMessage: ((reason: Error) => void) | null;
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
  const { limits } = opts;
  const counters = createSessionCounters(limits);
  const live = new Map<string, LiveSession>();
  const stress = stressBounds(limits);
  let stressed = false;
  let closing = false;

  // Elapsed time on the wire, beside the socket's own idle timeout: monotonic, and not the
  // injected clock, which in tests moves only when told.
  const now = () => performance.now();

  function openSession(session: SMTPServerSession) {
    if (!counters.open(session.id, session.remoteAddress)) throw REPLIES.tooManyConnections();
    live.set(session.id, { times: newSessionTimes(now()), dropMessage: null });
    updateStress();
    metrics?.connectionsOpen.inc();
  }

  function closeSession(session: SMTPServerSession) {
    counters.close(session.id);
    const state = live.get(session.id);
    if (!state) return;
    state.dropMessage?.(new Error('connection closed during DATA'));
    live.delete(session.id);
    metrics?.connectionsOpen.dec();
    updateStress();
  }

  /**
   * Enters or leaves stress mode as the open connections cross its bounds, and retimes every
   * open connection and the next ones: the short idle timeout in stress, the generous one else.
   */
  function updateStress() {
    const open = counters.size;
    const next = stressed ? open > stress.leave : open > stress.enter;
    if (next === stressed) return;
    stressed = next;
    const idleMs = stressed ? limits.stressIdleTimeoutMs : limits.idleTimeoutMs;
    server.options.socketTimeout = idleMs;
    for (const connection of connectionsOf(server)) connection.setIdleTimeout(idleMs);
    logger.info(
      { open, idleTimeoutMs: idleMs },
      stressed ? 'smtp stress mode on' : 'smtp stress mode off',
    );
  }

  /**
   * One pass over the open connections for every time limit: one timer for the listener, not
   * one per connection or per chunk. See session-deadlines.ts for what each limit measures.
   */
  function sweep() {
    const at = now();
    for (const connection of connectionsOf(server)) {
      const session = live.get(connection.session.id);
      if (!session) continue;
      const overrun = checkSession(session.times, connection.wire(), at, limits);
      if (!overrun) continue;
      logger.info(
        { session: connection.session.id, ip: connection.session.remoteAddress, limit: overrun },
        'smtp session over a time limit, closing',
      );
      const reply = refuse(OVERRUN_REPLIES[overrun]());
      connection.reply(reply);
      session.dropMessage?.(reply);
    }
  }
  const sweeper = setInterval(sweep, sweepIntervalMs(limits));
  sweeper.unref();

  installPatches();

  /**
   * The mailbox address of a recipient as given in RCPT TO: lower case, the bare `Postmaster`
   * (no domain, any case: RFC 5321 §4.5.1) as postmaster of the first domain.
   */
  function recipientMailbox(address: string): string {
    return address.toLowerCase() === 'postmaster'
      ? `postmaster@${opts.domains[0]!}`
      : normalizeAddress(address);
  }

  async function checkRecipient(address: SMTPServerAddress, session: SMTPServerSession) {
    if (session.envelope.rcptTo.length >= opts.maxRecipients) throw REPLIES.tooManyRecipients();
    const mailboxAddress = recipientMailbox(address.address);
    const parts = splitAddress(mailboxAddress);
    if (!parts || !domains.has(parts.domain)) throw REPLIES.relayDenied();
    const mailbox = await store.findMailbox(mailboxAddress, clock.now());
    if (!mailbox) throw REPLIES.noMailbox();
    if (
      mailbox.messageCount >= opts.quota.maxMessages ||
      mailbox.sizeBytes >= opts.quota.maxBytes
    ) {
      throw REPLIES.mailboxFull();
    }
  }

  /**
   * Reads the whole stream; resolves null when it went over SIZE (the rest is drained). Counts
   * the bytes for the DATA rate limit; when the session is cut off meanwhile, what was received
   * is let go at once and the promise rejects.
   */
  function readMessage(
    stream: SMTPServerDataStream,
    session: SMTPServerSession,
  ): Promise<Buffer | null> {
    const state = live.get(session.id);
    const data = { startedAtMs: now(), bytes: 0 };
    return new Promise((resolve, reject) => {
      let chunks: Buffer[] = [];
      let length = 0;
      let dropped = false;
      const settle = () => {
        if (!state) return;
        state.times.data = null;
        state.dropMessage = null;
      };
      if (state) {
        state.times.data = data;
        state.dropMessage = (reason) => {
          dropped = true;
          chunks = [];
          settle();
          reject(reason);
        };
      }
      stream.on('data', (chunk: Buffer) => {
        data.bytes += chunk.length;
        if (dropped || length > opts.maxMessageBytes) return;
        chunks.push(chunk);
        length += chunk.length;
      });
      stream.on('error', (err) => {
        settle();
        reject(err);
      });
      stream.on('end', () => {
        settle();
        if (dropped) return;
        resolve(stream.sizeExceeded || length > opts.maxMessageBytes ? null : join(chunks, length));
      });
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

  function envelopeOf(session: SMTPServerSession): Envelope {
    const { mailFrom } = session.envelope;
    return {
      sender: mailFrom ? mailFrom.address : '',
      heloName: session.hostNameAppearsAs,
      clientIp: session.remoteAddress,
      hostname: opts.hostname,
      extended: session.transmissionType.startsWith('E'),
      tls: session.secure,
      smtpUtf8: Boolean((session.envelope as { smtpUtf8?: boolean }).smtpUtf8),
    };
  }

  /** Mail for postmaster or abuse is rare and matters: a line each, a warning if nobody reads it. */
  function logOperatorMail(session: SMTPServerSession, to: string[], size: number) {
    const fields = {
      session: session.id,
      ip: session.remoteAddress,
      from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
      to,
      size,
    };
    if (opts.operatorReads) logger.info(fields, 'mail for the operator stored');
    else logger.warn(fields, 'mail for the operator stored; set OPERATOR_TOKEN to read it');
  }

  async function receive(stream: SMTPServerDataStream, session: SMTPServerSession) {
    const raw = await readMessage(stream, session);
    if (!raw) throw REPLIES.tooBig(opts.maxMessageBytes);
    metrics?.receivedBytes.inc(raw.length);
    const recipients = [
      ...new Set(session.envelope.rcptTo.map((r) => recipientMailbox(r.address))),
    ];
    let result: DeliveryResult;
    try {
      result = await pipeline.deliver(raw, recipients, envelopeOf(session));
    } catch (err) {
      logger.error({ err, session: session.id }, 'storing a message failed');
      throw REPLIES.tempFailure();
    }
    if (result.refused === 'multiple-from') throw REPLIES.multipleFrom();
    const { ids } = result;
    // Every recipient was accepted at RCPT time, but none could take the message now.
    if (ids.length === 0) throw result.full > 0 ? REPLIES.mailboxFull() : REPLIES.noMailbox();
    // debug, not info: a line per message would cost more than the message.
    logger.debug({ session: session.id, size: raw.length, copies: ids.length }, 'message stored');
    metrics?.accepted.inc();
    const forOperator = recipients.filter(isRoleAddress);
    if (forOperator.length) logOperatorMail(session, forOperator, raw.length);
    return REPLIES.queued(ids[0]!);
  }

  const server = new SMTPServer({
    name: opts.hostname,
    // smtp-server writes `<name> ESMTP ` before the banner.
    banner: `${PRODUCT_NAME}, receive only`,
    size: opts.maxMessageBytes,
    authOptional: true,
    disabledCommands: opts.tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    ...(opts.tls ?? {}),
    hideDSN: true,
    // RFC 2034: every reply but the greeting and the EHLO lines carries an enhanced code.
    hideENHANCEDSTATUSCODES: false,
    disableReverseLookup: true,
    // close() below answers every session left at closeTimeoutMs in our words; the library's own
    // cut-off ("421 Server shutting down") only backs it up.
    closeTimeout: opts.closeTimeoutMs + CLOSE_BACKSTOP_MS,
    maxClients: limits.maxConnections,
    socketTimeout: limits.idleTimeoutMs,
    ...patchOptions({
      greetingDelayMs: opts.greetingDelayMs,
      busyReply: REPLIES.serverBusy(),
      shutdownReply: REPLIES.shuttingDown(),
      keepOwnEnhancedCodes: true,
    }),
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
    onMailFrom(address, session, callback) {
      if (closing) return callback(refuse(REPLIES.shuttingDown()));
      if (parameterNames(address).some((name) => !MAIL_PARAMETERS.has(name))) {
        return callback(refuse(REPLIES.unknownMailParameter()));
      }
      if (!counters.countMessage(session.id)) return callback(refuse(REPLIES.tooManyMessages()));
      callback();
    },
    onRcptTo(address, session, callback) {
      if (parameterNames(address).length) return callback(refuse(REPLIES.unknownRcptParameter()));
      checkRecipient(address, session).then(
        () => callback(),
        (err: Error & { responseCode?: number }) => {
          if (err.responseCode === 550 && !counters.countBadRecipient(session.id)) {
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
    inStress: () => stressed,

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
      // Messages in DATA may finish within closeTimeoutMs (the time limits still apply meanwhile).
      let deadline: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...inFlight]),
        new Promise((resolve) => (deadline = setTimeout(resolve, opts.closeTimeoutMs))),
      ]);
      clearTimeout(deadline);
      // Every session left gets a polite 421: between transactions at once, instead of waiting
      // for closeTimeout; one still in DATA at the deadline loses its message (nothing stored).
      for (const connection of connectionsOf(server)) {
        const reply = refuse(REPLIES.shuttingDown());
        connection.reply(reply);
        connection.close();
        live.get(connection.session.id)?.dropMessage?.(reply);
      }
      await closed;
      clearInterval(sweeper);
    },
  };
}
