import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { SMTPConnection } from 'smtp-server/lib/smtp-connection.js';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CHECKED_SMTP_SERVER_VERSION,
  createSmtpServer,
  installedSmtpServerVersion,
  type AdaptedServer,
  type ConnectionHandle,
  type ServerTuning,
} from '../src/ingest/smtp/smtp-server-internals';
import { openSmtp, type SmtpSession } from './helpers/smtp-client';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `probe` returns something, checking every 10 ms (up to 2 s). */
async function until<T>(probe: () => T | undefined | false): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = probe();
    if (value) return value;
    await sleep(10);
  }
  throw new Error('condition not reached');
}

/** The source of a method of the library's own classes, as shipped. */
const sourceOf = (proto: object, name: string) => String((proto as Record<string, unknown>)[name]);

/**
 * The private parts of smtp-server that ingest/smtp/smtp-server-internals.ts relies on, checked on
 * a real server and a real socket. When one of these fails after an upgrade, the adapter needs
 * review before anything else: a silently missing member would turn a limit off, not crash.
 */
describe('smtp-server internals used by the adapter', () => {
  let adapted: AdaptedServer | null = null;
  const others: SMTPServer[] = [];
  const sessions: SmtpSession[] = [];
  const warnings: unknown[][] = [];
  const logger = { warn: (...args: unknown[]) => void warnings.push(args) };

  afterEach(async () => {
    sessions.splice(0).forEach((s) => s.close());
    const servers = [...(adapted ? [adapted.server] : []), ...others.splice(0)];
    await Promise.all(servers.map((server) => new Promise<void>((r) => server.close(() => r()))));
    adapted = null;
    warnings.length = 0;
  });

  const TUNING: ServerTuning = {
    greetingDelayMs: 0,
    busyReply: { responseCode: 421, message: '4.3.2 busy (ours)' },
    shutdownReply: { responseCode: 421, message: '4.3.2 closing (ours)' },
    keepOwnEnhancedCodes: false,
  };

  const listen = (server: SMTPServer) =>
    new Promise<number>((resolve) => {
      server.listen(0, '127.0.0.1', () => {
        const address = server.server.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });

  /** A server built by the adapter with its tuning, on a free port (the installed version). */
  async function start(
    options: SMTPServerOptions = {},
    tuning: Partial<ServerTuning> = {},
    version?: string,
  ) {
    let releaseRcpt: () => void = () => undefined;
    const rcptHeld = new Promise<void>((resolve) => (releaseRcpt = resolve));
    adapted = createSmtpServer(
      {
        authOptional: true,
        disabledCommands: ['AUTH', 'STARTTLS'],
        logger: false,
        closeTimeout: 500,
        onRcptTo(_address, _session, callback) {
          void rcptHeld.then(() => callback());
        },
        onData(stream, _session, callback) {
          stream.resume();
          stream.on('end', () => callback());
        },
        ...options,
      },
      { ...TUNING, ...tuning },
      logger,
      version,
    );
    const port = await listen(adapted.server);
    const open = async () => {
      const s = await openSmtp(port);
      sessions.push(s);
      return s;
    };
    return { port, open, releaseRcpt };
  }

  const only = (): ConnectionHandle => {
    const all = adapted!.connections();
    expect(all).toHaveLength(1);
    return all[0]!;
  };

  it(`is the version the adapter was checked against (${CHECKED_SMTP_SERVER_VERSION})`, () => {
    const require = createRequire(import.meta.url);
    const manifest = require.resolve('smtp-server/package.json');
    const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
    // On a new version: run this file, review smtp-server-internals.ts, then update the constant.
    expect(version).toBe(CHECKED_SMTP_SERVER_VERSION);
    expect(installedSmtpServerVersion()).toBe(version);
  });

  it('has the methods the adapter overrides or calls, doing what its overrides mirror', () => {
    const connection = SMTPConnection.prototype;
    for (const name of ['init', '_setListeners', 'connectionReady', 'send', 'close']) {
      expect(typeof sourceOf(connection, name), name).toBe('string');
      expect(sourceOf(connection, name), name).toMatch(/^\w+\(/);
    }
    expect(connection._onCommand.length).toBe(2);
    // TunedConnection#init is this method with our pause and our busy reply.
    const init = sourceOf(connection, 'init');
    expect(init).toContain('setTimeout(() => this.connectionReady(), 100)');
    expect(init).toContain('this._server.connections.size > this._server.options.maxClients');
    // TunedConnection#_onCommand answers in our words where this one answers in its own.
    expect(sourceOf(connection, '_onCommand')).toContain(
      "if (this._server._closeTimeout) {\n            return this.send(421, 'Server shutting down', commandName);",
    );
    // TunedServer#connect is this method with our connection class.
    const serverConnect = sourceOf(SMTPServer.prototype, 'connect');
    expect(serverConnect).toContain('new SMTPConnection(this, socket, socketOptions)');
    expect(serverConnect).toContain('this.connections.add(connection)');
    expect(serverConnect).toContain("connection.on('error', err => this._onError(err))");
    expect(serverConnect).toContain(
      "connection.on('connect', data => this._onClientConnect(data))",
    );
    expect(serverConnect).toContain('connection.init()');
  });

  it('keeps the live connections in a Set whose members carry the private fields read', async () => {
    const { open } = await start();
    await open();
    const server = adapted!.server;
    const connections = (server as unknown as { connections: unknown }).connections;
    expect(connections).toBeInstanceOf(Set);
    const [raw] = [...(connections as Set<Record<string, unknown>>)];
    expect(raw).toMatchObject({
      _handlerPending: false,
      _upgrading: false,
      _closing: false,
      _closed: false,
      _server: server,
      session: expect.objectContaining({ id: expect.any(String) }),
    });
    expect(raw).toBeInstanceOf(SMTPConnection);
    expect(raw!._parser).toMatchObject({ _dataMode: false, _remainder: '' });
    expect(typeof (raw!._socket as { setTimeout?: unknown }).setTimeout).toBe('function');
    expect((server as unknown as { _closeTimeout: unknown })._closeTimeout).toBe(false);
  });

  it('reports the unfinished line, the lines received, DATA and a pending handler', async () => {
    const { open, releaseRcpt } = await start();
    const s = await open();
    expect(only().wire()).toEqual({
      commandLines: 0,
      partialLineBytes: 0,
      inData: false,
      waitingForServer: false,
    });
    s.write('EHL');
    await until(() => only().wire().partialLineBytes === 3);
    expect(only().wire().commandLines).toBe(0);
    s.write('O x\r\n');
    await s.nextReply();
    expect(only().wire()).toMatchObject({ commandLines: 1, partialLineBytes: 0 });

    await s.command('MAIL FROM:<a@example.org>');
    s.write('RCPT TO:<b@example.org>\r\n');
    // onRcptTo has not called back: the client waits for us.
    await until(() => only().wire().waitingForServer);
    releaseRcpt();
    await s.nextReply();
    expect(only().wire().waitingForServer).toBe(false);

    expect(await s.command('DATA')).toMatch(/^354 /);
    expect(only().wire()).toMatchObject({ inData: true, partialLineBytes: 0, commandLines: 4 });
    s.write('Subject: x\r\n\r\nx\r\n.\r\n');
    expect(await s.nextReply()).toMatch(/^250 /);
    expect(only().wire().inData).toBe(false);
  });

  it('retimes the idle timeout of an open connection through the handle', async () => {
    const { open } = await start({ socketTimeout: 60_000 });
    const s = await open();
    await s.command('EHLO x');
    only().setIdleTimeout(200);
    expect(await s.nextReply()).toMatch(/^421 .*Timeout/);
  });

  it('writes a reply through the handle, and a 421 closes the connection', async () => {
    const { open } = await start();
    const s = await open();
    const closed = new Promise((resolve) => s.socket.once('close', resolve));
    only().reply({ responseCode: 421, message: '4.4.2 test reply' });
    expect(await s.nextReply()).toBe('421 4.4.2 test reply');
    await closed;
    expect(adapted!.connections()).toHaveLength(0);
  });

  it('waits greetingDelayMs, not the fixed 100 ms of the library, before the banner', async () => {
    const { port } = await start({}, { greetingDelayMs: 3000 });
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (d) => (received += d.toString()));
    await new Promise((resolve) => socket.once('connect', resolve));
    // Past the library's pause, well before ours: still an early talker.
    await sleep(200);
    expect(received).toBe('');
    socket.write('EHLO early.test\r\n');
    await new Promise((resolve) => socket.once('close', resolve));
    expect(received).toMatch(/^421 .*You talk too soon/);
  });

  it('answers a client over maxClients with the busyReply option', async () => {
    const { open } = await start({ maxClients: 1 });
    await open();
    const second = await open();
    expect(second.greeting).toBe('421 4.3.2 busy (ours)');
  });

  it('answers a command during shutdown with the shutdownReply option', async () => {
    const { open } = await start();
    const s = await open();
    await s.command('EHLO x');
    adapted!.server.close(() => undefined);
    expect(await s.command('NOOP')).toBe('421 4.3.2 closing (ours)');
  });

  it('writes a reply text that starts with an enhanced code as it is, and codes the others', async () => {
    const { open, releaseRcpt } = await start(
      {
        hideENHANCEDSTATUSCODES: false,
        onMailFrom(_address, _session, callback) {
          callback(Object.assign(new Error('4.7.1 refused (ours)'), { responseCode: 450 }));
        },
      },
      { keepOwnEnhancedCodes: true },
    );
    releaseRcpt();
    const s = await open();
    await s.command('EHLO x');
    expect(await s.command('MAIL FROM:<a@example.org>')).toBe('450 4.7.1 refused (ours)');
    expect(await s.command('NOOP')).toBe('250 2.0.0 OK');
  });

  it('leaves the library its own codes without keepOwnEnhancedCodes', async () => {
    const { open } = await start({
      hideENHANCEDSTATUSCODES: false,
      onMailFrom(_address, _session, callback) {
        callback(Object.assign(new Error('4.7.1 refused'), { responseCode: 450 }));
      },
    });
    const s = await open();
    await s.command('EHLO x');
    expect(await s.command('MAIL FROM:<a@example.org>')).toBe('450 4.2.1 4.7.1 refused');
  });

  it('on another version warns and runs the library as shipped, without refusing to start', async () => {
    const { open } = await start({ maxClients: 1 }, {}, '3.99.0');
    expect(adapted!.tuned).toBe(false);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]![0]).toEqual({ installed: '3.99.0', checked: CHECKED_SMTP_SERVER_VERSION });
    const first = await open();
    expect(first.greeting).toMatch(/^220 /);
    expect(adapted!.connections()).toEqual([]);
    const second = await open();
    // The library's own words, not our busyReply.
    expect(second.greeting).toMatch(/^421 .*Too many connected clients, try again in a moment$/);
    expect(second.greeting).not.toContain('(ours)');
  });

  it('changes nothing of the library for a server built beside it', async () => {
    await start({ maxClients: 1 });
    expect(adapted!.tuned).toBe(true);
    const plain = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      maxClients: 1,
    });
    others.push(plain);
    const port = await listen(plain);
    const first = await openSmtp(port);
    const second = await openSmtp(port);
    sessions.push(first, second);
    expect(second.greeting).toMatch(/^421 .*Too many connected clients, try again in a moment$/);
    expect([...plain.connections].every((c) => c.constructor === SMTPConnection)).toBe(true);
  });
});
