import type { CreatedMailbox } from '@et/common';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import nodemailer from 'nodemailer';
import { pino } from 'pino';
import { CONFIG_VARS } from '../../src/config';
import { roleAddresses } from '../../src/domain/role-mailboxes';
import { createLocalBus } from '../../src/events/local-bus';
import { buildApp } from '../../src/http/app';
import { parseMessage } from '../../src/ingest/parse';
import { createDnsResolver, DNS_CACHE_MS } from '../../src/ingest/dns-resolver';
import { createMessageAuth } from '../../src/ingest/message-auth';
import { createIngestPipeline } from '../../src/ingest/pipeline';
import { createSmtpListener } from '../../src/ingest/smtp-listener';
import { createExpirySweeper } from '../../src/jobs/expiry-sweeper';
import { ensureRoleMailboxes } from '../../src/store/role-mailboxes';
import { createSqliteStore } from '../../src/store/sqlite/sqlite-store';
import { createFakeClock } from './fake-clock';

/** The limits of the harness: the product defaults, overridable per test. */
export const TEST_LIMITS = {
  smtp: {
    maxConnections: 500,
    maxConnectionsPerIp: 20,
    idleTimeoutMs: CONFIG_VARS.smtpIdleTimeoutMs.fallback,
    stressIdleTimeoutMs: CONFIG_VARS.smtpStressIdleTimeoutMs.fallback,
    stressThresholdPercent: CONFIG_VARS.smtpStressThresholdPercent.fallback,
    sessionTimeoutMs: 600_000,
    commandTimeoutMs: CONFIG_VARS.smtpCommandTimeoutMs.fallback,
    minDataRateBytesPerSecond: CONFIG_VARS.smtpMinDataRate.fallback,
    minDataRateGraceMs: CONFIG_VARS.smtpMinDataRateGraceMs.fallback,
    maxMessagesPerConnection: 100,
    maxBadRecipients: 20,
  },
  http: { createMax: 1000, createWindowSeconds: 600, maxStreamsPerMailbox: 5 },
  quota: { maxMessages: 500, maxBytes: 50 * 1024 * 1024 },
};

export interface HarnessOptions {
  smtpLimits?: Partial<typeof TEST_LIMITS.smtp>;
  httpLimits?: Partial<typeof TEST_LIMITS.http>;
  quota?: Partial<typeof TEST_LIMITS.quota>;
  trustProxy?: string;
  /** Fastify's time limit for receiving a whole request. */
  requestTimeoutMs?: number;
  /** PEM key and certificate: the SMTP server offers STARTTLS. */
  tls?: { key: Buffer; cert: Buffer };
  ttlSeconds?: number;
  maxMessageBytes?: number;
  maxRecipients?: number;
  domains?: string[];
  /** OPERATOR_TOKEN: the operator reads the postmaster and abuse mailboxes. */
  operatorToken?: string;
  /** DNS servers for the SPF, DKIM and DMARC checks; without them messages are stored unchecked. */
  dnsServers?: string[];
  dnsTimeoutMs?: number;
  /** Real time instead of the fake clock (for tests across processes or real timers). */
  realClock?: boolean;
}

/**
 * The real service wired in-process on a temp SQLite file: HTTP app (drive it with `inject`
 * or `listen`), SMTP on a free port, sweeper (call `sweeper.sweep()` after moving the clock).
 */
export async function startHarness(opts: HarnessOptions = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'et-test-'));
  const dbPath = join(dir, 'mail.sqlite');
  const clock = opts.realClock
    ? { ...createFakeClock(), now: () => Date.now() }
    : createFakeClock();
  const logger = pino({ level: 'silent' });
  const store = createSqliteStore({ path: dbPath, scrubDelayMs: 10 });
  const bus = createLocalBus();
  const domains = opts.domains ?? ['localhost', 'example.test'];
  const quota = { ...TEST_LIMITS.quota, ...opts.quota };
  await ensureRoleMailboxes(store, domains, clock.now());
  const dnsTimeoutMs = opts.dnsTimeoutMs ?? CONFIG_VARS.dnsTimeoutMs.fallback;
  const checkMessage = opts.dnsServers
    ? createMessageAuth({
        lookup: createDnsResolver({
          servers: opts.dnsServers,
          timeoutMs: dnsTimeoutMs,
          cacheMs: DNS_CACHE_MS,
          now: () => performance.now(),
        }),
        hostname: 'mx.test',
        timeoutMs: dnsTimeoutMs,
      })
    : undefined;
  const pipeline = createIngestPipeline({
    store,
    bus,
    quota,
    parse: parseMessage,
    clock,
    logger,
    checkMessage,
  });
  const smtp = createSmtpListener({
    host: '127.0.0.1',
    port: 0,
    hostname: 'mx.test',
    domains,
    operatorReads: opts.operatorToken !== undefined,
    maxMessageBytes: opts.maxMessageBytes ?? 1024 * 1024,
    maxRecipients: opts.maxRecipients ?? 50,
    greetingDelayMs: 0,
    closeTimeoutMs: 2000,
    limits: { ...TEST_LIMITS.smtp, ...opts.smtpLimits },
    tls: opts.tls,
    quota,
    store,
    pipeline,
    clock,
    logger,
  });
  const app = await buildApp(
    {
      store,
      bus,
      parse: parseMessage,
      clock,
      logger,
      domains: domains.slice(0, 1),
      mailboxTtlSeconds: opts.ttlSeconds ?? 600,
      tombstoneDays: 30,
      webDistDir: null,
      sseHeartbeatMs: 200,
      limits: { ...TEST_LIMITS.http, ...opts.httpLimits },
      operator: opts.operatorToken
        ? { token: opts.operatorToken, addresses: roleAddresses(domains) }
        : undefined,
    },
    {
      trustProxy: opts.trustProxy ?? false,
      ...(opts.requestTimeoutMs ? { requestTimeout: opts.requestTimeoutMs } : {}),
    },
  );
  const sweeper = createExpirySweeper({
    store,
    bus,
    clock,
    logger,
    intervalMs: 50,
    tombstoneDays: 30,
  });
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
      await smtp.close();
      await sweeper.stop();
      await app.close();
      await bus.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type Harness = Awaited<ReturnType<typeof startHarness>>;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
