import type { MailboxEvent } from '@et/common';
import { collectDefaultMetrics, Counter, Gauge, Registry, type Metric } from 'prom-client';
import type { Clock } from '../domain/clock';
import type { EventBus } from '../events/event-bus';
import type { StoreHeadroom } from '../store/headroom';
import type { MailStore } from '../store/mail-store';
import type { Count, HttpMetrics, ReadingMetrics, SmtpMetrics, StoreProbe } from './instruments';

/**
 * The service's Prometheus metrics: the only file that imports prom-client. Names follow the
 * Prometheus conventions (base units, `_total`, `_seconds`, `_bytes`) and are a contract shared
 * with dashboards and alerts (docs/operations.md, "What to watch"): rename none lightly.
 *
 * Each service has a registry of its own, never prom-client's global one, so that two services
 * in one process (tests) count apart.
 *
 * Hot paths only add to numbers. prom-client's label children hash their label values into a
 * string key and validate them on every `inc` and `observe`; so labelled counters and the
 * histograms here are plain objects the caller keeps (`tally`, `timeHistogram`), and prom-client
 * is handed their totals when Prometheus scrapes. Unlabelled prom-client counters and gauges
 * (one property add) are used as they are. What can be read when Prometheus asks (open streams,
 * store up, sweeper lag) is read then, at no cost in between.
 */

/** What is read when Prometheus scrapes. */
export interface ScrapeSources {
  /** Open event streams on this node. */
  eventStreams(): number;
  /** Whether the SMTP listener of this node is in stress mode (short idle timeout). */
  smtpStress(): boolean;
  /** The store's room above its watermark, as last read; null before it is watched. */
  storeHeadroom(): StoreHeadroom | null;
  /** The store's `oldestExpiry` within the readiness deadline (health.ts; /readyz shares it). */
  probeStore(): Promise<StoreProbe>;
  clock: Clock;
}

