import {
  CREATOR_MAX_BYTES_PER_HOUR,
  HTTP_MAX_CONNECTIONS_PER_IP,
  MAILBOX_MAX_BYTES,
  MAILBOX_MAX_LIFETIME_SECONDS,
  MAILBOX_MAX_MESSAGES,
  MAILBOX_TTL_SECONDS,
  MAX_MESSAGE_BYTES,
  MAX_STREAMS_PER_IP,
  RATE_LIMIT_CREATE_MAX,
  RATE_LIMIT_CREATE_WINDOW_SECONDS,
  RATE_LIMIT_IPV6_PREFIX,
  ROLE_MAILBOX_SENDER_SHARE_PERCENT,
  SENDER_MAX_BYTES_PER_HOUR,
  TOMBSTONE_DAYS,
  VIEW_RATE_LIMIT_PER_MINUTE,
} from '@et/common';
import { isIP } from 'node:net';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clusterNodes, isClusterUrl, isSentinelUrl, sentinelTarget } from './store/redis/redis-url';

/** Everything the server reads from its environment, validated. */
export interface Config {
  host: string;
  port: number;
  smtpHost: string;
  smtpPort: number;
  dataDir: string;
  /** Domains new addresses are made on (and mail is taken for). */
  mailDomains: string[];
  /**
   * Domains no new address is made on; mail to the live addresses on them is still taken until
   * they expire, and their postmaster and abuse mailboxes stay. Never one of `mailDomains`.
   */
  mailDomainsRetired: string[];
  mailboxTtlSeconds: number;
  /** Never less than `mailboxTtlSeconds`. */
  mailboxMaxLifetimeSeconds: number;
  maxMessageBytes: number;
  maxRecipients: number;
  smtpGreetingDelayMs: number;
  smtpHostname: string;
  shutdownTimeoutMs: number;
  sweepIntervalMs: number;
  tombstoneDays: number;
  logLevel: string;
  webDistDir: string;
  storeUrl: string | null;
  redisMinReplicasAck: number;
  role: Role;
  mailboxMaxMessages: number;
  mailboxMaxBytes: number;
  roleMailboxSenderSharePercent: number;
  senderMaxBytesPerHour: number;
  creatorMaxBytesPerHour: number;
  storeMinFreeBytes: number;
  redisMaxMemoryPercent: number;
  smtpMaxConnections: number;
  smtpMaxConnectionsPerIp: number;
  smtpIdleTimeoutMs: number;
  smtpStressIdleTimeoutMs: number;
  smtpStressThresholdPercent: number;
  smtpSessionTimeoutMs: number;
  smtpCommandTimeoutMs: number;
  smtpMinDataRate: number;
  smtpMinDataRateGraceMs: number;
  smtpMaxMessagesPerConnection: number;
  smtpMaxBadRecipients: number;
  smtpTlsCert: string | null;
  smtpTlsKey: string | null;
  operatorToken: string | null;
  senderChecks: boolean;
  dnsServers: string[];
  dnsTimeoutMs: number;
  dnsTries: number;
  readDeadlineMs: number;
  viewRateLimitPerMinute: number;
  createRateLimitMax: number;
  createRateLimitWindowSeconds: number;
  rateLimitIpv6Prefix: number;
  trustProxy: string | null;
  maxStreamsPerMailbox: number;
  maxStreamsPerIp: number;
  httpMaxConnectionsPerIp: number;
  httpRequestTimeoutMs: number;
  httpKeepAliveTimeoutMs: number;
  fastPathsOff: readonly FastPath[];
  metricsHost: string;
  /** Null: no metrics listener (`METRICS_PORT=` set empty). */
  metricsPort: number | null;
}

/** What a node does: take mail, serve HTTP, or both. Split roles need the shared Redis store. */
export type Role = 'all' | 'smtp' | 'http';
const ROLES: Role[] = ['all', 'smtp', 'http'];

/**
 * The fast paths a node can be told to skip (docs/architecture.md, "Fast paths"): each one
 * gives the answer of the plain path for less work, and turning it off leaves the plain path.
 */
export const FAST_PATHS = ['inbox-read', 'html-text-runs'] as const;
export type FastPath = (typeof FAST_PATHS)[number];

