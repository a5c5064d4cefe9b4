import type { Logger } from 'pino';
import type { Clock } from '../domain/clock';
import type { MessageParser } from '../domain/message';
import type { EventBus } from '../events/event-bus';
import type { MailStore } from '../store/mail-store';

/** Everything the HTTP app needs; `main.ts` and the tests build it. */
export interface AppDeps {
  store: MailStore;
  bus: EventBus;
  parse: MessageParser;
  clock: Clock;
  logger: Logger;
  /** Domains new addresses are made on. */
  domains: readonly string[];
  mailboxTtlSeconds: number;
  tombstoneDays: number;
  /** Built web app to serve; null serves the API alone. */
  webDistDir: string | null;
  /** Heartbeat period of event streams. */
  sseHeartbeatMs?: number;
  limits: HttpLimits;
  /**
   * `OPERATOR_TOKEN` and the role addresses (postmaster, abuse) of every hosted domain: the
   * operator reads each with the token derived for it. Absent: nobody can read them.
   */
  operator?: { token: string; addresses: readonly string[] };
  /**
   * A Redis client (ioredis) for the rate-limit counters when several nodes share Redis, so a
   * client cannot multiply its allowance by the number of nodes. Opaque here on purpose.
   */
  rateLimitRedis?: unknown;
}

/** Abuse limits of the HTTP side. */
export interface HttpLimits {
  /** Mailboxes one client IP may create per window. */
  createMax: number;
  createWindowSeconds: number;
  /** Open event streams per mailbox on this node. */
  maxStreamsPerMailbox: number;
}
