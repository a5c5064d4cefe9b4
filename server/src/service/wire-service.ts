import { MAILBOX_MAX_REFUSALS, SSE_HEARTBEAT_MS } from '@et/common';
import type { FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { createLocalCounters } from '../counters/local-counters';
import type { RateCounters } from '../counters/rate-counters';
import type { Clock } from '../domain/clock';
import { roleAddresses } from '../domain/role-mailboxes';
import type { EventBus } from '../events/event-bus';
import { createLocalBus } from '../events/local-bus';
import { buildApp } from '../http/app';
import { createPushHub, type PushHub } from '../http/push-hub';
import { createDeliveryCaps } from '../counters/byte-caps';
import type { DeliveryCap } from '../counters/delivery-cap';
import { startReadingPool, type ReadingPool } from '../ingest/reading';
import { createIngestPipeline, type IngestPipeline } from '../ingest/pipeline';
import { createSmtpListener, type SmtpListener } from '../ingest/smtp';
import { createExpirySweeper, type ExpirySweeper, type SweepLock } from '../jobs/expiry-sweeper';
import { watchHeadroom, type ReadHeadroom } from '../store/headroom';
import type { MailStore } from '../store/mail-store';
import type { RedisClient } from '../store/redis/connection';
import { ensureRoleMailboxes, roleMailboxShares } from '../store/role-mailboxes';
import { diskHeadroom } from '../store/sqlite/disk-headroom';
import { createSqliteStore } from '../store/sqlite/sqlite-store';
import { createObservability, type Observability } from '../observability/observability';

/** The store and bus a node runs on, with what only a shared Redis gives. */
interface Backend {
  store: MailStore;
  bus: EventBus;
  lock?: SweepLock;
  /** The rate limits' counters when every node shares them (the node's own otherwise). */
  counters?: RateCounters;
  /** The connection of shared `counters`, closed with the node. */
  countersRedis?: RedisClient;
  /** Reads the store's room above its watermark (free disk, or Redis memory). */
  readHeadroom: ReadHeadroom;
}

/**
 * The embedded SQLite store with the in-process bus, or Redis for both when STORE_URL is set.
 * The Redis side (ioredis and all) is loaded only when it is used.
 */
async function createBackend(
  config: Config,
  logger: Logger,
  sqliteScrubDelayMs: number | undefined,
): Promise<Backend> {
  if (!config.storeUrl) {
    return {
      store: createSqliteStore({
        path: join(config.dataDir, 'mail.sqlite'),
        scrubDelayMs: sqliteScrubDelayMs,
      }),
      bus: createLocalBus(),
      // The store made the folder: its filesystem is the database's.
      readHeadroom: diskHeadroom(config.dataDir, config.storeMinFreeBytes),
    };
  }
  const { createRedisBackend } = await import('./redis-backend');
  return createRedisBackend(config.storeUrl, config, logger);
}

/** Timings no setting exposes, which tests shorten so that they run in milliseconds. */
export interface ServiceTuning {
  /** Heartbeat period of event streams (the app's default otherwise). */
  sseHeartbeatMs?: number;
  /** How long the SQLite writer waits before it scrubs freed pages (the store's default otherwise). */
  sqliteScrubDelayMs?: number;
  /** Serve the API alone, without the built web app of `WEB_DIST_DIR`. */
  apiOnly?: boolean;
  /**
   * Checks SPF, DKIM and DMARC of each message (default true). The test harness turns them off
   * unless a test gives it DNS servers, so no test asks the machine's resolver.
   */
  senderChecks?: boolean;
}

export interface ServiceDeps {
  clock: Clock;
  logger: Logger;
  tuning?: ServiceTuning;
  /**
   * Caps on what a sender may deliver, asked by SMTP before each message is stored, instead of
   * the byte caps of the settings (`SENDER_MAX_BYTES_PER_HOUR`, `CREATOR_MAX_BYTES_PER_HOUR`).
   */
  deliveryCap?: DeliveryCap;
}

/**
 * Every part of a node, built and not yet listening. A part the node's role does not run is
 * null (`smtp` and `pipeline` on `--role http`, `app` on `--role smtp`).
 */
export interface Service {
  store: MailStore;
  bus: EventBus;
  pipeline: IngestPipeline | null;
  /** The reading workers (messages, first views of old ones, attachments). */
  reader: ReadingPool;
  smtp: SmtpListener | null;
  app: FastifyInstance | null;
  /** The node's event streams (null with the app). */
  hub: PushHub | null;
  /** Metrics, health and the operator's listener. */
  observability: Observability;
  sweeper: ExpirySweeper;
  logger: Logger;
  /**
   * Stops the parts in reverse order: no new mail, in-flight mail stored, sweeps finished,
   * streams closed, store closed last. Safe to call again: a second call joins the first.
   */
  stop(): Promise<void>;
}

/**
 * Builds the service from its settings: store → bus → ingest pipeline → SMTP listener, HTTP
 * app and expiry sweeper. The one place that builds concrete parts: `main.ts` runs what it
 * returns, and the tests' harness drives the same parts.
 */
export async function wireService(config: Config, deps: ServiceDeps): Promise<Service> {
  const { clock, logger, tuning = {} } = deps;
  const observability = createObservability(config, clock, logger.child({ component: 'metrics' }));
  const backend = await createBackend(config, logger, tuning.sqliteScrubDelayMs);
  const headroom = await watchHeadroom({
    read: backend.readHeadroom,
    logger: logger.child({ component: 'store' }),
  });
  observability.watchStoreHeadroom(headroom);
  // Mail is taken for the retired domains too, until their last addresses expire; so they keep
  // their postmaster (RFC 5321 §4.5.1) and abuse mailboxes.
  const hostedDomains = [...config.mailDomains, ...config.mailDomainsRetired];
  // Before the store is instrumented: the operator's mailboxes are not visitors' creations.
  const unclaimed = await ensureRoleMailboxes(backend.store, hostedDomains, clock.now());
  if (unclaimed.length) logger.warn({ addresses: unclaimed }, 'role mailboxes not created');
  const { store, bus, lock, countersRedis } = observability.instrument(backend);
  const counters = backend.counters ?? createLocalCounters({ now: () => clock.now() });
  const quota = { maxMessages: config.mailboxMaxMessages, maxBytes: config.mailboxMaxBytes };
  const runsSmtp = config.role !== 'http';
  const runsHttp = config.role !== 'smtp';

  // The reading workers: every message read once, its sender checked first, under a deadline.
  const reader = startReadingPool({
    deadlineMs: config.readDeadlineMs,
    hostname: config.smtpHostname,
    checks:
      tuning.senderChecks === false || !config.senderChecks
        ? null
        : {
            timeoutMs: config.dnsTimeoutMs,
            dnsServers: config.dnsServers,
            dnsTries: config.dnsTries,
          },
    textRuns: !config.fastPathsOff.includes('html-text-runs'),
    onDeadline: (step) => observability.metrics.reading.deadline(step),
    logger: logger.child({ component: 'reading' }),
  });
  const pipeline = runsSmtp
    ? createIngestPipeline({
        store,
        bus,
        quota,
        reader,
        clock,
        logger,
        senderShare: roleMailboxShares({
          quota,
          sharePercent: config.roleMailboxSenderSharePercent,
          ipv6PrefixBits: config.rateLimitIpv6Prefix,
        }),
      })
    : null;
  const deliveryCap =
    deps.deliveryCap ??
    createDeliveryCaps({
      counters,
      now: () => clock.now(),
      senderMaxBytesPerHour: config.senderMaxBytesPerHour,
      creatorMaxBytesPerHour: config.creatorMaxBytesPerHour,
      ipv6PrefixBits: config.rateLimitIpv6Prefix,
      logger: logger.child({ component: 'smtp' }),
    });
  const smtp = pipeline
    ? createSmtpListener({
        host: config.smtpHost,
        port: config.smtpPort,
        hostname: config.smtpHostname,
        domains: hostedDomains,
        operatorReads: config.operatorToken !== null,
        maxMessageBytes: config.maxMessageBytes,
        maxRecipients: config.maxRecipients,
        greetingDelayMs: config.smtpGreetingDelayMs,
        closeTimeoutMs: config.shutdownTimeoutMs,
        limits: {
          maxConnections: config.smtpMaxConnections,
          maxConnectionsPerIp: config.smtpMaxConnectionsPerIp,
          idleTimeoutMs: config.smtpIdleTimeoutMs,
          stressIdleTimeoutMs: config.smtpStressIdleTimeoutMs,
          stressThresholdPercent: config.smtpStressThresholdPercent,
          sessionTimeoutMs: config.smtpSessionTimeoutMs,
          commandTimeoutMs: config.smtpCommandTimeoutMs,
          minDataRateBytesPerSecond: config.smtpMinDataRate,
          minDataRateGraceMs: config.smtpMinDataRateGraceMs,
          maxMessagesPerConnection: config.smtpMaxMessagesPerConnection,
          maxBadRecipients: config.smtpMaxBadRecipients,
        },
        tls:
          config.smtpTlsCert && config.smtpTlsKey
            ? { cert: readFileSync(config.smtpTlsCert), key: readFileSync(config.smtpTlsKey) }
            : undefined,
        quota,
        maxRefusals: MAILBOX_MAX_REFUSALS,
        caps: deliveryCap,
        storeLow: headroom.low,
        store,
        bus,
        pipeline,
        clock,
        logger: logger.child({ component: 'smtp' }),
        metrics: observability.metrics.smtp,
      })
    : null;
  const hub = runsHttp
    ? createPushHub({
        bus,
        store,
        heartbeatMs: tuning.sseHeartbeatMs ?? SSE_HEARTBEAT_MS,
        maxStreamsPerMailbox: config.maxStreamsPerMailbox,
        maxStreamsPerClient: config.maxStreamsPerIp,
      })
    : null;
  if (smtp) observability.watchSmtpStress(() => smtp.inStress());
  if (hub) observability.countStreams(() => hub.openStreams());
  const app = hub
    ? await buildApp(
        {
          store,
          bus,
          hub,
          reader,
          clock,
          logger: logger.child({ component: 'http' }),
          domains: config.mailDomains,
          retiredDomains: config.mailDomainsRetired,
          mailboxTtlSeconds: config.mailboxTtlSeconds,
          mailboxMaxLifetimeSeconds: config.mailboxMaxLifetimeSeconds,
          tombstoneDays: config.tombstoneDays,
          webDistDir: tuning.apiOnly ? null : config.webDistDir,
          limits: {
            createMax: config.createRateLimitMax,
            createWindowSeconds: config.createRateLimitWindowSeconds,
            ipv6PrefixBits: config.rateLimitIpv6Prefix,
            maxConnectionsPerClient: config.httpMaxConnectionsPerIp,
            viewsPerMinute: config.viewRateLimitPerMinute,
          },
          counters,
          operator: config.operatorToken
            ? { token: config.operatorToken, addresses: roleAddresses(hostedDomains) }
            : undefined,
          metrics: observability.metrics.http,
          health: observability.health,
        },
        {
          connectionTimeout: config.httpRequestTimeoutMs,
          requestTimeout: config.httpRequestTimeoutMs,
          keepAliveTimeout: config.httpKeepAliveTimeoutMs,
          trustProxy: config.trustProxy ?? false,
          inboxReadEarly: !config.fastPathsOff.includes('inbox-read'),
        },
      )
    : null;
  // Every node runs the sweeper; with Redis the lock lets one of them sweep at a time.
  const sweeper = createExpirySweeper({
    store,
    bus,
    clock,
    logger: logger.child({ component: 'sweeper' }),
    intervalMs: config.sweepIntervalMs,
    tombstoneDays: config.tombstoneDays,
    lock,
  });

  let stopping: Promise<void> | null = null;
  return {
    store,
    bus,
    pipeline,
    reader,
    smtp,
    app,
    hub,
    observability,
    sweeper,
    logger,
    stop() {
      stopping ??= (async () => {
        observability.shuttingDown();
        await smtp?.close();
        await sweeper.stop();
        await app?.close();
        await reader.close();
        await bus.close();
        await countersRedis?.quit().catch(() => countersRedis.disconnect());
        headroom.close();
        await store.close();
        await observability.close();
      })();
      return stopping;
    },
  };
}

/** Where a listening service can be reached: null for a role it does not run. */
export interface ServiceAddresses {
  httpUrl: string | null;
  smtpPort: number | null;
  metricsUrl: string | null;
}

/**
 * Opens the service to the world once its reading workers are ready: SMTP and HTTP listen on the
 * configured addresses, the sweeper starts its timer, and the `ready` line says where they are.
 */
export async function listenService(service: Service, config: Config): Promise<ServiceAddresses> {
  // Mail is taken once it can be read: until the workers are loaded it would only wait.
  await service.reader.ready();
  const smtpPort = service.smtp ? await service.smtp.listen() : null;
  const httpUrl = service.app
    ? await service.app.listen({ host: config.host, port: config.port })
    : null;
  const metricsUrl = await service.observability.listen();
  service.sweeper.start();
  service.logger.info(
    { httpUrl, smtpPort, metricsUrl, store: config.storeUrl ? 'redis' : config.dataDir },
    'ready',
  );
  return { httpUrl, smtpPort, metricsUrl };
}
