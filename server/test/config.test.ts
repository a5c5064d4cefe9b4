import {
  HTTP_MAX_CONNECTIONS_PER_IP,
  MAILBOX_MAX_LIFETIME_SECONDS,
  MAX_STREAMS_PER_IP,
  RATE_LIMIT_IPV6_PREFIX,
} from '@et/common';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { sentinelTarget } from '../src/store/redis/redis-url';

describe('config', () => {
  it('uses the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      host: '127.0.0.1',
      port: 8080,
      smtpPort: 2525,
      mailDomains: ['localhost'],
      mailboxTtlSeconds: 600,
      maxMessageBytes: 10 * 1024 * 1024,
      maxRecipients: 50,
      smtpGreetingDelayMs: 100,
    });
    expect(c.dataDir).toMatch(/\/data$/);
  });

  it('reads and normalises values', () => {
    const c = loadConfig({
      MAIL_DOMAINS: ' Example.org, mail.example.org ,example.org',
      PORT: '0',
    });
    expect(c.mailDomains).toEqual(['example.org', 'mail.example.org']);
    expect(c.port).toBe(0);
  });

  it('reads the retired domains apart from the active ones, and refuses a domain in both', () => {
    expect(loadConfig({}).mailDomainsRetired).toEqual([]);
    const c = loadConfig({
      MAIL_DOMAINS: 'uno.example,due.example',
      MAIL_DOMAINS_RETIRED: ' Vecchio.example ,,vecchio.example',
    });
    expect(c.mailDomains).toEqual(['uno.example', 'due.example']);
    expect(c.mailDomainsRetired).toEqual(['vecchio.example']);
    expect(() =>
      loadConfig({ MAIL_DOMAINS: 'uno.example,due.example', MAIL_DOMAINS_RETIRED: 'DUE.example' }),
    ).toThrow(/MAIL_DOMAINS_RETIRED lists domains still in MAIL_DOMAINS: due\.example/);
    expect(() => loadConfig({ MAIL_DOMAINS_RETIRED: 'ok.example,not a domain' })).toThrow(
      /MAIL_DOMAINS_RETIRED not a domain name: not a domain/,
    );
    expect(() => loadConfig({ MAIL_DOMAINS: ' , ' })).toThrow(
      /MAIL_DOMAINS must list at least one domain/,
    );
  });

  it('reads the fast paths to turn off, and refuses a name it does not know', () => {
    expect(loadConfig({}).fastPathsOff).toEqual([]);
    expect(
      loadConfig({ FAST_PATHS_OFF: ' html-text-runs,inbox-read ,html-text-runs' }).fastPathsOff,
    ).toEqual(['html-text-runs', 'inbox-read']);
    expect(() => loadConfig({ FAST_PATHS_OFF: 'inbox-read,cn' })).toThrow(
      /FAST_PATHS_OFF unknown fast path: cn; known: inbox-read, html-text-runs$/,
    );
    // MIME is mailparser's alone and the sender checks are mailauth as shipped: neither has a
    // fast path left to turn off.
    for (const gone of ['mime-outline', 'dkim-verify']) {
      expect(() => loadConfig({ FAST_PATHS_OFF: gone })).toThrow(/unknown fast path/);
    }
  });

  it('reads how the sender checks ask DNS', () => {
    expect(loadConfig({})).toMatchObject({ dnsServers: [], dnsTimeoutMs: 2000, dnsTries: 2 });
    expect(loadConfig({ DNS_SERVERS: '127.0.0.1:5353, [::1]:53', DNS_TRIES: '3' })).toMatchObject({
      dnsServers: ['127.0.0.1:5353', '[::1]:53'],
      dnsTries: 3,
    });
    expect(() => loadConfig({ DNS_TRIES: '0' })).toThrow(/DNS_TRIES must be between 1 and 5/);
  });

  it('takes the per-client caps and the longest life from @et/common by default', () => {
    expect(loadConfig({})).toMatchObject({
      mailboxMaxLifetimeSeconds: MAILBOX_MAX_LIFETIME_SECONDS,
      maxStreamsPerIp: MAX_STREAMS_PER_IP,
      httpMaxConnectionsPerIp: HTTP_MAX_CONNECTIONS_PER_IP,
      rateLimitIpv6Prefix: RATE_LIMIT_IPV6_PREFIX,
    });
    expect(
      loadConfig({ MAILBOX_TTL_SECONDS: '86400', MAILBOX_MAX_LIFETIME_SECONDS: '86400' }),
    ).toMatchObject({ mailboxTtlSeconds: 86400, mailboxMaxLifetimeSeconds: 86400 });
    expect(() => loadConfig({ RATE_LIMIT_IPV6_PREFIX: '129' })).toThrow(
      /RATE_LIMIT_IPV6_PREFIX must be between 16 and 128/,
    );
  });

  it('refuses a longest life shorter than one TTL', () => {
    expect(() => loadConfig({ MAILBOX_TTL_SECONDS: '7200' })).toThrow(
      /MAILBOX_MAX_LIFETIME_SECONDS \(3600\) is shorter than MAILBOX_TTL_SECONDS \(7200\)/,
    );
  });

  it('collects every problem instead of stopping at the first', () => {
    try {
      loadConfig({ PORT: '70000', SMTP_PORT: '1.5', MAX_MESSAGE_BYTES: 'lots', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).problems).toHaveLength(4);
    }
  });
});

