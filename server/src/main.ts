import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pino, type Logger } from 'pino';
import { ConfigError, loadConfig, type Config } from './config';
import { systemClock, type Clock } from './domain/clock';
import { roleAddresses } from './domain/role-mailboxes';
import type { EventBus } from './events/event-bus';
import { createLocalBus } from './events/local-bus';
import { buildApp } from './http/app';
import { parseMessage } from './ingest/parse';
import { createDnsResolver, DNS_CACHE_MS } from './ingest/dns-resolver';
import { createMessageAuth } from './ingest/message-auth';
import { createIngestPipeline } from './ingest/pipeline';
import { createSmtpListener } from './ingest/smtp-listener';
import { createExpirySweeper, type SweepLock } from './jobs/expiry-sweeper';
import type { MailStore } from './store/mail-store';
import type { RedisClient } from './store/redis/connection';
import { ensureRoleMailboxes } from './store/role-mailboxes';
import { createSqliteStore } from './store/sqlite/sqlite-store';

/** A running service: the bound addresses (null for a role it does not run) and `stop`. */
export interface Service {
  httpUrl: string | null;
  smtpPort: number | null;
  stop(): Promise<void>;
}

export interface Backend {
  store: MailStore;
  bus: EventBus;
  lock?: SweepLock;
  /** Shared counters for HTTP rate limits across nodes. */
  rateLimitRedis?: RedisClient;
}

/**
 * The embedded SQLite store with the in-process bus, or Redis for both when STORE_URL is set.
 * The Redis side (ioredis and all) is loaded only when it is used.
 */
async function createBackend(config: Config, logger: Logger): Promise<Backend> {
  if (!config.storeUrl) {
    return {
      store: createSqliteStore({ path: join(config.dataDir, 'mail.sqlite') }),
      bus: createLocalBus(),
    };
  }
  const { createRedisBackend } = await import('./redis-backend');
  return createRedisBackend(config.storeUrl, config, logger);
}

/**
 * Composition root: config → logger → store → bus → SMTP + HTTP + sweeper. Stops them in
 * reverse order: no new mail, in-flight mail stored, streams closed, store closed last.
 */
export async function startService(config: Config, clock: Clock = systemClock): Promise<Service> {
  const logger = pino({ level: config.logLevel, base: { pid: process.pid, role: config.role } });
  const { store, bus, lock, rateLimitRedis } = await createBackend(
    config,
    logger.child({ component: 'bus' }),
  );
  const quota = { maxMessages: config.mailboxMaxMessages, maxBytes: config.mailboxMaxBytes };
  const runsSmtp = config.role !== 'http';
  const runsHttp = config.role !== 'smtp';
  const unclaimed = await ensureRoleMailboxes(store, config.mailDomains, clock.now());
  if (unclaimed.length) logger.warn({ addresses: unclaimed }, 'role mailboxes not created');

  const smtp = runsSmtp
    ? createSmtpListener({
        host: config.smtpHost,
        port: config.smtpPort,
        hostname: config.smtpHostname,
        domains: config.mailDomains,
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
        store,
        pipeline: createIngestPipeline({
          store,
          bus,
          quota,
          parse: parseMessage,
          clock,
          logger,
          checkMessage: createMessageAuth({
            lookup: createDnsResolver({
              servers: config.dnsServers,
              timeoutMs: config.dnsTimeoutMs,
              cacheMs: DNS_CACHE_MS,
              now: () => performance.now(),
            }),
            hostname: config.smtpHostname,
            timeoutMs: config.dnsTimeoutMs,
          }),
        }),
        clock,
        logger: logger.child({ component: 'smtp' }),
      })
    : null;
  const app = runsHttp
    ? await buildApp(
        {
          store,
          bus,
          parse: parseMessage,
          clock,
          logger: logger.child({ component: 'http' }),
          domains: config.mailDomains,
          mailboxTtlSeconds: config.mailboxTtlSeconds,
          tombstoneDays: config.tombstoneDays,
          webDistDir: config.webDistDir,
          limits: {
            createMax: config.createRateLimitMax,
            createWindowSeconds: config.createRateLimitWindowSeconds,
            maxStreamsPerMailbox: config.maxStreamsPerMailbox,
          },
          rateLimitRedis,
          operator: config.operatorToken
            ? { token: config.operatorToken, addresses: roleAddresses(config.mailDomains) }
            : undefined,
        },
        {
          connectionTimeout: config.httpRequestTimeoutMs,
          requestTimeout: config.httpRequestTimeoutMs,
          keepAliveTimeout: config.httpKeepAliveTimeoutMs,
          trustProxy: config.trustProxy ?? false,
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

  const smtpPort = smtp ? await smtp.listen() : null;
  const httpUrl = app ? await app.listen({ host: config.host, port: config.port }) : null;
  sweeper.start();
  logger.info({ httpUrl, smtpPort, store: config.storeUrl ? 'redis' : config.dataDir }, 'ready');

  let stopping: Promise<void> | null = null;
  return {
    httpUrl,
    smtpPort,
    stop() {
      stopping ??= (async () => {
        logger.info('shutting down');
        await smtp?.close();
        await sweeper.stop();
        await app?.close();
        await bus.close();
        await rateLimitRedis?.quit().catch(() => rateLimitRedis.disconnect());
        await store.close();
        logger.info('stopped');
      })();
      return stopping;
    },
  };
}

async function main() {
  let config: Config;
  try {
    config = loadConfig(process.env, process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  const service = await startService(config);
  const shutdown = () => {
    service.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`shutdown failed: ${String(err)}\n`);
        process.exit(1);
      },
    );
  };
  // A repeated signal joins the shutdown already under way (service.stop is idempotent).
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err: unknown) => {
    process.stderr.write(`failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });
}
