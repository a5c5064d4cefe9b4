import { pino } from 'pino';
import { ConfigError, loadConfig, type Config } from './config';
import { systemClock, type Clock } from './domain/clock';
import { listenService, wireService } from './service/wire-service';

/** A running service: the bound addresses (null for a role it does not run) and `stop`. */
export interface RunningService {
  httpUrl: string | null;
  smtpPort: number | null;
  /** The metrics listener (`/metrics`, `/healthz`, `/readyz`), null when `METRICS_PORT` is empty. */
  metricsUrl: string | null;
  stop(): Promise<void>;
}

/**
 * Composition root: config → logger → the wired service (service/wire-service.ts) → listen.
 * Stops in reverse order: no new mail, in-flight mail stored, streams closed, store closed last.
 */
export async function startService(
  config: Config,
  clock: Clock = systemClock,
): Promise<RunningService> {
  const logger = pino({ level: config.logLevel, base: { pid: process.pid, role: config.role } });
  const service = await wireService(config, { clock, logger });
  const { httpUrl, smtpPort, metricsUrl } = await listenService(service, config);

  let stopping: Promise<void> | null = null;
  return {
    httpUrl,
    smtpPort,
    metricsUrl,
    stop() {
      stopping ??= (async () => {
        logger.info('shutting down');
        await service.stop();
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
