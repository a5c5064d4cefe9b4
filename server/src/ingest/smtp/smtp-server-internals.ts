import type { SMTPServer, SMTPServerSession } from 'smtp-server';
import { SMTPConnection } from 'smtp-server/lib/smtp-connection.js';

/**
 * Every reach into smtp-server's private parts lives here, and only here.
 *
 * Checked against smtp-server 3.21.6 (`node_modules/smtp-server/dist/esm/smtp-connection.js`,
 * `smtp-stream.js`, `smtp-server.js`). `test/smtp-server-internals.test.ts` asserts each member
 * used below on a real server and a real socket, so an upgrade that renames or reshapes one
 * fails that test by name instead of silently turning a limit off. `installPatches` also checks
 * the source of the method it replaces and refuses to start when it changed.
 *
 * What we need that the public API does not give:
 * - the greeting pause is hard-coded (100 ms) in SMTPConnection#init, and the reply to a client
 *   over `maxClients` is written there too; the reply to a command during shutdown is written in
 *   SMTPConnection#_onCommand (see `installPatches`);
 * - the live connections (`SMTPServer#connections`), to answer 421 to a session from outside a
 *   command handler (session and slow-client limits, shutdown), and their sockets, to shorten
 *   or lengthen the idle timeout of a connection already open (`socketTimeout` is read only
 *   when a connection arms its timer);
 * - what the command parser holds (the unfinished command line, whether it is in DATA) and
 *   whether the connection waits for one of our handlers, for the slow-client limits;
 * - a count of the command lines received, so that "the same unfinished line as last time" can
 *   be told from "a new one" (SMTPConnection#_onCommand runs once per line);
 * - with `hideENHANCEDSTATUSCODES: false` SMTPConnection#send puts an enhanced status code of
 *   its own choosing before every reply text, also before ours, which already start with the
 *   right one (see `installPatches`).
 */
export const CHECKED_SMTP_SERVER_VERSION = '3.21.6';

/** A reply as the listener's REPLIES table builds it: smtp-server writes `code message`. */
export interface SmtpReply {
  responseCode: number;
  message: string;
}

/** Options of ours that the patched methods read from the server's options. */
export interface PatchOptions {
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

/** The private members of SMTPConnection that are used here. */
interface ConnectionInternals {
  session: SMTPServerSession;
  name: string;
  _server: {
    options: Partial<PatchOptions> & { maxClients?: number };
    connections: Set<unknown>;
    /** Set (to a timer) once SMTPServer#close has been called. */
    _closeTimeout: unknown;
  };
  _parser: false | { _dataMode: boolean; _remainder: string };
  _socket: { setTimeout(ms: number): unknown };
  _handlerPending: boolean;
  _upgrading: boolean;
  _closing: boolean;
  _closed: boolean;
  init(): void;
  _setListeners(done: () => void): void;
  _onCommand(command: Buffer, callback?: () => void): void;
  send(code: number, message: string | string[], context?: unknown): void;
  connectionReady(): void;
  close(): void;
}

const COMMAND_LINES = Symbol('commandLines');
type Counted = ConnectionInternals & { [COMMAND_LINES]?: number };

/** A reply text that starts with an RFC 3463 enhanced status code. */
const LEADING_ENHANCED_CODE = /^[245]\.\d{1,3}\.\d{1,3} /;

/** The line of SMTPConnection#init that the greeting patch replaces. */
export const EXPECTED_INIT = 'setTimeout(() => this.connectionReady(), 100)';

let installed = false;

/**
 * Patches SMTPConnection once per process:
 *
 * - `init` mirrors the library's own, with the pause before the banner read from the server's
 *   `greetingDelayMs` option and the over-`maxClients` reply from its `busyReply` option.
 *   smtp-server answers clients that talk during the pause "You talk too soon" (a cheap filter
 *   for spam bots that do not wait for the banner); busy MX hosts often shorten or drop it.
 * - `_onCommand` counts the command lines of the connection; once the server is closing it
 *   answers with the `shutdownReply` option (the library's own is "421 Server shutting down",
 *   without an enhanced status code), otherwise it runs as before.
 * - `send` writes a reply text that starts with an enhanced status code without adding one
 *   when the `keepOwnEnhancedCodes` option is set (the library would write `452 4.2.2 4.5.3 …`,
 *   its code taken from the reply code alone, before ours).
 *
 * Servers built without our options behave as the library does.
 */
export function installPatches(): void {
  if (installed) return;
  const proto = SMTPConnection.prototype as unknown as ConnectionInternals;
  if (!String(proto.init).includes(EXPECTED_INIT)) {
    throw new Error(
      `smtp-server changed SMTPConnection#init (checked against ${CHECKED_SMTP_SERVER_VERSION}); review ingest/smtp-server-internals.ts`,
    );
  }
  if (typeof proto._onCommand !== 'function') {
    throw new Error(
      `smtp-server has no SMTPConnection#_onCommand (checked against ${CHECKED_SMTP_SERVER_VERSION}); review ingest/smtp-server-internals.ts`,
    );
  }
  proto.init = function init(this: ConnectionInternals) {
    this._setListeners(() => {
      const { maxClients, greetingDelayMs = 100, busyReply } = this._server.options;
      if (maxClients && this._server.connections.size > maxClients) {
        if (busyReply) return this.send(busyReply.responseCode, busyReply.message, false);
        return this.send(
          421,
          `${this.name} Too many connected clients, try again in a moment`,
          false,
        );
      }
      if (greetingDelayMs <= 0) return this.connectionReady();
      setTimeout(() => this.connectionReady(), greetingDelayMs).unref();
    });
  };
  const onCommand = proto._onCommand;
  proto._onCommand = function countedOnCommand(
    this: Counted,
    command: Buffer,
    callback?: () => void,
  ) {
    this[COMMAND_LINES] = (this[COMMAND_LINES] ?? 0) + 1;
    const { shutdownReply } = this._server.options;
    // While a TLS handshake runs, the library discards what arrives unanswered; so do we.
    if (shutdownReply && this._server._closeTimeout && !this._upgrading) {
      return this.send(shutdownReply.responseCode, shutdownReply.message);
    }
    return onCommand.call(this, command, callback);
  };
  const send = proto.send;
  proto.send = function sendOwnCodes(
    this: ConnectionInternals,
    code: number,
    message: string | string[],
    context?: unknown,
  ) {
    const own =
      this._server.options.keepOwnEnhancedCodes &&
      typeof message === 'string' &&
      LEADING_ENHANCED_CODE.test(message);
    return send.call(this, code, message, own ? false : context);
  };
  installed = true;
}

/** Our options, to spread into the SMTPServer options (typed apart: the library's type lacks them). */
export function patchOptions(options: PatchOptions): object {
  return options;
}

function handle(connection: Counted): ConnectionHandle {
  return {
    session: connection.session,
    reply: (r) => connection.send(r.responseCode, r.message),
    close: () => connection.close(),
    setIdleTimeout: (ms) => connection._socket.setTimeout(ms),
    wire() {
      const parser = connection._parser;
      return {
        commandLines: connection[COMMAND_LINES] ?? 0,
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

/** The server's live connections (a connection leaves the set when it starts closing). */
export function connectionsOf(server: SMTPServer): ConnectionHandle[] {
  const all = (server as unknown as { connections: Set<Counted> }).connections;
  return [...all].map(handle);
}
