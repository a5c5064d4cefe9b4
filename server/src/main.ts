import { pino } from 'pino';
import { ConfigError, loadConfig, type Config } from './config';
import { systemClock, type Clock } from './domain/clock';
import { createLocalBus } from './events/local-bus';
import { buildApp } from './http/app';
import { parseMessage } from './ingest/parse';
import { createIngestPipeline } from './ingest/pipeline';
import { createSmtpListener } from './ingest/smtp-listener';
import { createExpirySweeper } from './jobs/expiry-sweeper';
import { join } from 'node:path';
import { createSqliteStore } from './store/sqlite/sqlite-store';

/** A running service: the bound addresses and the way to stop it. */
export interface Service {
  httpUrl: string;
  smtpPort: number;
  stop(): Promise<void>;
}

/**
 * Composition root: config → logger → store → bus → SMTP + HTTP + sweeper. Stops them in
 * reverse order: no new mail, in-flight mail stored, streams closed, store closed last.
 */
export async function startService(config: Config, clock: Clock = systemClock): Promise<Service> {
  const logger = pino({ level: config.logLevel, base: { pid: process.pid } });
  const store = createSqliteStore({ path: join(config.dataDir, 'mail.sqlite') });
  const bus = createLocalBus();

  const pipeline = createIngestPipeline({ store, bus, parse: parseMessage, clock, logger });
  const smtp = createSmtpListener({
    host: config.smtpHost,
    port: config.smtpPort,
    hostname: config.smtpHostname,
    domains: config.mailDomains,
    maxMessageBytes: config.maxMessageBytes,
    maxRecipients: config.maxRecipients,
    greetingDelayMs: config.smtpGreetingDelayMs,
    closeTimeoutMs: config.shutdownTimeoutMs,
    store,
    pipeline,
    clock,
    logger: logger.child({ component: 'smtp' }),
  });
  const app = await buildApp(
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
    },
    { connectionTimeout: 30_000, keepAliveTimeout: 10_000, requestTimeout: 30_000 },
  );
  const sweeper = createExpirySweeper({
    store,
    bus,
    clock,
    logger: logger.child({ component: 'sweeper' }),
    intervalMs: config.sweepIntervalMs,
    tombstoneDays: config.tombstoneDays,
  });

  const smtpPort = await smtp.listen();
  const httpUrl = await app.listen({ host: config.host, port: config.port });
  sweeper.start();
  logger.info({ httpUrl, smtpPort, dataDir: config.dataDir }, 'ready');

  let stopping: Promise<void> | null = null;
  return {
    httpUrl,
    smtpPort,
    stop() {
      stopping ??= (async () => {
        logger.info('shutting down');
        await smtp.close();
        await sweeper.stop();
        await app.close();
        await bus.close();
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
    config = loadConfig();
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
