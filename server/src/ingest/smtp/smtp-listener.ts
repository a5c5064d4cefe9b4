import { PRODUCT_NAME } from '@et/common';
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import type {
  SMTPServerAddress,
  SMTPServerDataStream,
  SMTPServerOptions,
  SMTPServerSession,
} from 'smtp-server';
import { normalizeAddress, senderPath, splitAddress } from '../../domain/address';
import { isRoleAddress } from '../../domain/role-mailboxes';
import type { Admission, DeliveryCap } from '../../counters/delivery-cap';
import type { Clock } from '../../domain/clock';
import type { EventBus } from '../../events/event-bus';
import type { SmtpMetrics } from '../../observability/instruments';
import type { MailStore, Quota } from '../../store/mail-store';
import { ownBuffer, type DeliveryResult, type IngestPipeline } from '../pipeline';
import type { Envelope } from '../trace-headers';
import { createRefusalLog, type RefusalLog } from './refusal-log';
import {
  createSessionCounters,
  type CountedLimits,
  type SessionCounters,
} from './session-counters';
import {
  checkSession,
  newSessionTimes,
  sweepIntervalMs,
  type Overrun,
  type SessionTimes,
  type TimeLimits,
} from './session-deadlines';
import { createSmtpServer, type AdaptedServer, type SmtpReply } from './smtp-server-internals';

export interface SmtpListenerOptions {
  host: string;
  port: number;
  /** Name in the banner and EHLO reply. */
  hostname: string;
  /** Domains we take mail for, lower case; the first takes `<Postmaster>` (RFC 5321 §4.5.1). */
  domains: readonly string[];
  /** Whether `OPERATOR_TOKEN` is set; without it, operator mail is stored with a warning. */
  operatorReads: boolean;
  /** Advertised as SIZE and enforced while the data streams in. */
  maxMessageBytes: number;
  /** More recipients in one transaction are refused with 452 4.5.3 (RFC 5321 §4.5.3.1.8). */
  maxRecipients: number;
  /** Pause before the banner; see smtp-server-internals.ts. */
  greetingDelayMs: number;
  /** How long close() waits for sessions to end before cutting them off. */
  closeTimeoutMs: number;
  limits: SmtpLimits;
  /** PEM key and certificate: STARTTLS is offered only with them. */
  tls?: { key: Buffer; cert: Buffer };
  /** Per-mailbox limits: a full mailbox is refused 452 4.2.2 at RCPT (and at DATA, atomically). */
  quota: Quota;
  /** Refusals each mailbox keeps (the newest), for its page: `MAILBOX_MAX_REFUSALS`. */
  maxRefusals: number;
  /** Caps on what a sender may deliver, asked before each message is stored; none without it. */
  caps?: DeliveryCap;
  /** Whether the store is past its watermark now (a field read): 452 4.3.1 at MAIL and DATA. */
  storeLow?: () => boolean;
  store: MailStore;
  /** Where a mailbox's page hears of mail refused for it (`delivery.refused`). */
  bus: EventBus;
  pipeline: IngestPipeline;
  clock: Clock;
  logger: Logger;
  /** Connections, messages, bytes and refusals; nothing is counted without it. */
  metrics?: SmtpMetrics;
}

/** Abuse limits of the SMTP server; every one answers in SMTP's own words (421, 452). */
export interface SmtpLimits extends CountedLimits, TimeLimits {
  /** Simultaneous connections; the next one is greeted 421 and closed. */
  maxConnections: number;
  /** Silence before a connection that owes us a command is closed (RFC 5321 §4.5.3.2.7: 5 min). */
  idleTimeoutMs: number;
  /** The idle timeout in stress mode: short, so idle clients leave room to those that send. */
  stressIdleTimeoutMs: number;
  /** Stress mode past this percentage of `maxConnections` (`stressBounds`), as Postfix's. */
  stressThresholdPercent: number;
}

