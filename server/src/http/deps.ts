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
}
