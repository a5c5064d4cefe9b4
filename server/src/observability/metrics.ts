import type { MailboxEvent } from '@et/common';
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type Histogram as HistogramType,
} from 'prom-client';
import type { Clock } from '../domain/clock';
import type { EventBus } from '../events/event-bus';
import type { MailStore } from '../store/mail-store';
import type { Count, HttpMetrics, SmtpMetrics, StoreProbe } from './instruments';

/**
 * The service's Prometheus metrics: the only file that imports prom-client. Names follow the
 * Prometheus conventions (base units, `_total`, `_seconds`, `_bytes`) and are a contract shared
 * with dashboards and alerts (docs/operations.md, "What to watch"): rename none lightly.
 *
 * Each service has a registry of its own, never prom-client's global one, so that two services
 * in one process (tests) count apart. Hot paths hold ready-made counters (or label children
 * looked up without building strings) and only call `inc` / `observe`; what can be read when
 * Prometheus asks (open streams, store up, sweeper lag) is read then, at no cost in between.
 */

/** What is read when Prometheus scrapes. */
export interface ScrapeSources {
  /** Open event streams on this node. */
  eventStreams(): number;
  /** The store's `oldestExpiry` within the readiness deadline (health.ts; /readyz shares it). */
  probeStore(): Promise<StoreProbe>;
  clock: Clock;
}

export interface ServiceMetrics {
  smtp: SmtpMetrics;
  http: HttpMetrics;
  /** The store with every write timed and the mailbox lifecycle counted, in one place. */
  instrumentStore(store: MailStore): MailStore;
  /** The bus with every publish counted by event type. */
  instrumentBus(bus: EventBus): EventBus;
  /** Sets what the scrape reads; until then those gauges read 0. */
  watch(sources: ScrapeSources): void;
  /** The Prometheus text exposition of every metric. */
  scrape(): Promise<{ contentType: string; body: string }>;
}

/** Store write latencies: a group commit takes a few ms, a slow disk or Redis far more. */
const STORE_BUCKETS_SECONDS = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5,
];
/** HTTP latencies: the inbox poll answers in tens of µs, an upload-free API call in ms. */
const HTTP_BUCKETS_SECONDS = [
  0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5,
];

/** The RFC 3463 status code at the start of a reply text (`5.1.1`). */
const ENHANCED = /^[245]\.\d{1,3}\.\d{1,3}(?= |$)/;

/** The store operations that write, each timed under its own `op` label. */
const WRITES = [
  'createMailbox',
  'setExpiry',
  'deleteMailbox',
  'deleteExpired',
  'purgeTombstones',
  'putMessages',
  'deleteMessage',
  'deleteAllMessages',
] as const satisfies readonly (keyof MailStore)[];