export interface SmtpListener {
  /** Starts listening; resolves the bound port (useful with port 0). */
  listen(): Promise<number>;
  /** Whether the listener is in stress mode now (a field read, for a gauge). */
  inStress(): boolean;
  /** Stops taking new mail (421), waits for messages in DATA to be answered, then closes all. */
  close(): Promise<void>;
}

/** An SMTP reply: smtp-server writes `code message`; the message starts with the RFC 3463 code. */
function reply(code: number, message: string): Error & SmtpReply {
  return Object.assign(new Error(message), { responseCode: code });
}

/** Every reply of ours; the acceptance is a plain string (no stack trace captured per message). */
const REPLIES = {
  queued: (id: string) => `2.0.0 OK: queued as ${id}`,
  tooManyRecipients: () => reply(452, '4.5.3 Too many recipients'),
  unknownMailParameter: () => reply(555, '5.5.4 MAIL FROM parameter not recognized'),
  unknownRcptParameter: () => reply(555, '5.5.4 RCPT TO parameter not recognized'),
  nonAsciiSender: () => reply(553, '5.6.7 Non-ASCII sender address requires SMTPUTF8'),
  relayDenied: () => reply(550, '5.7.1 Relaying denied: we do not host that domain'),
  noMailbox: () => reply(550, '5.1.1 Mailbox unavailable: unknown or expired address'),
  mailboxFull: () => reply(452, '4.2.2 Mailbox full, try again later'),
  tooBig: (max: number) => reply(552, `5.3.4 Message size exceeds fixed limit of ${max} bytes`),
  senderOverLimit: () =>
    reply(451, '4.7.1 Too much mail from your address or to these mailboxes, try again later'),
  insufficientStorage: () => reply(452, '4.3.1 Insufficient system storage, try again later'),
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

type Reply = Error & SmtpReply;
const isReply = (err: unknown): err is Reply =>
  err instanceof Error && typeof (err as Partial<SmtpReply>).responseCode === 'number';

/** A refusal at DATA, with what the recipient mailboxes' records say of the message. */
type DataRefusal = Reply & { size?: number; limit?: number };

/** `reply`, carrying the message's size in bytes and the limit it passed, if one. */
const ofMessage = (reply: Reply, size: number, limit?: number): DataRefusal =>
  Object.assign(reply, { size, limit });

/**
 * MAIL FROM parameters we advertise (REQUIRETLS: smtp-server's own); RCPT TO takes none (no DSN).
 * Any other gets 555 (RFC 5321 §4.1.1.11), not a silent 250.
 */
const MAIL_PARAMETERS = new Set(['SIZE', 'BODY', 'SMTPUTF8', 'REQUIRETLS']);

function parameterNames(address: SMTPServerAddress): string[] {
  return address.args ? Object.keys(address.args).map((name) => name.toUpperCase()) : [];
}

/** How long after closeTimeoutMs smtp-server's own cut-off would act, had close() not. */
const CLOSE_BACKSTOP_MS = 1000;

const OVERRUN_REPLIES: Record<Overrun, () => Reply> = {
  session: REPLIES.sessionTimeLimit,
  commandLine: REPLIES.commandTooSlow,
  dataRate: REPLIES.dataTooSlow,
};

/** Stress mode starts above `enter`, ends at `leave`: a margin, so no retiming at each connect. */
export function stressBounds(
  limits: Pick<SmtpLimits, 'maxConnections' | 'stressThresholdPercent'>,
) {
  const enter = Math.floor((limits.maxConnections * limits.stressThresholdPercent) / 100);
  const margin = Math.max(1, Math.floor(limits.maxConnections / 20));
  return { enter, leave: Math.max(0, enter - margin) };
}

/** What the listener keeps of an open session. */
interface LiveSession {
  times: SessionTimes;
  /** Set while a message streams in: lets go of what was received of it and fails its onData. */
  dropMessage: ((reason: Error) => void) | null;
  /** The creator of each mailbox accepted at RCPT in this transaction, for the caps at DATA. */
  creators: Map<string, string | null>;
}

/** The listener's shared state: what the phase handlers and the sweep read and change. */
interface Listener {
  opts: SmtpListenerOptions;
  domains: ReadonlySet<string>;
  counters: SessionCounters;
  live: Map<string, LiveSession>;
  /** Messages in DATA until answered, for close() to wait on. */
  inFlight: Set<Promise<void>>;
  refusals: RefusalLog;
  stress: { enter: number; leave: number; on: boolean };
  closing: boolean;
  adapted: AdaptedServer;
}

// Time on the wire: monotonic, not the injected clock, which in tests moves only when told.
const now = () => performance.now();

/** Counts a negative reply on its way out. */
function refuse(l: Listener, err: Reply): Reply {
  l.opts.metrics?.refused(err.responseCode, err.message);
  return err;
}

/** A recipient's mailbox: lower case; bare `Postmaster` (RFC 5321 §4.5.1) of the first domain. */
function recipientMailbox(l: Listener, address: string): string {
  return address.toLowerCase() === 'postmaster'
    ? `postmaster@${l.opts.domains[0]!}`
    : normalizeAddress(address);
}

/** The mailboxes the transaction's recipients resolved to at RCPT, without duplicates. */
function recipientsOf(l: Listener, session: SMTPServerSession): string[] {
  return [...new Set(session.envelope.rcptTo.map((r) => recipientMailbox(l, r.address)))];
}

/** MAIL FROM as smtp-server reports it; '' for the null sender. */
const senderOf = (session: SMTPServerSession) =>
  session.envelope.mailFrom ? session.envelope.mailFrom.address : '';

function declaredSize(session: SMTPServerSession): number | null {
  const { mailFrom } = session.envelope;
  const size = Number(mailFrom && mailFrom.args && mailFrom.args.SIZE);
  return Number.isSafeInteger(size) && size > 0 ? size : null;
}

const smtpUtf8 = (session: SMTPServerSession) => Boolean(session.envelope.smtpUtf8);

function envelopeOf(l: Listener, session: SMTPServerSession): Envelope {
  return {
    sender: senderOf(session),
    heloName: session.hostNameAppearsAs,
    clientIp: session.remoteAddress,
    hostname: l.opts.hostname,
    extended: session.transmissionType.startsWith('E'),
    tls: session.secure,
    smtpUtf8: smtpUtf8(session),
  };
}

/**
 * Reads the whole stream, counting bytes for the DATA rate; null past SIZE (the rest drained).
 * A session cut off meanwhile lets go of it, and the promise rejects.
 */
function readMessage(
  l: Listener,
  stream: SMTPServerDataStream,
  session: SMTPServerSession,
): Promise<Buffer | null> {
  const max = l.opts.maxMessageBytes;
  const state = l.live.get(session.id);
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
      if (dropped || length > max) return;
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
      resolve(stream.sizeExceeded || length > max ? null : ownBuffer(chunks));
    });
  });
}

