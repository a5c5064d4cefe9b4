import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { SMTPConnection } from 'smtp-server/lib/smtp-connection.js';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CHECKED_SMTP_SERVER_VERSION,
  EXPECTED_INIT,
  connectionsOf,
  installPatches,
  patchOptions,
  type ConnectionHandle,
  type PatchOptions,
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

/**
 * The private parts of smtp-server that ingest/smtp-server-internals.ts relies on, checked on a
 * real server and a real socket. When one of these fails after an upgrade, the adapter needs
 * review before anything else: a silently missing member would turn a limit off, not crash.
 */
describe('smtp-server internals used by the adapter', () => {
  // Read before installPatches replaces it.
  const originalInit = String((SMTPConnection.prototype as unknown as { init: unknown }).init);
  let server: SMTPServer | null = null;
  const sessions: SmtpSession[] = [];

  afterEach(async () => {
    sessions.splice(0).forEach((s) => s.close());
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = null;
  });

  /** A bare smtp-server with the adapter's patches and options, on a free port. */
  async function start(
    options: Partial<ConstructorParameters<typeof SMTPServer>[0]> = {},
    patch: Partial<PatchOptions> = {},
  ) {
    installPatches();
    let releaseRcpt: () => void = () => undefined;
    const rcptHeld = new Promise<void>((resolve) => (releaseRcpt = resolve));
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      closeTimeout: 500,
      ...patchOptions({
        greetingDelayMs: 0,
        busyReply: { responseCode: 421, message: '4.3.2 busy (ours)' },
        shutdownReply: { responseCode: 421, message: '4.3.2 closing (ours)' },
        keepOwnEnhancedCodes: false,
        ...patch,
      }),
      onRcptTo(_address, _session, callback) {
        void rcptHeld.then(() => callback());
      },
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => callback());
      },
      ...options,
    });
    const port = await new Promise<number>((resolve) => {
      server!.listen(0, '127.0.0.1', () => {
        const address = server!.server.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });
    const open = async () => {
      const s = await openSmtp(port);
      sessions.push(s);
      return s;
    };
    return { port, open, releaseRcpt };
  }

  const only = (): ConnectionHandle => {
    const all = connectionsOf(server!);
    expect(all).toHaveLength(1);
    return all[0]!;
  };

  it(`is the version the adapter was checked against (${CHECKED_SMTP_SERVER_VERSION})`, () => {
    const require = createRequire(import.meta.url);
    const manifest = require.resolve('smtp-server/package.json');
    const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
    // On a new version: run this file, review smtp-server-internals.ts, then update the constant.
    expect(version).toBe(CHECKED_SMTP_SERVER_VERSION);
  });

  it('has the prototype methods the adapter replaces or calls, with the line it replaces', () => {
    const proto = SMTPConnection.prototype as unknown as Record<string, unknown>;
    for (const name of ['init', '_setListeners', 'connectionReady', 'send', 'close']) {
      expect(typeof proto[name], name).toBe('function');
    }
    expect(typeof proto._onCommand).toBe('function');
    expect((proto._onCommand as () => void).length).toBe(2);
    expect(originalInit).toContain(EXPECTED_INIT);
    expect(originalInit).toContain('maxClients');
  });

  it('keeps the live connections in a Set whose members carry the private fields read', async () => {
    const { open } = await start();
    await open();
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
    expect(connectionsOf(server!)).toHaveLength(0);
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
    server!.close(() => undefined);
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
});
