import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { Logger } from 'pino';
import { SMTPServer, type SMTPServerOptions, type SMTPServerSession } from 'smtp-server';
import { SMTPConnection, type SMTPConnectionOptions } from 'smtp-server/lib/smtp-connection.js';

/**
 * Every reach into smtp-server's private parts, and only here: subclasses of its connection and
 * server classes (nothing replaced at run time) and a handle on each live connection.
 *
 * Version note: checked against smtp-server 3.21.6. On any other version `createSmtpServer` logs
 * a warning and runs the library as shipped; `test/smtp-server-internals.test.ts` fails until
 * this file is reviewed, and asserts each private member used on a real server.
 *
 * What the public API does not give, each with the upstream thread closest to it:
 * - The banner's fixed 100 ms early-talker pause (SMTPConnection#init).
 *   https://github.com/nodemailer/smtp-server/issues/46
 * - Our words and enhanced codes in the replies it writes itself: over `maxClients` (#init) and
 *   while closing (#_onCommand). https://github.com/nodemailer/smtp-server/issues/181,
 *   https://github.com/nodemailer/smtp-server/issues/178
 * - No second enhanced code before ours (SMTPConnection#send derives one from the reply code).
 *   https://github.com/nodemailer/smtp-server/pull/225
 * - The live connections (`SMTPServer#connections`): a 421 from outside a handler, and a new idle
 *   timeout for an open one. https://github.com/nodemailer/smtp-server/issues/144
 * - The parser's unfinished line, DATA mode, a pending handler and the count of command lines,
 *   for the slow-client limits. https://github.com/nodemailer/smtp-server/issues/49
 */
export const CHECKED_SMTP_SERVER_VERSION = '3.21.6';

/** A reply as the listener's REPLIES table builds it: smtp-server writes `code message`. */
export interface SmtpReply {
  responseCode: number;
  message: string;
}

/** What the adapter changes of the library's behaviour, on the version it was checked against. */
export interface ServerTuning {
  /** Pause before the banner; 0 greets at once. */
  greetingDelayMs: number;
  /** Reply to a connection over `maxClients`, before it is closed. */
  busyReply: SmtpReply;
  /** Reply to any command once the server is closing, before the connection is closed. */
  shutdownReply: SmtpReply;
  /** Reply texts that start with an RFC 3463 code are written as they are, without a second. */
  keepOwnEnhancedCodes: boolean;
}

/** What the slow-client limits read of a connection at one instant. */
export interface WireState {
  /** Command lines received so far (complete lines, handed to the command handlers). */
  commandLines: number;
  /** Bytes of a command line that has begun but not ended (no CRLF yet). */
  partialLineBytes: number;
  /** The parser is in DATA: bytes go to the message, not to commands. */
  inData: boolean;
  /** The client waits for us (a handler, the TLS handshake, closing): no client limit counts. */
  waitingForServer: boolean;
}

/** One live connection, as the listener may use it. */
export interface ConnectionHandle {
  session: SMTPServerSession;
  /** Writes the reply; a 421 also closes the connection (smtp-server does that for every 421). */
  reply(reply: SmtpReply): void;
  /** Closes the connection (ends the socket; smtp-server destroys it if the client lingers). */
  close(): void;
  /** Changes the idle timeout of the open socket; the library's timeout handler stays. */
  setIdleTimeout(ms: number): void;
  wire(): WireState;
}

/** The server the listener runs, and what it may do beyond the library's public API. */
export interface AdaptedServer {
  server: SMTPServer;
  /** False on a version the adapter was not checked against: the library as shipped. */
  tuned: boolean;
  /** The live connections; none when not `tuned` (the library's own timeouts act then). */
  connections(): ConnectionHandle[];
}

/** A reply text that starts with an RFC 3463 enhanced status code. */
const LEADING_ENHANCED_CODE = /^[245]\.\d{1,3}\.\d{1,3} /;

/** The version of smtp-server that this process loaded. */
export function installedSmtpServerVersion(): string {
  const require = createRequire(import.meta.url);
  return (require('smtp-server/package.json') as { version: string }).version;
}

