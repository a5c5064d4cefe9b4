import type { CreatedMailbox } from '@et/common';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { pino } from 'pino';
import { loadConfig, type Config } from '../../src/config';
import type { DeliveryCap } from '../../src/counters/delivery-cap';
import { wireService } from '../../src/service/wire-service';
import { createFakeClock } from './fake-clock';

/**
 * What the harness sets beside the product's defaults, read through the same schema as the
 * service's environment: local free ports, no greeting pause, and room for the many mailboxes,
 * event streams and connections one test file opens from one address, and the many messages it
 * opens.
 */
const HARNESS_ENV = {
  HOST: '127.0.0.1',
  PORT: '0',
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: '0',
  SMTP_HOSTNAME: 'mx.test',
  SMTP_GREETING_DELAY_MS: '0',
  SHUTDOWN_TIMEOUT_MS: '2000',
  RATE_LIMIT_CREATE_MAX: '1000',
  MAX_STREAMS_PER_IP: '1000',
  HTTP_MAX_CONNECTIONS_PER_IP: '1000',
  // A test file opens many messages with one token; the view limit's own test sets it low.
  VIEW_RATE_LIMIT_PER_MINUTE: '1000000',
  LOG_LEVEL: 'silent',
};

/**
 * The settings of a harness: the product's defaults with HARNESS_ENV, then `overrides`, which
 * may go below what the environment allows (a 300 ms idle timeout) so a limit is reached fast.
 */
export function harnessConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ ...HARNESS_ENV, DATA_DIR: dataDir }),
    // A running sweeper deletes within a test's patience.
    sweepIntervalMs: 50,
    ...overrides,
  };
}

export interface HarnessOptions extends Partial<Config> {
  /** Real time instead of the fake clock (for tests across processes or real timers). */
  realClock?: boolean;
  /** Caps SMTP asks before it stores a message (none otherwise). */
  deliveryCap?: DeliveryCap;
}

/**
 * The real service, wired by the service's own `wireService` on a temp SQLite file (or the
 * Redis of `storeUrl`): HTTP app (drive it with `inject` or `listen`), SMTP on a free port,
 * sweeper (call `sweeper.sweep()` after moving the clock). Serves the built web app only when
 * `webDistDir` is given.
 */
export async function startHarness(opts: HarnessOptions = {}) {
  const { realClock, deliveryCap, ...overrides } = opts;
  const dir = mkdtempSync(join(tmpdir(), 'et-test-'));
  const dbPath = join(dir, 'mail.sqlite');
  const clock = realClock ? { ...createFakeClock(), now: () => Date.now() } : createFakeClock();
  const config = harnessConfig(dir, overrides);
  const service = await wireService(config, {
    clock,
    deliveryCap,
    logger: pino({ level: 'silent' }),
    tuning: {
      sseHeartbeatMs: 200,
      sqliteScrubDelayMs: 10,
      apiOnly: !opts.webDistDir,
      senderChecks: Boolean(opts.dnsServers?.length),
    },
  });
  const { store, bus, sweeper, app, smtp } = service;
  if (!app || !smtp) {
    await service.stop();
    throw new Error('the harness runs SMTP and HTTP: leave `role` at all');
  }
  // As listenService does: mail is taken once the reading workers are ready.
  await service.reader.ready();
  const smtpPort = await smtp.listen();

  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: smtpPort,
    secure: false,
    ignoreTLS: true,
  });

  return {
    dir,
    dbPath,
    config,
    /** The wired service itself (its `stop` closes every part; `close` below calls it). */
    service,
    clock,
    store,
    bus,
    app,
    smtp,
    smtpPort,
    sweeper,
    transport,

    /** POST /api/v1/mailboxes through inject. */
    async createMailbox(): Promise<CreatedMailbox> {
      const res = await app.inject({ method: 'POST', url: '/api/v1/mailboxes' });
      if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
      return res.json<CreatedMailbox>();
    },

    /** Sends raw RFC 5322 bytes over real SMTP; resolves nodemailer's info (response: '250 ...'). */
    sendRaw(raw: Buffer | string, to: string | string[], from = 'mittente@example.org') {
      return transport.sendMail({ envelope: { from, to: [to].flat() }, raw });
    },

    async close() {
      transport.close();
      await service.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type Harness = Awaited<ReturnType<typeof startHarness>>;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