/** Mail for postmaster or abuse is rare and matters: a line each, a warning if nobody reads it. */
function logOperatorMail(l: Listener, session: SMTPServerSession, to: string[], size: number) {
  const fields = {
    session: session.id,
    ip: session.remoteAddress,
    from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
    to,
    size,
  };
  if (l.opts.operatorReads) l.opts.logger.info(fields, 'mail for the operator stored');
  else l.opts.logger.warn(fields, 'mail for the operator stored; set OPERATOR_TOKEN to read it');
}

/** Counts a whole message against the caps: what was counted (null without caps), or a refusal. */
async function admit(
  l: Listener,
  session: SMTPServerSession,
  recipients: readonly string[],
  bytes: number,
): Promise<Admission | null> {
  const { caps, logger } = l.opts;
  if (!caps) return null;
  const creators = l.live.get(session.id)?.creators;
  const mailboxes = recipients.map((address) => ({
    address,
    creator: creators?.get(address) ?? null,
  }));
  let admission: Admission | null;
  try {
    admission = await caps.admit({ ip: session.remoteAddress, mailboxes, bytes });
  } catch (err) {
    logger.error({ err, session: session.id }, 'counting a message against the caps failed');
    throw REPLIES.tempFailure();
  }
  if (!admission) throw REPLIES.senderOverLimit();
  return admission;
}