type Env = Record<string, string | undefined>;

/** One variable: its name, default, and how to read it (throws a message when invalid). */
interface Var<T> {
  name: string;
  fallback: T;
  read: (raw: string) => T;
  /** For the README table. */
  doc: string;
  /** The default as the README shows it, when it depends on the machine. */
  shownFallback?: string;
  /** The value when the variable is set but empty; by default empty means `fallback`. */
  empty?: T;
}

const int =
  (min: number, max: number) =>
  (raw: string): number => {
    if (!/^\d+$/.test(raw.trim())) throw new Error(`must be a whole number, got "${raw}"`);
    const n = Number(raw);
    if (n < min || n > max) throw new Error(`must be between ${min} and ${max}, got ${n}`);
    return n;
  };

const text = (raw: string) => {
  if (!raw.trim()) throw new Error('must not be empty');
  return raw.trim();
};

const DOMAIN =
  /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

const domainList = (raw: string) => {
  const list = raw
    .split(',')
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);
  const bad = list.filter((d) => !DOMAIN.test(d));
  if (bad.length) throw new Error(`not a domain name: ${bad.join(', ')}`);
  return [...new Set(list)];
};

const domains = (raw: string) => {
  const list = domainList(raw);
  if (list.length === 0) throw new Error('must list at least one domain');
  return list;
};

const secret = (raw: string) => {
  if (raw.trim().length < 32) throw new Error('must be at least 32 characters');
  return raw.trim();
};

/** `ip`, `ip:port` or `[ipv6]:port`, as node's resolver takes them. */
const dnsServers = (raw: string) => {
  const list = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = list.filter((s) => {
    const m = /^\[([^\]]+)\]:(\d{1,5})$/.exec(s) ?? /^([^:]+):(\d{1,5})$/.exec(s);
    const ip = m ? m[1]! : s;
    return !isIP(ip) || (m !== null && (Number(m[2]) < 1 || Number(m[2]) > 65535));
  });
  if (bad.length)
    throw new Error(`must be IP addresses with optional :port, got "${bad.join(',')}"`);
  return list;
};

const onOff = (raw: string) => {
  if (raw !== 'on' && raw !== 'off') throw new Error(`must be on or off, got "${raw}"`);
  return raw === 'on';
};

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const logLevel = (raw: string) => {
  if (!LOG_LEVELS.includes(raw)) throw new Error(`must be one of ${LOG_LEVELS.join(', ')}`);
  return raw;
};

const redisUrl = (raw: string): string => {
  if (isSentinelUrl(raw)) {
    sentinelTarget(raw);
    return raw;
  }
  if (isClusterUrl(raw)) {
    clusterNodes(raw);
    return raw;
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`must be a redis:// URL, got "${raw}"`);
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    throw new Error(`must be a redis:// or rediss:// URL, got "${raw}"`);
  }
  return raw;
};

const fastPaths = (raw: string): FastPath[] => {
  const list = raw
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const bad = list.filter((name) => !FAST_PATHS.includes(name as FastPath));
  if (bad.length)
    throw new Error(`unknown fast path: ${bad.join(', ')}; known: ${FAST_PATHS.join(', ')}`);
  return [...new Set(list as FastPath[])];
};

const role = (raw: string): Role => {
  if (!ROLES.includes(raw as Role)) throw new Error(`must be one of ${ROLES.join(', ')}`);
  return raw as Role;
};

/**
 * The schema of the environment. The README's configuration table is this list; keep them
 * in step (a test compares them).
 */