export function createMetrics(): ServiceMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const counter = <L extends string = never>(name: string, help: string, labelNames?: L[]) =>
    new Counter<L>({ name: `tempmail_${name}`, help, labelNames: labelNames ?? [], registers });

  let sources: ScrapeSources | null = null;

  // SMTP
  const smtpOpen = new Gauge({
    name: 'tempmail_smtp_connections_open',
    help: 'SMTP sessions open now (past the connection limits).',
    registers,
  });
  const smtpRefused = counter('smtp_refused_total', 'Negative SMTP replies sent, by reply code.', [
    'code',
    'enhanced',
  ]);
  const smtp: SmtpMetrics = {
    connectionsOpen: smtpOpen,
    connectionsTotal: counter('smtp_connections_total', 'SMTP connections accepted by TCP.'),
    accepted: counter('smtp_messages_accepted_total', 'Messages answered 250 at the end of DATA.'),
    receivedBytes: counter('smtp_received_bytes_total', 'Bytes of DATA received whole.'),
    refused(code, text) {
      smtpRefused.labels(String(code), ENHANCED.exec(text)?.[0] ?? '').inc();
    },
  };

  // Store
  const storeWrite = new Histogram<'op'>({
    name: 'tempmail_store_write_duration_seconds',
    help: 'Time a store write took until durable (committed), by operation.',
    labelNames: ['op'],
    buckets: STORE_BUCKETS_SECONDS,
    registers,
  });
  const created = counter('mailboxes_created_total', 'Mailboxes created.');
  const extended = counter('mailboxes_extended_total', 'Mailbox lifetimes extended.');
  const deleted = counter('mailboxes_deleted_total', 'Mailboxes deleted by their owner.');
  const expired = counter('mailboxes_expired_total', 'Expired mailboxes swept by this node.');
  // prom-client collects all metrics at once; the two gauges below share one probe per scrape.
  let probing: Promise<StoreProbe | null> | null = null;
  const probe = () =>
    (probing ??= (sources ? sources.probeStore() : Promise.resolve(null)).finally(() => {
      probing = null;
    }));
  new Gauge({
    name: 'tempmail_store_up',
    help: 'Whether the store answered a probe within the readiness deadline (1) or not (0).',
    registers,
    async collect() {
      this.set((await probe())?.up ? 1 : 0);
    },
  });
  let lagSeconds = 0;
  new Gauge({
    name: 'tempmail_sweeper_lag_seconds',
    help: 'How long ago the oldest expired, not yet swept mailbox expired (0: none overdue).',
    registers,
    async collect() {
      const result = await probe();
      // While the store is unreachable the last figure stands: the lag is unknown, not zero.
      if (result?.up && sources) {
        lagSeconds =
          result.oldestExpiry === null
            ? 0
            : Math.max(0, (sources.clock.now() - result.oldestExpiry) / 1000);
      }
      this.set(lagSeconds);
    },
  });

  // Events
  new Gauge({
    name: 'tempmail_event_streams_open',
    help: 'Event streams (SSE) open on this node.',
    registers,
    collect() {
      this.set(sources?.eventStreams() ?? 0);
    },
  });
  const published = counter('events_published_total', 'Mailbox events published, by type.', [
    'type',
  ]);
  const publishedByType = new Map<MailboxEvent['type'], Count>();

  // HTTP
  const httpRequests = counter(
    'http_requests_total',
    'HTTP requests answered, by method, route pattern and status.',
    ['method', 'route', 'status'],
  );
  const httpDuration = new Histogram<'method' | 'route'>({
    name: 'tempmail_http_request_duration_seconds',
    help: 'Time from request to response, by method and route pattern.',
    labelNames: ['method', 'route'],
    buckets: HTTP_BUCKETS_SECONDS,
    registers,
  });
  const rateLimited = counter('rate_limited_total', 'Requests refused by a limit, by limit.', [
    'limit',
  ]);

  /** Label children by route, method and status: lookups in maps, no key strings built. */
  type Children = { count: Count; duration: HistogramType.Internal<'method' | 'route'> };
  const byRoute = new Map<string, Map<string, Map<number, Children>>>();
  function children(method: string, route: string, status: number): Children {
    let byMethod = byRoute.get(route);
    if (!byMethod) byRoute.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let found = byStatus.get(status);
    if (!found) {
      found = {
        count: httpRequests.labels(method, route, String(status)),
        duration: httpDuration.labels(method, route),
      };
      byStatus.set(status, found);
    }
    return found;
  }

  const http: HttpMetrics = {
    request(method, route, status, seconds) {
      const c = children(method, route, status);
      c.count.inc();
      if (seconds !== undefined) c.duration.observe(seconds);
    },
    bind(method, route, status) {
      const c = children(method, route, status);
      return (seconds) => {
        c.count.inc();
        c.duration.observe(seconds);
      };
    },
    rateLimited(limit) {
      rateLimited.labels(limit).inc();
    },
  };

  function instrumentStore(store: MailStore): MailStore {
    const timers = Object.fromEntries(WRITES.map((op) => [op, storeWrite.labels(op)])) as Record<
      (typeof WRITES)[number],
      HistogramType.Internal<'op'>
    >;
    function timed<A extends unknown[], R>(
      op: (typeof WRITES)[number],
      write: (...args: A) => Promise<R>,
      count?: (result: R) => void,
    ): (...args: A) => Promise<R> {
      const timer = timers[op];
      return (...args) => {
        const start = performance.now();
        return write(...args).then(
          (result) => {
            timer.observe((performance.now() - start) / 1000);
            count?.(result);
            return result;
          },
          (err: unknown) => {
            timer.observe((performance.now() - start) / 1000);
            throw err;
          },
        );
      };
    }
    return {
      ...store,
      createMailbox: timed(
        'createMailbox',
        store.createMailbox.bind(store),
        (ok) => ok && created.inc(),
      ),
      setExpiry: timed(
        'setExpiry',
        store.setExpiry.bind(store),
        (record) => record && extended.inc(),
      ),
      deleteMailbox: timed(
        'deleteMailbox',
        store.deleteMailbox.bind(store),
        (ok) => ok && deleted.inc(),
      ),
      deleteExpired: timed('deleteExpired', store.deleteExpired.bind(store), (gone) => {
        if (gone.length) expired.inc(gone.length);
      }),
      purgeTombstones: timed('purgeTombstones', store.purgeTombstones.bind(store)),
      putMessages: timed('putMessages', store.putMessages.bind(store)),
      deleteMessage: timed('deleteMessage', store.deleteMessage.bind(store)),
      deleteAllMessages: timed('deleteAllMessages', store.deleteAllMessages.bind(store)),
    };
  }

  function instrumentBus(bus: EventBus): EventBus {
    return {
      publish(mailbox, event) {
        let count = publishedByType.get(event.type);
        if (!count) publishedByType.set(event.type, (count = published.labels(event.type)));
        count.inc();
        return bus.publish(mailbox, event);
      },
      subscribe: (mailbox, listener) => bus.subscribe(mailbox, listener),
      listenerCount: (mailbox) => bus.listenerCount(mailbox),
      close: () => bus.close(),
    };
  }

  return {
    smtp,
    http,
    instrumentStore,
    instrumentBus,
    watch(next) {
      sources = next;
    },
    async scrape() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