/** Stores `raw` per recipient once the store has room and the caps admit it: 250 or a refusal. */
async function deliver(l: Listener, raw: Buffer, session: SMTPServerSession) {
  const { opts } = l;
  if (opts.storeLow?.()) throw REPLIES.insufficientStorage();
  const recipients = recipientsOf(l, session);
  const size = raw.length;
  const admission = await admit(l, session, recipients, size);
  let result: DeliveryResult;
  try {
    result = await opts.pipeline.deliver(raw, recipients, envelopeOf(l, session));
  } catch (err) {
    opts.logger.error({ err, session: session.id }, 'storing a message failed');
    await admission?.refund(recipients);
    throw REPLIES.tempFailure();
  }
  if (result.refused === 'multiple-from') {
    await admission?.refund(recipients);
    throw REPLIES.multipleFrom();
  }
  if (admission && result.stored.length < recipients.length) {
    const stored = new Set(result.stored);
    await admission.refund(recipients.filter((mailbox) => !stored.has(mailbox)));
  }
  const { ids } = result;
  // Every recipient was accepted at RCPT time, but none could take the message now.
  if (ids.length === 0) throw result.full > 0 ? REPLIES.mailboxFull() : REPLIES.noMailbox();
  // debug, not info: a line per message would cost more than the message.
  opts.logger.debug({ session: session.id, size, copies: ids.length }, 'message stored');
  opts.metrics?.accepted.inc();
  const forOperator = recipients.filter(isRoleAddress);
  if (forOperator.length) logOperatorMail(l, session, forOperator, size);
  return REPLIES.queued(ids[0]!);
}

/** Reads the message whole and delivers it; a refusal carries the size and the limit passed. */
async function receive(l: Listener, stream: SMTPServerDataStream, session: SMTPServerSession) {
  const max = l.opts.maxMessageBytes;
  const raw = await readMessage(l, stream, session);
  if (!raw) throw ofMessage(REPLIES.tooBig(max), stream.byteLength, max);
  l.opts.metrics?.receivedBytes.inc(raw.length);
  try {
    return await deliver(l, raw, session);
  } catch (err) {
    throw isReply(err) ? ofMessage(err, raw.length) : err;
  }
}

