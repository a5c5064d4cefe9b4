import type { Logger } from 'pino';
import type { RateCounters } from '../counters/rate-counters';
import type { Clock } from '../domain/clock';
import type { MessageReader } from '../domain/message';
import type { EventBus } from '../events/event-bus';
import type { Health, HttpMetrics } from '../observability/instruments';
import type { MailStore } from '../store/mail-store';
import type { PushHub } from './push-hub';

/** Everything the HTTP app needs; `main.ts` and the tests build it. */
export interface AppDeps {
  store: MailStore;
  bus: EventBus;
  /**
   * Reads what the store holds no reading of yet (a message stored before readings were kept)
   * and decodes attachments, off the event loop; the routes never parse mail themselves.
   */
  reader: MessageReader;
  clock: Clock;
  logger: Logger;
  /** Domains new addresses are made on (`GET /domains` lists them). */
  domains: readonly string[];
  /** Domains no new address is made on any more; asking for one is a 400 of its own. */
  retiredDomains: readonly string[];
  mailboxTtlSeconds: number;
  /** Longest whole life of a mailbox from its creation; extensions stop there. */
  mailboxMaxLifetimeSeconds: number;
  tombstoneDays: number;
  /** Built web app to serve; null serves the API alone. */
  webDistDir: string | null;
  /** The event streams of this node (`GET /events`). */
  hub: PushHub;
  limits: HttpLimits;
  /**
   * `OPERATOR_TOKEN` and the role addresses (postmaster, abuse) of every hosted domain: the
   * operator reads each with the token derived for it. Absent: nobody can read them.
   */
  operator?: { token: string; addresses: readonly string[] };
  /** The counters of the rate limits: this node's, or shared by every node on Redis. */
  counters: RateCounters;
  /** Request counts and times by route; none are kept without it. */
  metrics?: HttpMetrics;
  /** Serves `/healthz` and `/readyz` when given. */
  health?: Health;
}

/** Abuse limits of the HTTP side; a client is an IPv4 address or an IPv6 network. */
export interface HttpLimits {
  /** Mailboxes one client may create per window. */
  createMax: number;
  createWindowSeconds: number;
  /** The leading bits of an IPv6 address that name its client (`domain/client-key.ts`). */
  ipv6PrefixBits: number;
  /**
   * Open connections one client may hold on this node; one more is closed as it is accepted.
   * The trusted proxies are exempt: they keep the cap for their clients.
   */
  maxConnectionsPerClient: number;
  /** Message opens, attachment and .eml downloads per token per minute. */
  viewsPerMinute: number;
}
