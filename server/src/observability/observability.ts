import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Clock } from '../domain/clock';
import type { EventBus } from '../events/event-bus';
import type { StoreHeadroom } from '../store/headroom';
import type { MailStore } from '../store/mail-store';
import { createHealth } from './health';
import type { Health } from './instruments';
import { createMetricsListener } from './metrics-listener';
import { createMetrics, type ServiceMetrics } from './metrics';

export interface Observability {
  metrics: ServiceMetrics;
  health: Health;
  /** The backend with its store and bus instrumented; the scrape reads them from now on. */
  instrument<B extends { store: MailStore; bus: EventBus }>(backend: B): B;
  /** Where the open event streams are counted (the push hub of a node that serves HTTP). */
  countStreams(count: () => number): void;
  /** Where SMTP stress mode is read (the listener of a node that takes mail). */
  watchSmtpStress(inStress: () => boolean): void;
  /** Where the store's room above its watermark is read. */
  watchStoreHeadroom(headroom: StoreHeadroom): void;
  /** Starts the metrics listener; resolves its URL, or null when `METRICS_PORT` is empty. */
  listen(): Promise<string | null>;
  /** Readiness turns 503 from now on. */
  shuttingDown(): void;
  /** Stops the metrics listener (last, after everything else has stopped). */
  close(): Promise<void>;
}

/** Metrics, health and the operator's listener of one service, wired to its store and bus. */
export function createObservability(
  config: Pick<Config, 'metricsHost' | 'metricsPort'>,
  clock: Clock,
  logger: Logger,
): Observability {
  const metrics = createMetrics();
  let store: MailStore | null = null;
  let streams = () => 0;
  let stress = () => false;
  let headroom: StoreHeadroom | null = null;
  const health = createHealth({
    oldestExpiry: () => (store ? store.oldestExpiry() : Promise.reject(new Error('no store yet'))),
    logger,
  });
  const listener =
    config.metricsPort === null
      ? null
      : createMetricsListener({
          host: config.metricsHost,
          port: config.metricsPort,
          metrics,
          health,
          logger,
        });

  return {
    metrics,
    health,
    instrument(backend) {
      store = backend.store;
      const { bus } = backend;
      metrics.watch({
        eventStreams: () => streams(),
        smtpStress: () => stress(),
        storeHeadroom: () => headroom,
        probeStore: () => health.probeStore(),
        clock,
      });
      return {
        ...backend,
        store: metrics.instrumentStore(backend.store),
        bus: metrics.instrumentBus(bus),
      };
    },
    countStreams(count) {
      streams = count;
    },
    watchSmtpStress(inStress) {
      stress = inStress;
    },
    watchStoreHeadroom(watched) {
      headroom = watched;
    },
    listen: async () => (listener ? listener.listen() : null),
    shuttingDown: () => health.shuttingDown(),
    close: async () => listener?.close(),
  };
}