/** SMTPConnection, tuned, counting its command lines; `init` mirrors the library's own. */
class TunedConnection extends SMTPConnection {
  /** Command lines received: tells "the same unfinished line as last time" from "a new one". */
  commandLines = 0;

  constructor(
    server: SMTPServer,
    socket: Socket | TLSSocket,
    options: SMTPConnectionOptions | null | undefined,
    private readonly tuning: ServerTuning,
  ) {
    super(server, socket, options);
  }

  override init(): void {
    this._setListeners(() => {
      const { maxClients } = this._server.options;
      if (maxClients && this._server.connections.size > maxClients) {
        const { responseCode, message } = this.tuning.busyReply;
        return this.send(responseCode, message, false);
      }
      if (this.tuning.greetingDelayMs <= 0) return this.connectionReady();
      setTimeout(() => this.connectionReady(), this.tuning.greetingDelayMs).unref();
    });
  }

  override _onCommand(command: Buffer, callback?: () => void): void {
    this.commandLines++;
    // While a TLS handshake runs, the library discards what arrives unanswered; so do we.
    if (this._server._closeTimeout && !this._upgrading) {
      const { responseCode, message } = this.tuning.shutdownReply;
      return this.send(responseCode, message);
    }
    super._onCommand(command, callback);
  }

  override send(code: number, data?: string | string[] | null, context?: string | false): void {
    const own =
      this.tuning.keepOwnEnhancedCodes &&
      typeof data === 'string' &&
      LEADING_ENHANCED_CODE.test(data);
    super.send(code, data, own ? false : context);
  }
}

/** SMTPServer whose connections are TunedConnection; `connect` mirrors the library's own. */
class TunedServer extends SMTPServer {
  constructor(
    options: SMTPServerOptions,
    private readonly tuning: ServerTuning,
  ) {
    super(options);
  }

  override connect(socket: Socket | TLSSocket, socketOptions?: SMTPConnectionOptions | null) {
    const connection = new TunedConnection(this, socket, socketOptions, this.tuning);
    this.connections.add(connection);
    connection.on('error', (err: Error) => this._onError(err));
    connection.on('connect', (data: Parameters<SMTPServer['_onClientConnect']>[0]) =>
      this._onClientConnect(data),
    );
    connection.init();
  }
}

function handle(connection: TunedConnection): ConnectionHandle {
  return {
    session: connection.session,
    reply: (r) => connection.send(r.responseCode, r.message),
    close: () => connection.close(),
    setIdleTimeout: (ms) => connection._socket.setTimeout(ms),
    wire() {
      const parser = connection._parser;
      return {
        commandLines: connection.commandLines,
        partialLineBytes: parser && !parser._dataMode ? parser._remainder.length : 0,
        inData: Boolean(parser && parser._dataMode),
        waitingForServer:
          !parser ||
          connection._handlerPending ||
          connection._upgrading ||
          connection._closing ||
          connection._closed,
      };
    },
  };
}

/** The SMTP server: tuned on the version checked, else the library's own and a warning. */
export function createSmtpServer(
  options: SMTPServerOptions,
  tuning: ServerTuning,
  logger: Pick<Logger, 'warn'>,
  version = installedSmtpServerVersion(),
): AdaptedServer {
  if (version !== CHECKED_SMTP_SERVER_VERSION) {
    logger.warn(
      { installed: version, checked: CHECKED_SMTP_SERVER_VERSION },
      'smtp-server is not the version ingest/smtp/smtp-server-internals.ts was checked against: ' +
        'running it as shipped, without SMTP_GREETING_DELAY_MS, our replies when busy or ' +
        'closing, stress mode for open connections, and the session, command-line and DATA-rate ' +
        'limits; review the adapter',
    );
    return { server: new SMTPServer(options), tuned: false, connections: () => [] };
  }
  const server = new TunedServer(options, tuning);
  return {
    server,
    tuned: true,
    connections: () => [...server.connections].map((c) => handle(c as TunedConnection)),
  };
}