export const CONFIG_VARS = {
  host: {
    name: 'HOST',
    fallback: '127.0.0.1',
    read: text,
    doc: 'Address the HTTP server binds to.',
  },
  port: {
    name: 'PORT',
    fallback: 8080,
    read: int(0, 65535),
    doc: 'HTTP port (web app, API, events); 0 picks a free one.',
  },
  smtpHost: {
    name: 'SMTP_HOST',
    fallback: '127.0.0.1',
    read: text,
    doc: 'Address the SMTP server binds to.',
  },
  smtpPort: {
    name: 'SMTP_PORT',
    fallback: 2525,
    read: int(0, 65535),
    doc: 'SMTP port; 0 picks a free one.',
  },
  dataDir: {
    name: 'DATA_DIR',
    fallback: './data',
    read: text,
    doc: 'Folder of the SQLite database.',
  },
  mailDomains: {
    name: 'MAIL_DOMAINS',
    fallback: ['localhost'],
    read: domains,
    doc: 'Comma-separated domains we take mail for; new addresses are made on these, spread evenly. With more than one, the page offers to change domain.',
  },
  mailDomainsRetired: {
    name: 'MAIL_DOMAINS_RETIRED',
    fallback: [],
    read: domainList,
    doc: 'Comma-separated domains taken out of `MAIL_DOMAINS`: no new address is made on them, but mail to their live addresses (and to their postmaster and abuse) is still taken until those expire.',
  },
  mailboxTtlSeconds: {
    name: 'MAILBOX_TTL_SECONDS',
    fallback: MAILBOX_TTL_SECONDS,
    read: int(10, 86_400),
    doc: 'Lifetime of a mailbox, from creation or extension.',
  },
  mailboxMaxLifetimeSeconds: {
    name: 'MAILBOX_MAX_LIFETIME_SECONDS',
    fallback: MAILBOX_MAX_LIFETIME_SECONDS,
    read: int(10, 30 * 86_400),
    doc: 'Longest whole life of a mailbox, from its creation: an extension never carries it further (at the end, 409 `LIFETIME_EXCEEDED`). At least `MAILBOX_TTL_SECONDS`. The postmaster and abuse mailboxes are exempt.',
  },
  maxMessageBytes: {
    name: 'MAX_MESSAGE_BYTES',
    fallback: MAX_MESSAGE_BYTES,
    read: int(1024, 100 * 1024 * 1024),
    doc: 'Largest message SMTP accepts (advertised as SIZE; larger gets 552 5.3.4).',
  },
  maxRecipients: {
    name: 'SMTP_MAX_RECIPIENTS',
    fallback: 50,
    read: int(1, 1000),
    doc: 'Recipients per SMTP transaction; beyond, 452 4.5.3.',
  },
  smtpGreetingDelayMs: {
    name: 'SMTP_GREETING_DELAY_MS',
    fallback: 100,
    read: int(0, 30_000),
    doc: 'Pause before the SMTP banner; clients that talk during it are refused as early talkers. 0 turns it off.',
  },
  smtpHostname: {
    name: 'SMTP_HOSTNAME',
    fallback: hostname() || 'localhost',
    shownFallback: "(the machine's host name)",
    read: text,
    doc: 'Host name in the SMTP banner, the EHLO reply and our `Received:` line; the name of the MX record.',
  },
  shutdownTimeoutMs: {
    name: 'SHUTDOWN_TIMEOUT_MS',
    fallback: 10_000,
    read: int(0, 120_000),
    doc: 'On SIGTERM, how long open SMTP sessions may take to finish before they are cut off with 421.',
  },
  sweepIntervalMs: {
    name: 'SWEEP_INTERVAL_MS',
    fallback: 1000,
    read: int(100, 60_000),
    doc: 'How often expired mailboxes are deleted.',
  },
  tombstoneDays: {
    name: 'TOMBSTONE_DAYS',
    fallback: TOMBSTONE_DAYS,
    read: int(1, 3650),
    doc: 'How long an expired address stays reserved so it is never handed out again.',
  },
  logLevel: { name: 'LOG_LEVEL', fallback: 'info', read: logLevel, doc: 'pino log level.' },
  storeUrl: {
    name: 'STORE_URL',
    fallback: null,
    read: redisUrl,
    doc: 'Empty: the embedded SQLite store. `redis://host:port[/db]`, `redis-cluster://host:port,host:port` or `redis-sentinel://[:password@]host:port,host:port/<master-name>`: Redis store and event bus shared by several nodes.',
  },
  redisMinReplicasAck: {
    name: 'REDIS_MIN_REPLICAS_ACK',
    fallback: 0,
    read: int(0, 16),
    doc: 'Redis replicas that must hold a message before SMTP answers 250 (Redis `WAIT`, 1 s; short of that the answer is 451 and the sender retries). 0 answers once the primary has it, which a failover can lose (docs/operations.md).',
  },
  role: {
    name: 'ROLE',
    fallback: 'all',
    read: role,
    doc: 'What this node runs: `all`, `smtp` or `http` (split roles need `STORE_URL`). `--role` on the command line wins.',
  },
  mailboxMaxMessages: {
    name: 'MAILBOX_MAX_MESSAGES',
    fallback: MAILBOX_MAX_MESSAGES,
    read: int(1, 100_000),
    doc: 'Messages one mailbox may hold; beyond, SMTP answers 452 4.2.2.',
  },
  mailboxMaxBytes: {
    name: 'MAILBOX_MAX_BYTES',
    fallback: MAILBOX_MAX_BYTES,
    read: int(1024, 10 * 1024 ** 3),
    doc: 'Bytes one mailbox may hold (raw sizes); beyond, SMTP answers 452 4.2.2.',
  },
  roleMailboxSenderSharePercent: {
    name: 'ROLE_MAILBOX_SENDER_SHARE_PERCENT',
    fallback: ROLE_MAILBOX_SENDER_SHARE_PERCENT,
    read: int(1, 100),
    doc: 'Share of the postmaster and abuse mailboxes (of `MAILBOX_MAX_MESSAGES` and of `MAILBOX_MAX_BYTES`) that the mail of one sending client (an IPv4 address, an IPv6 network of `RATE_LIMIT_IPV6_PREFIX` bits) may hold; beyond, 452 4.2.2 for that sender only, until the operator deletes some of its mail.',
  },
  senderMaxBytesPerHour: {
    name: 'SENDER_MAX_BYTES_PER_HOUR',
    fallback: SENDER_MAX_BYTES_PER_HOUR,
    read: int(1024, 1024 ** 4),
    doc: 'Bytes of mail SMTP takes from one sending client (an IPv4 address, an IPv6 network of `RATE_LIMIT_IPV6_PREFIX` bits) per hour, each stored copy counted; beyond, 451 4.7.1 until the window moves. Shared by every node on Redis.',
  },
  creatorMaxBytesPerHour: {
    name: 'CREATOR_MAX_BYTES_PER_HOUR',
    fallback: CREATOR_MAX_BYTES_PER_HOUR,
    read: int(1024, 1024 ** 4),
    doc: 'Bytes of mail SMTP takes per hour into the mailboxes one client created, together; beyond, 451 4.7.1 until the window moves. Shared by every node on Redis.',
  },
  storeMinFreeBytes: {
    name: 'STORE_MIN_FREE_BYTES',
    fallback: 512 * 1024 * 1024,
    read: int(0, 1024 ** 5),
    doc: "SQLite store: free bytes kept on `DATA_DIR`'s filesystem (read every second, like Postfix's `queue_minfree`); below, new mail gets 452 4.3.1, and mail already stored is kept.",
  },
  redisMaxMemoryPercent: {
    name: 'REDIS_MAX_MEMORY_PERCENT',
    fallback: 90,
    read: int(1, 100),
    doc: "Redis store: share of Redis's `maxmemory` (of the machine's memory when none is set) past which new mail gets 452 4.3.1 (read every second); mail already stored is kept.",
  },
  smtpMaxConnections: {
    name: 'SMTP_MAX_CONNECTIONS',
    fallback: 500,
    read: int(1, 100_000),
    doc: 'Simultaneous SMTP connections; beyond, 421.',
  },
  smtpMaxConnectionsPerIp: {
    name: 'SMTP_MAX_CONNECTIONS_PER_IP',
    fallback: 20,
    read: int(1, 100_000),
    doc: 'Simultaneous SMTP connections from one IP address; beyond, 421.',
  },
  smtpIdleTimeoutMs: {
    name: 'SMTP_IDLE_TIMEOUT_MS',
    fallback: 300_000,
    read: int(1000, 3_600_000),
    doc: 'An SMTP connection that owes a command and stays silent this long is closed with 421 (RFC 5321 §4.5.3.2.7 asks for 5 minutes), while the node is not in stress mode.',
  },
  smtpStressIdleTimeoutMs: {
    name: 'SMTP_STRESS_IDLE_TIMEOUT_MS',
    fallback: 10_000,
    read: int(1000, 3_600_000),
    doc: 'The idle timeout in stress mode, for open connections too, as Postfix does under stress.',
  },
  smtpStressThresholdPercent: {
    name: 'SMTP_STRESS_THRESHOLD_PERCENT',
    fallback: 80,
    read: int(1, 100),
    doc: 'Stress mode starts once open SMTP connections pass this share of `SMTP_MAX_CONNECTIONS`, and ends when they are back at it less a twentieth of the limit.',
  },
  smtpSessionTimeoutMs: {
    name: 'SMTP_SESSION_TIMEOUT_MS',
    fallback: 600_000,
    read: int(1000, 86_400_000),
    doc: 'An SMTP connection open this long is closed with 421, however busy (cuts off clients that dribble bytes).',
  },
  smtpCommandTimeoutMs: {
    name: 'SMTP_COMMAND_TIMEOUT_MS',
    fallback: 30_000,
    read: int(1000, 600_000),
    doc: 'An SMTP command line must arrive whole within this, from its first byte; otherwise 421 4.4.2 and the connection closes.',
  },
  smtpMinDataRate: {
    name: 'SMTP_MIN_DATA_RATE',
    fallback: 256,
    read: int(0, 1_000_000),
    doc: 'Slowest average rate, in bytes per second, at which a message may arrive in DATA (after the grace below); slower gets 421 4.4.2 and nothing is stored. 0 turns the check off.',
  },
  smtpMinDataRateGraceMs: {
    name: 'SMTP_MIN_DATA_RATE_GRACE_MS',
    fallback: 10_000,
    read: int(1000, 600_000),
    doc: 'How long DATA may last before `SMTP_MIN_DATA_RATE` is checked.',
  },
  smtpMaxMessagesPerConnection: {
    name: 'SMTP_MAX_MESSAGES_PER_CONNECTION',
    fallback: 100,
    read: int(1, 100_000),
    doc: 'Messages per SMTP connection; beyond, 421.',
  },
  smtpMaxBadRecipients: {
    name: 'SMTP_MAX_BAD_RECIPIENTS',
    fallback: 20,
    read: int(1, 10_000),
    doc: 'Refused recipients per SMTP connection before it is closed with 421 (address harvesting).',
  },
  smtpTlsCert: {
    name: 'SMTP_TLS_CERT',
    fallback: null,
    read: text,
    doc: 'PEM certificate (chain) file for SMTP STARTTLS; with `SMTP_TLS_KEY`, STARTTLS is offered.',
  },
  smtpTlsKey: {
    name: 'SMTP_TLS_KEY',
    fallback: null,
    read: text,
    doc: 'PEM private key file for SMTP STARTTLS.',
  },
  operatorToken: {
    name: 'OPERATOR_TOKEN',
    fallback: null,
    read: secret,
    doc: 'Secret (at least 32 characters) from which the tokens of the postmaster and abuse mailboxes of every domain are derived; `npm run operator-tokens` prints them. Empty: their mail is still taken, kept within the usual quota and logged, but nobody can read it.',
  },
  senderChecks: {
    name: 'SENDER_CHECKS',
    fallback: true,
    shownFallback: '`on`',
    read: onOff,
    doc: '`off` skips the SPF, DKIM and DMARC checks: no lookups, `authentication` null in the API, no `Authentication-Results:` field. For a node without DNS, and for measuring what the checks cost (bench/README.md, "Mail checks").',
  },
  dnsServers: {
    name: 'DNS_SERVERS',
    fallback: [],
    shownFallback: "(the system's)",
    read: dnsServers,
    doc: 'Comma-separated DNS servers (`ip` or `ip:port`, `[ipv6]:port`) for the SPF, DKIM and DMARC checks: a local caching resolver beside the node (docs/operations.md, "DNS for the sender checks"). The node keeps no answers of its own.',
  },
  dnsTimeoutMs: {
    name: 'DNS_TIMEOUT_MS',
    fallback: 2000,
    read: int(100, 30_000),
    doc: 'Longest time the SPF, DKIM and DMARC checks of one message may take, every lookup included; past it the results are `temperror` and the message is stored all the same.',
  },
  dnsTries: {
    name: 'DNS_TRIES',
    fallback: 2,
    read: int(1, 5),
    doc: 'How many times each DNS question is sent to each server of `DNS_SERVERS` before it fails; the first try waits `DNS_TIMEOUT_MS` / (2 × `DNS_TRIES`), later ones longer (c-ares), and `DNS_TIMEOUT_MS` ends the question whatever the tries.',
  },
  readDeadlineMs: {
    name: 'READ_DEADLINE_MS',
    fallback: 2000,
    read: int(100, 60_000),
    doc: 'Longest CPU time a reading thread may spend on one message (MIME, sanitising, preview, code and link, the sender checks; waits for DNS do not count), or on decoding one attachment. Past it the thread is replaced; the message is still stored, shown as too complex to display with its original (.eml) downloadable, and counted in `tempmail_read_deadlines_total`.',
  },
  viewRateLimitPerMinute: {
    name: 'VIEW_RATE_LIMIT_PER_MINUTE',
    fallback: VIEW_RATE_LIMIT_PER_MINUTE,
    read: int(1, 1_000_000),
    doc: 'Message opens, attachment and .eml downloads per mailbox token per minute; beyond, 429 with Retry-After.',
  },
  createRateLimitMax: {
    name: 'RATE_LIMIT_CREATE_MAX',
    fallback: RATE_LIMIT_CREATE_MAX,
    read: int(1, 1_000_000),
    doc: 'Mailboxes one client IP may create per window; beyond, 429 with Retry-After.',
  },
  createRateLimitWindowSeconds: {
    name: 'RATE_LIMIT_CREATE_WINDOW_SECONDS',
    fallback: RATE_LIMIT_CREATE_WINDOW_SECONDS,
    read: int(1, 86_400),
    doc: 'The window of `RATE_LIMIT_CREATE_MAX`.',
  },
  rateLimitIpv6Prefix: {
    name: 'RATE_LIMIT_IPV6_PREFIX',
    fallback: RATE_LIMIT_IPV6_PREFIX,
    read: int(16, 128),
    doc: "The per-client limits (mailbox creation, event streams, HTTP connections, the bytes of mail per sender and per creator, the senders' shares of the operator mailboxes) count an IPv6 client by this many leading bits of its address (its /64 network, which one subscriber holds whole), an IPv4 client by its address.",
  },
  trustProxy: {
    name: 'TRUST_PROXY',
    fallback: null,
    read: text,
    doc: 'Reverse proxies whose `X-Forwarded-For` is believed: comma-separated IPs or CIDRs (e.g. `127.0.0.1,10.0.0.0/8`). Empty: the client IP is the socket peer.',
  },
  maxStreamsPerMailbox: {
    name: 'MAX_STREAMS_PER_MAILBOX',
    fallback: 5,
    read: int(1, 1000),
    doc: 'Open event streams per mailbox (per node); beyond, 429.',
  },
  maxStreamsPerIp: {
    name: 'MAX_STREAMS_PER_IP',
    fallback: MAX_STREAMS_PER_IP,
    read: int(1, 1_000_000),
    doc: 'Open event streams from one client IP (per node, whatever the mailboxes); beyond, 429 with Retry-After.',
  },
  httpMaxConnectionsPerIp: {
    name: 'HTTP_MAX_CONNECTIONS_PER_IP',
    fallback: HTTP_MAX_CONNECTIONS_PER_IP,
    read: int(1, 1_000_000),
    doc: 'Open HTTP connections from one client IP (per node); one more is closed at once, before a byte of it is read. A `TRUST_PROXY` address is exempt: the proxy keeps this cap for its clients (docs/operations.md).',
  },
  httpRequestTimeoutMs: {
    name: 'HTTP_REQUEST_TIMEOUT_MS',
    fallback: 30_000,
    read: int(1000, 600_000),
    doc: 'Longest time to receive a whole HTTP request.',
  },
  httpKeepAliveTimeoutMs: {
    name: 'HTTP_KEEPALIVE_TIMEOUT_MS',
    fallback: 10_000,
    read: int(1000, 600_000),
    doc: 'Idle keep-alive HTTP connections are closed after this.',
  },
  fastPathsOff: {
    name: 'FAST_PATHS_OFF',
    fallback: [],
    read: fastPaths,
    doc: 'Comma-separated fast paths to turn off, leaving the plain path they shortcut: `inbox-read` (the inbox poll answered before the router), `html-text-runs` (each run of text handed to the HTML sanitiser as one event). For measuring them and ruling them out (docs/architecture.md, "Fast paths").',
  },
  metricsHost: {
    name: 'METRICS_HOST',
    fallback: '127.0.0.1',
    read: text,
    doc: 'Address of the metrics listener (`/metrics`, `/healthz`, `/readyz`); keep it private.',
  },
  metricsPort: {
    name: 'METRICS_PORT',
    fallback: 9464,
    empty: null,
    read: int(0, 65535),
    doc: 'Port of the metrics listener, never the public one; set empty (`METRICS_PORT=`) to run none.',
  },
  webDistDir: {
    name: 'WEB_DIST_DIR',
    fallback: fileURLToPath(new URL('../../web/dist', import.meta.url)),
    read: text,
    doc: 'Folder of the built web app that HTTP serves.',
  },
} satisfies { [K in keyof Config]: Var<Config[K]> };