describe('config: store and roles', () => {
  it('defaults to SQLite and the all role', () => {
    expect(loadConfig({})).toMatchObject({ storeUrl: null, role: 'all' });
  });

  it('takes a Redis URL and a role, the command line winning over the environment', () => {
    const c = loadConfig({ STORE_URL: 'redis://10.0.0.5:6379/2', ROLE: 'http' }, [
      '--role',
      'smtp',
    ]);
    expect(c).toMatchObject({ storeUrl: 'redis://10.0.0.5:6379/2', role: 'smtp' });
    expect(loadConfig({ STORE_URL: 'redis://r:6379' }, ['--role=http']).role).toBe('http');
  });

  it('refuses split roles without a shared store, bad roles and non-Redis URLs', () => {
    expect(() => loadConfig({ ROLE: 'smtp' })).toThrow(/ROLE smtp needs STORE_URL/);
    expect(() => loadConfig({}, ['--role', 'mx'])).toThrow(/ROLE must be one of all, smtp, http/);
    expect(() => loadConfig({ STORE_URL: 'postgres://db' })).toThrow(
      /STORE_URL must be a redis:\/\//,
    );
  });
  it("reads a Sentinel URL: sentinels, master name and the data nodes' password", () => {
    const url = 'redis-sentinel://:s%40cret@10.0.0.1:26379,10.0.0.2/et-primary';
    expect(loadConfig({ STORE_URL: url }).storeUrl).toBe(url);
    expect(sentinelTarget(url)).toEqual({
      sentinels: [
        { host: '10.0.0.1', port: 26379 },
        { host: '10.0.0.2', port: 26379 },
      ],
      name: 'et-primary',
      password: 's@cret',
    });
    expect(() => loadConfig({ STORE_URL: 'redis-sentinel://10.0.0.1:26379' })).toThrow(
      /STORE_URL the master name must follow the sentinels/,
    );
    expect(() => loadConfig({ STORE_URL: 'redis-sentinel://a b:1/m' })).toThrow(
      /STORE_URL sentinels must be host:port/,
    );
  });

  it('takes REDIS_MIN_REPLICAS_ACK only where Redis WAIT answers for the shard', () => {
    const sentinel = 'redis-sentinel://10.0.0.1:26379/et-primary';
    expect(loadConfig({ STORE_URL: sentinel, REDIS_MIN_REPLICAS_ACK: '1' })).toMatchObject({
      redisMinReplicasAck: 1,
    });
    expect(loadConfig({}).redisMinReplicasAck).toBe(0);
    expect(() => loadConfig({ REDIS_MIN_REPLICAS_ACK: '1' })).toThrow(
      /REDIS_MIN_REPLICAS_ACK needs STORE_URL/,
    );
    expect(() =>
      loadConfig({ STORE_URL: 'redis-cluster://a:1,b:2', REDIS_MIN_REPLICAS_ACK: '1' }),
    ).toThrow(/REDIS_MIN_REPLICAS_ACK needs STORE_URL/);
  });
});