/** One handler per SMTP phase, in session order (docs/architecture.md, "SMTP ingress"). */
const PHASES = {
  /** A new connection: the per-IP limit, then the session's clocks. */
  connect(l: Listener, session: SMTPServerSession): void {
    if (!l.counters.open(session.id, session.remoteAddress)) throw REPLIES.tooManyConnections();
    l.live.set(session.id, {
      times: newSessionTimes(now()),
      dropMessage: null,
      creators: new Map(),
    });
    updateStress(l);
    l.opts.metrics?.connectionsOpen.inc();
  },

  /** MAIL FROM: not while closing or past the watermark; known parameters, a writable sender. */
  mailFrom(l: Listener, address: SMTPServerAddress, session: SMTPServerSession): void {
    if (l.closing) throw REPLIES.shuttingDown();
    if (l.opts.storeLow?.()) throw REPLIES.insufficientStorage();
    l.live.get(session.id)?.creators.clear();
    if (parameterNames(address).some((name) => !MAIL_PARAMETERS.has(name))) {
      throw REPLIES.unknownMailParameter();
    }
    if (senderPath(address.address, smtpUtf8(session)) === null) throw REPLIES.nonAsciiSender();
    if (!l.counters.countMessage(session.id)) throw REPLIES.tooManyMessages();
  },

  /** RCPT TO: a live mailbox of ours with room that the caps admit; a refusal is recorded. */
  async rcptTo(l: Listener, address: SMTPServerAddress, session: SMTPServerSession) {
    if (parameterNames(address).length) throw REPLIES.unknownRcptParameter();
    if (session.envelope.rcptTo.length >= l.opts.maxRecipients) throw REPLIES.tooManyRecipients();
    const mailboxAddress = recipientMailbox(l, address.address);
    const parts = splitAddress(mailboxAddress);
    const refused = (err: Reply) =>
      l.counters.countBadRecipient(session.id) ? err : REPLIES.tooManyBadRecipients();
    if (!parts || !l.domains.has(parts.domain)) throw refused(REPLIES.relayDenied());
    const mailbox = await l.opts.store.findMailbox(mailboxAddress, l.opts.clock.now());
    if (!mailbox) throw refused(REPLIES.noMailbox());
    const { quota, caps } = l.opts;
    const capped = { address: mailbox.address, creator: mailbox.creator };
    let refusal: Reply | null = null;
    if (mailbox.messageCount >= quota.maxMessages || mailbox.sizeBytes >= quota.maxBytes) {
      refusal = REPLIES.mailboxFull();
    } else if (caps && !caps.admitsRecipient(session.remoteAddress, capped)) {
      refusal = REPLIES.senderOverLimit();
    }
    if (refusal) {
      await l.refusals.record([mailbox.address], {
        sender: senderOf(session),
        reply: refusal,
        size: declaredSize(session),
        limit: null,
      });
      throw refusal;
    }
    l.live.get(session.id)?.creators.set(mailbox.address, mailbox.creator);
  },

  /** DATA: read whole, capped, stored; 250 after the commit. Every recipient records a refusal. */
  async data(l: Listener, stream: SMTPServerDataStream, session: SMTPServerSession) {
    try {
      return await receive(l, stream, session);
    } catch (err) {
      // The client left, or its stream failed: nothing to log or record.
      if (!isReply(err)) throw REPLIES.tempFailure();
      const { size, limit } = err as DataRefusal;
      await l.refusals.record(recipientsOf(l, session), {
        sender: senderOf(session),
        reply: err,
        size: size ?? declaredSize(session),
        limit: limit ?? null,
      });
      throw err;
    }
  },

  /** The connection is gone: a message still streaming in is let go. */
  close(l: Listener, session: SMTPServerSession): void {
    l.counters.close(session.id);
    const state = l.live.get(session.id);
    if (!state) return;
    state.dropMessage?.(new Error('connection closed during DATA'));
    l.live.delete(session.id);
    l.opts.metrics?.connectionsOpen.dec();
    updateStress(l);
  },
};

/** Answers a phase through smtp-server's callback (451 for a fault), without a promise turn. */
function answer<T>(
  l: Listener,
  run: () => T | Promise<T>,
  callback: (err?: Error | null, value?: T) => void,
): void {
  const fail = (err: unknown) => {
    if (isReply(err)) return callback(refuse(l, err));
    l.opts.logger.error({ err }, 'smtp handler failed');
    callback(refuse(l, REPLIES.tempFailure()));
  };
  let result: T | Promise<T>;
  try {
    result = run();
  } catch (err) {
    return fail(err);
  }
  if (result instanceof Promise) result.then((value) => callback(null, value), fail);
  else callback(null, result);
}

/** smtp-server's handler options, each a phase of PHASES. */
function handlersFor(
  l: Listener,
): Pick<SMTPServerOptions, 'onConnect' | 'onMailFrom' | 'onRcptTo' | 'onData' | 'onClose'> {
  return {
    onConnect: (session, cb) => answer(l, () => PHASES.connect(l, session), cb),
    onMailFrom: (address, session, cb) => answer(l, () => PHASES.mailFrom(l, address, session), cb),
    onRcptTo: (address, session, cb) => answer(l, () => PHASES.rcptTo(l, address, session), cb),
    onData(stream, session, cb) {
      // close() waits for the answer to be written, not only for the store.
      const answered = new Promise<void>((resolve) =>
        answer(
          l,
          () => PHASES.data(l, stream, session),
          (err, message) => {
            cb(err, message);
            resolve();
          },
        ),
      );
      l.inFlight.add(answered);
      void answered.finally(() => l.inFlight.delete(answered));
    },
    onClose: (session: SMTPServerSession) => PHASES.close(l, session),
  };
}