/** Thrown by loadConfig with every problem found, one per line. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/** `--role smtp` or `--role=smtp` among the command-line arguments, if any. */
function roleFromArgs(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--role') return argv[i + 1] ?? '';
    if (arg.startsWith('--role=')) return arg.slice('--role='.length);
  }
  return undefined;
}

/**
 * Reads and validates the environment (and `--role` from the arguments). The only reader of
 * process.env in the server.
 */
export function loadConfig(env: Env = process.env, argv: readonly string[] = []): Config {
  const argRole = roleFromArgs(argv);
  if (argRole !== undefined) env = { ...env, ROLE: argRole || 'missing' };
  const problems: string[] = [];
  const out: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(CONFIG_VARS) as [keyof Config, Var<unknown>][]) {
    const raw = env[spec.name];
    if (raw === '' && 'empty' in spec) {
      out[key] = spec.empty;
      continue;
    }
    if (raw === undefined || raw === '') {
      out[key] = spec.fallback;
      continue;
    }
    try {
      out[key] = spec.read(raw);
    } catch (err) {
      problems.push(`${spec.name} ${(err as Error).message}`);
    }
  }
  if (!out.smtpTlsCert !== !out.smtpTlsKey && !problems.some((p) => p.startsWith('SMTP_TLS'))) {
    problems.push('SMTP_TLS_CERT and SMTP_TLS_KEY go together: set both or neither');
  }
  const storeUrl = typeof out.storeUrl === 'string' ? out.storeUrl : '';
  if (out.redisMinReplicasAck && (!storeUrl || storeUrl.startsWith('redis-cluster://'))) {
    problems.push('REDIS_MIN_REPLICAS_ACK needs STORE_URL redis:// or redis-sentinel://');
  }
  if (out.role !== 'all' && out.role !== undefined && !out.storeUrl && !env.STORE_URL) {
    problems.push(`ROLE ${String(out.role)} needs STORE_URL: split roles share a Redis store`);
  }
  const active = Array.isArray(out.mailDomains) ? (out.mailDomains as string[]) : [];
  const both = ((out.mailDomainsRetired as string[] | undefined) ?? []).filter((d) =>
    active.includes(d),
  );
  if (both.length) {
    problems.push(
      `MAIL_DOMAINS_RETIRED lists domains still in MAIL_DOMAINS: ${both.join(', ')}; a domain is active or retired`,
    );
  }
  const ttl = out.mailboxTtlSeconds as number | undefined;
  const lifetime = out.mailboxMaxLifetimeSeconds as number | undefined;
  if (ttl !== undefined && lifetime !== undefined && lifetime < ttl) {
    problems.push(
      `MAILBOX_MAX_LIFETIME_SECONDS (${lifetime}) is shorter than MAILBOX_TTL_SECONDS (${ttl}); a mailbox lives at least one TTL`,
    );
  }
  if (problems.length) throw new ConfigError(problems);
  const config = out as unknown as Config;
  config.dataDir = resolve(config.dataDir);
  config.webDistDir = resolve(config.webDistDir);
  return config;
}
