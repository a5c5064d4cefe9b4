import { randomInt } from 'node:crypto';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { afterAll, beforeAll } from 'vitest';
import {
  startServerProcess,
  type ServerProcess,
  type StartOptions,
} from '../../server/test/helpers/server-process';

/** What every server of these tests runs with: no greeting pause, many mailboxes per address. */
export const SERVICE_ENV = { SMTP_GREETING_DELAY_MS: '0', RATE_LIMIT_CREATE_MAX: '1000' };

/**
 * The real server process (`npm start`'s bundle) for the file, started before its first test
 * and stopped after its last; read it inside tests and hooks.
 */
export function useService(options: StartOptions = {}): { readonly server: ServerProcess } {
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    server = await startServerProcess({ ...options, env: { ...SERVICE_ENV, ...options.env } });
  });
  afterAll(async () => {
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error('the server is not started: use it inside a test or hook');
      return server;
    },
  };
}

/** Sends one message over real SMTP; resolves once our server answered 250 (it is stored). */
export async function sendMail(smtpPort: number, message: Mail.Options): Promise<string> {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: smtpPort,
    secure: false,
    ignoreTLS: true,
    name: 'client-test.example',
  });
  try {
    return (await transport.sendMail({ from: 'Servizio <noreply@servizio.example>', ...message }))
      .response;
  } finally {
    transport.close();
  }
}

/** A six-digit code, different from call to call. */
export const newCode = () => String(randomInt(100_000, 1_000_000));

/** A sign-up mail carrying `code`, as a site would send it. */
export const codeMail = (to: string, code: string): Mail.Options => ({
  to,
  subject: 'Conferma la tua registrazione',
  text: `Ciao!\n\nIl tuo codice di verifica è ${code}.\n\nScade tra 10 minuti.`,
});

/**
 * A TCP proxy to a server's HTTP port, standing for the network or a proxy between the client
 * and the service: it can cut every connection, hold new ones until released, move them to
 * another port (a load balancer sending the client to another node), and count what came back.
 */
export async function startProxy(initialPort: number) {
  let port = initialPort;
  let holding = false;
  const held: Socket[] = [];
  const open = new Set<Socket>();
  let bytesBack = 0;
  let cutAfterMs: number | null = null;

  const pipe = (client: Socket) => {
    const upstream = connect(port, '127.0.0.1');
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        open.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    upstream.on('data', (chunk: Buffer) => (bytesBack += chunk.length));
    client.pipe(upstream);
    upstream.pipe(client);
    if (cutAfterMs !== null) {
      setTimeout(() => {
        client.destroy();
        upstream.destroy();
      }, cutAfterMs).unref();
    }
  };

  const server = createServer((client) => {
    client.on('error', () => {});
    if (holding) held.push(client);
    else pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Bytes the server has sent back through the proxy so far. */
    get bytesBack() {
      return bytesBack;
    },
    /** Cuts every connection now, as a network failure would. */
    cut() {
      for (const socket of open) socket.destroy();
    },
    /** New connections wait, unanswered, until {@link release}. */
    hold() {
      holding = true;
    },
    /** Connects the waiting connections, and the new ones from now on, to `to` (or as before). */
    release(to: number = port) {
      port = to;
      holding = false;
      for (const client of held.splice(0)) pipe(client);
    },
    /** Cuts every connection this long after it opens, as a proxy's timeout does. */
    cutEvery(ms: number) {
      cutAfterMs = ms;
    },
    async close() {
      for (const socket of [...open, ...held]) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type Proxy = Awaited<ReturnType<typeof startProxy>>;