/** Enters or leaves stress mode at its bounds, retiming the open connections and the next. */
function updateStress(l: Listener) {
  const { limits } = l.opts;
  const open = l.counters.size;
  const next = l.stress.on ? open > l.stress.leave : open > l.stress.enter;
  if (next === l.stress.on) return;
  l.stress.on = next;
  const idleMs = next ? limits.stressIdleTimeoutMs : limits.idleTimeoutMs;
  l.adapted.server.options.socketTimeout = idleMs;
  for (const connection of l.adapted.connections()) connection.setIdleTimeout(idleMs);
  l.opts.logger.info(
    { open, idleTimeoutMs: idleMs },
    next ? 'smtp stress mode on' : 'smtp stress mode off',
  );
}

/** One pass over the open connections for every time limit (session-deadlines.ts): one timer. */
function sweep(l: Listener) {
  const at = now();
  for (const connection of l.adapted.connections()) {
    const session = l.live.get(connection.session.id);
    if (!session) continue;
    const overrun = checkSession(session.times, connection.wire(), at, l.opts.limits);
    if (!overrun) continue;
    l.opts.logger.info(
      { session: connection.session.id, ip: connection.session.remoteAddress, limit: overrun },
      'smtp session over a time limit, closing',
    );
    const cut = refuse(l, OVERRUN_REPLIES[overrun]());
    connection.reply(cut);
    session.dropMessage?.(cut);
  }
}

export function createSmtpListener(opts: SmtpListenerOptions): SmtpListener {
  const { limits, logger, metrics } = opts;
  const l: Listener = {
    opts,
    domains: new Set(opts.domains),
    counters: createSessionCounters(limits),
    live: new Map(),
    inFlight: new Set(),
    refusals: createRefusalLog({
      store: opts.store,
      bus: opts.bus,
      clock: opts.clock,
      logger,
      maxRefusals: opts.maxRefusals,
    }),
    stress: { ...stressBounds(limits), on: false },
    closing: false,
    // Set right below: the server's handlers take this state, and the state holds the server.
    adapted: null as unknown as AdaptedServer,
  };
  l.adapted = createSmtpServer(
    {
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
      // close() answers in our words at closeTimeoutMs; the library's cut-off only backs it up.
      closeTimeout: opts.closeTimeoutMs + CLOSE_BACKSTOP_MS,
      maxClients: limits.maxConnections,
      socketTimeout: limits.idleTimeoutMs,
      logger: false,
      ...handlersFor(l),
    },
    {
      greetingDelayMs: opts.greetingDelayMs,
      busyReply: REPLIES.serverBusy(),
      shutdownReply: REPLIES.shuttingDown(),
      keepOwnEnhancedCodes: true,
    },
    logger,
  );
  const { server } = l.adapted;
  server.on('error', (err) => logger.warn({ err }, 'smtp connection error'));
  if (metrics) server.server.on('connection', () => metrics.connectionsTotal.inc());
  const sweeper = setInterval(() => sweep(l), sweepIntervalMs(limits));
  sweeper.unref();

  return {
    inStress: () => l.stress.on,

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
      l.closing = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Messages in DATA may finish within closeTimeoutMs (the time limits still apply meanwhile).
      let deadline: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...l.inFlight]),
        new Promise((resolve) => (deadline = setTimeout(resolve, opts.closeTimeoutMs))),
      ]);
      clearTimeout(deadline);
      // A polite 421 to every session left; one still in DATA loses its message (none stored).
      for (const connection of l.adapted.connections()) {
        const cut = refuse(l, REPLIES.shuttingDown());
        connection.reply(cut);
        connection.close();
        l.live.get(connection.session.id)?.dropMessage?.(cut);
      }
      await closed;
      clearInterval(sweeper);
    },
  };
}
