import { SMTPConnection } from 'smtp-server/lib/smtp-connection.js';

/**
 * smtp-server waits a fixed 100 ms after accepting a connection before it greets, and answers
 * any client that talks during that pause with "You talk too soon" (a cheap filter for spam
 * bots that do not wait for the banner). The pause is hard-coded in SMTPConnection#init; this
 * replaces that method with one that reads the pause from the server's options
 * (`greetingDelayMs`), so the operator can set it (0 disables it; busy MX hosts often do).
 *
 * The replacement mirrors the library's own init. A library upgrade that changes init is caught
 * at start-up by the source check below instead of silently running stale code.
 */
const EXPECTED_INIT = 'setTimeout(() => this.connectionReady(), 100)';

interface ConnectionInternals {
  _server: {
    options: { maxClients?: number; greetingDelayMs?: number };
    connections: Set<unknown>;
  };
  _setListeners(done: () => void): void;
  send(code: number, message: string, context?: unknown): void;
  connectionReady(): void;
  name: string;
}

let installed = false;

export function installGreetingDelay(): void {
  if (installed) return;
  const proto = SMTPConnection.prototype as unknown as { init: () => void };
  if (!proto.init.toString().includes(EXPECTED_INIT)) {
    throw new Error('smtp-server changed SMTPConnection#init; review ingest/early-talker.ts');
  }
  proto.init = function init(this: ConnectionInternals) {
    this._setListeners(() => {
      const { maxClients, greetingDelayMs = 100 } = this._server.options;
      if (maxClients && this._server.connections.size > maxClients) {
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
  installed = true;
}
