/**
 * What the parts of the service (SMTP, HTTP) see of observability: the counters they move and
 * the health they report, as interfaces, so that they never import prom-client or the wiring.
 * metrics.ts and health.ts implement them; main.ts hands them over.
 */

/** Something to count: a prom-client counter or one of its label children. */
export interface Count {
  inc(by?: number): void;
}

/** A level that goes up and down. */
export interface Level {
  inc(): void;
  dec(): void;
}

/** The counters the SMTP listener moves. */
export interface SmtpMetrics {
  /** Sessions past the connection limits, open now. */
  connectionsOpen: Level;
  /** Every TCP connection the SMTP server accepted, refused ones included. */
  connectionsTotal: Count;
  /** Messages answered 250 (one per message, however many mailboxes it went to). */
  accepted: Count;
  /** Bytes of DATA received whole (accepted or not; an oversized message is not counted). */
  receivedBytes: Count;
  /**
   * One negative reply we sent: its code and the RFC 3463 enhanced code its text starts with
   * (`550`, `5.1.1 Mailbox unavailable…`), or '' when the text has none.
   */
  refused(code: number, text: string): void;
}

/** The counters of the reading workers (ingest/reading/). */
export interface ReadingMetrics {
  /** A job held its worker past `READ_DEADLINE_MS`, caught at `step` (auth, mime, sanitize…). */
  deadline(step: string): void;
}

/** The counters of the HTTP side. */
export interface HttpMetrics {
  /**
   * One answered request. `route` is the route's pattern (`/api/v1/messages/:id`), never the
   * URL, so that no token, address or id ever becomes a label value. Without `seconds` (an
   * event stream, whose time is its lifetime) it is counted but not timed.
   */
  request(method: string, route: string, status: number, seconds?: number): void;
  /** The same for one method, route and status fixed in advance (a path that always answers so). */
  bind(method: string, route: string, status: number): (seconds: number) => void;
  /** A request refused by one of the limits (`mailbox_create`, `event_streams`). */
  rateLimited(limit: string): void;
}

/** Why a node is not ready; stable words for load balancers, logs and dashboards. */
export type UnreadyReason = 'shutting_down' | 'store_timeout' | 'store_error';

export type Readiness = { ready: true } | { ready: false; reason: UnreadyReason };

/** What the store probe found: reachable with its oldest expiry, or not (and why). */
export type StoreProbe =
  | { up: true; oldestExpiry: number | null }
  | { up: false; reason: Exclude<UnreadyReason, 'shutting_down'> };

/** The JSON bodies of `/healthz` and `/readyz`, on the metrics listener and the public app. */
export const HEALTH_OK = { status: 'ok' } as const;
export function readinessBody(readiness: Readiness) {
  return readiness.ready ? HEALTH_OK : { status: 'unavailable', reason: readiness.reason };
}

export interface Health {
  /** Ready when the store answers a cheap probe within READY_TIMEOUT_MS and no shutdown began. */
  readiness(): Promise<Readiness>;
  /** The store probe alone (also read by the metrics scrape). Probes at once share one call. */
  probeStore(): Promise<StoreProbe>;
  /** From now on the node reports itself unready, so load balancers stop sending it work. */
  shuttingDown(): void;
}
