import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { Logger } from 'pino';
import { SMTPServer, type SMTPServerOptions, type SMTPServerSession } from 'smtp-server';
import { SMTPConnection, type SMTPConnectionOptions } from 'smtp-server/lib/smtp-connection.js';

/**
 * Every reach into smtp-server's private parts lives here, and only here: a subclass of its
 * connection and server classes (nothing of the library is replaced at run time, and a server
 * built elsewhere in the process stays the library's own), and a handle on each live connection.
 *
 * Version note: checked against smtp-server 3.21.6 (`dist/esm/smtp-connection.js`,
 * `smtp-stream.js`, `smtp-server.js`). On any other installed version `createSmtpServer` logs a
 * warning and builds the library's own server, as shipped: the settings below are then not in
 * force, but mail still flows. `test/smtp-server-internals.test.ts` fails on another version until
 * someone has reviewed this file, and asserts each private member used here on a real server.
 *
 * What we need that the public API does not give, each with the upstream thread closest to it:
 * - The pause before the banner is a fixed 100 ms in SMTPConnection#init, with no option; a
 *   client that talks during it is answered "You talk too soon" and dropped.
 *   https://github.com/nodemailer/smtp-server/issues/46
 * - Replies the library writes itself: the one to a client over `maxClients` (written in
 *   SMTPConnection#init) and the one to a command once the server is closing ("421 Server
 *   shutting down", in SMTPConnection#_onCommand) carry no enhanced status code and none of our
 *   words. https://github.com/nodemailer/smtp-server/issues/181,
 *   https://github.com/nodemailer/smtp-server/issues/178
 * - With ENHANCEDSTATUSCODES on, SMTPConnection#send puts a code of its own before every reply,
 *   derived from the reply code alone, also before ours, which already start with the right one
 *   (`452 4.2.2 4.5.3 …`). https://github.com/nodemailer/smtp-server/pull/225
 * - The live connections (`SMTPServer#connections`), to answer 421 to a session from outside a
 *   command handler (session and slow-client limits, shutdown) and to retime the idle timeout of
 *   a connection already open: the library's one time limit is the idle socket timeout, read
 *   only when a connection arms its timer, and any byte resets it.
 *   https://github.com/nodemailer/smtp-server/issues/144
 * - The command parser's buffered bytes (the unfinished command line, whether it is in DATA),
 *   whether the connection waits for one of our handlers, and how many command lines it has
 *   received, for the slow-client limits (a client that dribbles a line never idles).
 *   https://github.com/nodemailer/smtp-server/issues/49
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
  /**
   * Reply texts that already start with an RFC 3463 code (`4.2.2 Mailbox full`) are written as
   * they are, instead of behind a second code the library derives from the reply code alone.
   */
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
  /**
   * The client is waiting for us, not we for it: a handler has not answered yet, the TLS
   * handshake runs, or the connection is closing. No client-side limit counts then.
   */
  waitingForServer: boolean;
}

/** One live connection, as the listener may use it. */
export interface ConnectionHandle {
  session: SMTPServerSession;
  /** Writes the reply; a 421 also closes the connection (smtp-server does that for every 421). */
  reply(reply: SmtpReply): void;
  /** Closes the connection (ends the socket; smtp-server destroys it if the client lingers). */
  close(): void;
  /**
   * Changes the idle timeout of the open socket; the library's timeout handler stays as it is
   * (a 421 when the client owes us a command, nothing while it waits for us).
   */
  setIdleTimeout(ms: number): void;
  wire(): WireState;
}

/** The server the listener runs, and what it may do beyond the library's public API. */
export interface AdaptedServer {
  server: SMTPServer;
  /** False on a version the adapter was not checked against: the library as shipped. */
  tuned: boolean;
  /**
   * The server's live connections (a connection leaves when it starts closing); none when not
   * `tuned`, so the limits that act from outside a command (session time, slow clients, the
   * 421 of close) are left to the library's own idle timeout and `closeTimeout`.
   */
  connections(): ConnectionHandle[];
}

/** A reply text that starts with an RFC 3463 enhanced status code. */
const LEADING_ENHANCED_CODE = /^[245]\.\d{1,3}\.\d{1,3} /;

/** The version of smtp-server that this process loaded. */
export function installedSmtpServerVersion(): string {
  const require = createRequire(import.meta.url);
  return (require('smtp-server/package.json') as { version: string }).version;
}

/**
 * SMTPConnection with our greeting pause, our replies to a client over `maxClients` and to a
 * command during shutdown, our enhanced codes left alone, and a count of its command lines.
 * `init` mirrors the library's own but for the pause and the reply.
 */
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

/**
 * The SMTP server for `options`: with `tuning` in force on the version this file was checked
 * against; on any other, the library's own server and a warning that says what is not in force.
 */
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