export interface ServiceMetrics {
  smtp: SmtpMetrics;
  http: HttpMetrics;
  reading: ReadingMetrics;
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

/** One label set of a counter: the hot path adds to `value`; the scrape reports the rest. */
interface Tally extends Count {
  value: number;
  reported: number;
  labels: Record<string, string>;
}

/** One label set of a histogram: observations per bucket (not cumulative), sum and count. */
interface TimeSeries {
  labels: Record<string, string>;
  counts: number[];
  sum: number;
  count: number;
  observe(seconds: number): void;
}

/**
 * A counter with labels whose label sets are made once (by `child`) and kept by the caller;
 * `inc` on a child is one addition. The collect hook moves the additions since the last scrape
 * into prom-client's counter, so the exposition (type, help, escaping) stays prom-client's.
 */
function labelledCounter<L extends string>(
  registers: Registry[],
  name: string,
  help: string,
  labelNames: L[],
) {
  const tallies: Tally[] = [];
  const counter: Counter<L> = new Counter<L>({
    name,
    help,
    labelNames,
    registers,
    collect() {
      for (const t of tallies) {
        if (t.value === t.reported) continue;
        counter.inc(t.labels as Partial<Record<L, string>>, t.value - t.reported);
        t.reported = t.value;
      }
    },
  });
  return {
    child(...values: string[]): Count {
      const labels = Object.fromEntries(labelNames.map((label, i) => [label, values[i]!]));
      // Shown as 0 from the first scrape on, as prom-client's own children are.
      counter.inc(labels as Partial<Record<L, string>>, 0);
      const tally: Tally = {
        value: 0,
        reported: 0,
        labels,
        inc(by = 1) {
          tally.value += by;
        },
      };
      tallies.push(tally);
      return tally;
    },
  };
}

/**
 * A Prometheus histogram of durations whose `observe` is a bucket search and three additions.
 * It is a metric of its own in the registry (prom-client's Histogram keeps no per-child state
 * that could be filled in at the scrape); the registry calls `get()` and writes the values in
 * the text format as it does for its own histograms (`_bucket{le}`, `_sum`, `_count`).
 * Checked against prom-client 15.1.3 (`Registry#getMetricsAsString` reads `get()` of anything
 * registered); server/test/metrics.test.ts parses the exposition and fails if that changes.
 */
function timeHistogram(registry: Registry, name: string, help: string, buckets: number[]) {
  const series: TimeSeries[] = [];
  const metric = {
    name,
    help,
    type: 'histogram',
    aggregator: 'sum',
    async get() {
      const values: {
        labels: Record<string, string | number>;
        value: number;
        metricName: string;
      }[] = [];
      for (const s of series) {
        let cumulative = 0;
        buckets.forEach((le, i) => {
          cumulative += s.counts[i]!;
          values.push({
            labels: { ...s.labels, le },
            value: cumulative,
            metricName: `${name}_bucket`,
          });
        });
        values.push({
          labels: { ...s.labels, le: '+Inf' },
          value: s.count,
          metricName: `${name}_bucket`,
        });
        values.push({ labels: s.labels, value: s.sum, metricName: `${name}_sum` });
        values.push({ labels: s.labels, value: s.count, metricName: `${name}_count` });
      }
      return { name, help, type: 'histogram', aggregator: 'sum', values };
    },
    reset() {
      for (const s of series) {
        s.counts.fill(0);
        s.sum = 0;
        s.count = 0;
      }
    },
  };
  registry.registerMetric(metric as unknown as Metric);
  return {
    child(labels: Record<string, string>): TimeSeries {
      const s: TimeSeries = {
        labels,
        counts: buckets.map(() => 0),
        sum: 0,
        count: 0,
        observe(seconds) {
          let i = 0;
          while (i < buckets.length && seconds > buckets[i]!) i++;
          if (i < buckets.length) s.counts[i]!++;
          s.sum += seconds;
          s.count++;
        },
      };
      series.push(s);
      return s;
    },
  };
}

/** The store operations that write, each timed under its own `op` label. */
const WRITES = [
  'createMailbox',
  'setExpiry',
  'deleteMailbox',
  'deleteExpired',
  'purgeTombstones',
  'putMessages',
  'putReading',
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
  const smtpRefused = labelledCounter(
    registers,
    'tempmail_smtp_refused_total',
    'Negative SMTP replies sent, by reply code.',
    ['code', 'enhanced'],
  );
  /** Children by reply code, then enhanced code. */
  const refusedBy = new Map<number, Map<string, Count>>();
  const smtp: SmtpMetrics = {
    connectionsOpen: smtpOpen,
    connectionsTotal: counter('smtp_connections_total', 'SMTP connections accepted by TCP.'),
    accepted: counter('smtp_messages_accepted_total', 'Messages answered 250 at the end of DATA.'),
    receivedBytes: counter('smtp_received_bytes_total', 'Bytes of DATA received whole.'),
    refused(code, text) {
      const enhanced = ENHANCED.exec(text)?.[0] ?? '';
      let byEnhanced = refusedBy.get(code);
      if (!byEnhanced) refusedBy.set(code, (byEnhanced = new Map()));
      let count = byEnhanced.get(enhanced);
      if (!count) byEnhanced.set(enhanced, (count = smtpRefused.child(String(code), enhanced)));
      count.inc();
    },
  };

  // Reading
  const readDeadlines = labelledCounter(
    registers,
    'tempmail_read_deadlines_total',
    'Messages and downloads whose reading passed READ_DEADLINE_MS, by the step it was at.',
    ['step'],
  );
  const deadlinesByStep = new Map<string, Count>();
  const reading: ReadingMetrics = {
    deadline(step) {
      let count = deadlinesByStep.get(step);
      if (!count) deadlinesByStep.set(step, (count = readDeadlines.child(step)));
      count.inc();
    },
  };

  // Store
  const storeWrite = timeHistogram(
    registry,
    'tempmail_store_write_duration_seconds',
    'Time a store write took until durable (committed), by operation.',
    STORE_BUCKETS_SECONDS,
  );
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

  // Read every second by the node anyway (store/headroom.ts): the scrape asks nothing more.
  new Gauge({
    name: 'tempmail_store_headroom_bytes',
    help: 'Bytes the store may still take before new mail is refused 452 4.3.1: free disk above STORE_MIN_FREE_BYTES, or Redis memory below REDIS_MAX_MEMORY_PERCENT; negative past it.',
    registers,
    collect() {
      // NaN while nothing could be read: no figure rather than a false one.
      this.set(sources?.storeHeadroom()?.bytes() ?? Number.NaN);
    },
  });
  new Gauge({
    name: 'tempmail_store_watermark_reached',
    help: 'Whether the store is past its watermark (1), so that new mail is refused 452 4.3.1, or not (0).',
    registers,
    collect() {
      this.set(sources?.storeHeadroom()?.low() ? 1 : 0);
    },
  });

  new Gauge({
    name: 'tempmail_smtp_stress_mode',
    help: 'SMTP stress mode: 1 while open connections are past SMTP_STRESS_THRESHOLD_PERCENT and idle clients get the short timeout.',
    registers,
    collect() {
      this.set(sources?.smtpStress() ? 1 : 0);
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
  const published = labelledCounter(
    registers,
    'tempmail_events_published_total',
    'Mailbox events published, by type.',
    ['type'],
  );
  const publishedByType = new Map<MailboxEvent['type'], Count>();
  function countPublished(type: MailboxEvent['type'], n = 1) {
    let count = publishedByType.get(type);
    if (!count) publishedByType.set(type, (count = published.child(type)));
    count.inc(n);
  }

  // HTTP
  const httpRequests = labelledCounter(
    registers,
    'tempmail_http_requests_total',
    'HTTP requests answered, by method, route pattern and status.',
    ['method', 'route', 'status'],
  );
  const httpDuration = timeHistogram(
    registry,
    'tempmail_http_request_duration_seconds',
    'Time from request to response, by method and route pattern.',
    HTTP_BUCKETS_SECONDS,
  );
  const rateLimited = labelledCounter(
    registers,
    'tempmail_rate_limited_total',
    'Requests refused by a limit, by limit.',
    ['limit'],
  );
  const rateLimitedBy = new Map<string, Count>();

  /** Label children by route, method and status: lookups in maps, no key strings built. */
  type Children = { count: Count; duration: TimeSeries };
  const byRoute = new Map<
    string,
    Map<string, { duration: TimeSeries; byStatus: Map<number, Children> }>
  >();
  function children(method: string, route: string, status: number): Children {
    let byMethod = byRoute.get(route);
    if (!byMethod) byRoute.set(route, (byMethod = new Map()));
    let ofMethod = byMethod.get(method);
    if (!ofMethod) {
      ofMethod = { duration: httpDuration.child({ method, route }), byStatus: new Map() };
      byMethod.set(method, ofMethod);
    }
    let found = ofMethod.byStatus.get(status);
    if (!found) {
      found = {
        count: httpRequests.child(method, route, String(status)),
        duration: ofMethod.duration,
      };
      ofMethod.byStatus.set(status, found);
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
      let count = rateLimitedBy.get(limit);
      if (!count) rateLimitedBy.set(limit, (count = rateLimited.child(limit)));
      count.inc();
    },
  };

  const timers = Object.fromEntries(WRITES.map((op) => [op, storeWrite.child({ op })])) as Record<
    (typeof WRITES)[number],
    TimeSeries
  >;
  function instrumentStore(store: MailStore): MailStore {
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
    const put = timed('putMessages', store.putMessages.bind(store));
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
      putReading: timed('putReading', store.putReading.bind(store)),
      putMessages: store.announcesDeliveries
        ? (deliveries, now, quota) =>
            put(deliveries, now, quota).then((outcomes) => {
              // Published by the store itself: each stored delivery that carried its event.
              const announced = outcomes.filter(
                (o, i) => o === 'stored' && deliveries[i]!.announcement !== undefined,
              ).length;
              if (announced) countPublished('message.received', announced);
              return outcomes;
            })
        : put,
      deleteMessage: timed('deleteMessage', store.deleteMessage.bind(store)),
      deleteAllMessages: timed('deleteAllMessages', store.deleteAllMessages.bind(store)),
    };
  }

  function instrumentBus(bus: EventBus): EventBus {
    return {
      publish(mailbox, event) {
        countPublished(event.type);
        return bus.publish(mailbox, event);
      },
      subscribe: (mailbox, listener) => bus.subscribe(mailbox, listener),
      ready: (mailbox) => bus.ready(mailbox),
      listenerCount: (mailbox) => bus.listenerCount(mailbox),
      close: () => bus.close(),
    };
  }

  return {
    smtp,
    http,
    reading,
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
