import type { CreatedMailbox, MessageList } from '@et/common';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { startService, type RunningService } from '../src/main';
import { createFakeClock, type FakeClock } from './helpers/fake-clock';
import { scrape } from './helpers/metrics';
import { startRedis, type TestRedis } from './helpers/redis-server';
import { startServerProcess } from './helpers/server-process';
import { openSmtp } from './helpers/smtp-client';
import { openEvents } from './helpers/sse-client';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it holds (or fails with its last error after `ms`). */
async function eventually(check: () => Promise<void>, ms = 5000) {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > until) throw err;
      await sleep(50);
    }
  }
}

interface Running {
  service: RunningService;
  clock: FakeClock;
  http: string;
  metrics: string;
}

/** The real service in this process (main.ts's startService), on free ports, the clock faked. */
function serviceStarter() {
  const started: { service: RunningService; dir: string }[] = [];
  async function start(env: Record<string, string> = {}): Promise<Running> {
    const dir = mkdtempSync(join(tmpdir(), 'et-metrics-'));
    const clock = createFakeClock(Date.now());
    const config = loadConfig({
      HOST: '127.0.0.1',
      PORT: '0',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: '0',
      METRICS_PORT: '0',
      DATA_DIR: dir,
      // No built web app there: the API alone.
      WEB_DIST_DIR: dir,
      LOG_LEVEL: 'silent',
      SMTP_GREETING_DELAY_MS: '0',
      MAIL_DOMAINS: 'example.test',
      ...env,
    });
    const service = await startService(config, clock);
    started.push({ service, dir });
    return {
      service,
      clock,
      http: service.httpUrl ?? '',
      metrics: service.metricsUrl ?? '',
    };
  }
  async function stopAll() {
    for (const { service, dir } of started.splice(0)) {
      await service.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return { start, stopAll };
}

const createMailbox = async (http: string) => {
  const res = await fetch(`${http}/api/v1/mailboxes`, { method: 'POST' });
  expect(res.status).toBe(201);
  return (await res.json()) as CreatedMailbox;
};
const api = (http: string, path: string, token: string, method = 'GET') =>
  fetch(`${http}/api/v1${path}`, { method, headers: { authorization: `Bearer ${token}` } });

/** The RCPT reply for one address, over a bare socket. */
async function rcptReply(port: number, address: string) {
  const s = await openSmtp(port);
  await s.command('EHLO probe.test');
  await s.command('MAIL FROM:<probe@example.org>');
  const reply = await s.command(`RCPT TO:<${address}>`);
  await s.command('QUIT').catch(() => '');
  s.close();
  return reply;
}

describe.each(['sqlite', 'redis'] as const)('metrics and health, %s store', (mode) => {
  let redis: TestRedis | null = null;
  const services = serviceStarter();
  const storeEnv = (): Record<string, string> => (redis ? { STORE_URL: redis.url } : {});

  beforeAll(async () => {
    if (mode === 'redis') redis = await startRedis();
  });
  // Each test counts from an empty store: mailboxes of the one before would expire here too.
  beforeEach(() => {
    if (redis) spawnSync('redis-cli', ['-p', String(redis.port), 'flushall'], { stdio: 'ignore' });
  });
  afterEach(() => services.stopAll());
  afterAll(async () => {
    await redis?.stop();
  });

  it('counts real SMTP deliveries, refusals by reply code, HTTP requests and the mailbox lifecycle', async () => {
    const { service, http, metrics } = await services.start({ ...storeEnv() });
    const port = service.smtpPort!;
    const before = await scrape(metrics);
    expect(before.contentType).toMatch(/^text\/plain; version=0\.0\.4/);

    const a = await createMailbox(http);
    const b = await createMailbox(http);

    const transport = nodemailer.createTransport({ host: '127.0.0.1', port, ignoreTLS: true });
    const raws = [fixture('attachments.eml'), Buffer.from('Subject: uno\r\n\r\nciao\r\n')];
    for (const raw of raws) {
      await transport.sendMail({ envelope: { from: 'x@example.org', to: [a.email] }, raw });
    }
    // One message to both mailboxes: accepted once, stored twice.
    await transport.sendMail({
      envelope: { from: 'x@example.org', to: [a.email, b.email] },
      raw: 'Subject: due\r\n\r\nper entrambi\r\n',
    });
    transport.close();
    expect(await rcptReply(port, 'nessuno@example.test')).toMatch(/^550 5\.1\.1/);
    expect(await rcptReply(port, 'altro@example.org')).toMatch(/^550 5\.7\.1/);

    // Two polls: in SQLite mode the second is answered before fastify (inbox-read.ts).
    let list: MessageList | null = null;
    for (let i = 0; i < 2; i++) {
      const res = await api(http, '/messages', a.token);
      expect(res.status).toBe(200);
      list = (await res.json()) as MessageList;
    }
    expect(list!.messages).toHaveLength(3);
    const id = list!.messages[0]!.id;
    expect((await api(http, `/messages/${id}`, a.token)).status).toBe(200);
    expect((await api(http, '/messages', 'not-a-token')).status).toBe(401);
    expect((await api(http, '/mailbox/extend', a.token, 'POST')).status).toBe(200);
    expect((await api(http, '/mailbox', b.token, 'DELETE')).status).toBe(204);
    expect((await fetch(`${http}/api/v1/nowhere/${a.token}`)).status).toBe(404);

    await eventually(async () => {
      expect((await scrape(metrics)).value('tempmail_smtp_connections_open')).toBe(0);
    });
    const after = await scrape(metrics);
    const moved = (name: string, labels?: Record<string, string>) =>
      after.value(name, labels) - before.value(name, labels);

    expect(moved('tempmail_smtp_connections_total')).toBe(5);
    expect(moved('tempmail_smtp_messages_accepted_total')).toBe(3);
    const bytes =
      raws.reduce((n, r) => n + r.length, 0) + 'Subject: due\r\n\r\nper entrambi\r\n'.length;
    expect(moved('tempmail_smtp_received_bytes_total')).toBe(bytes);
    expect(moved('tempmail_smtp_refused_total', { code: '550', enhanced: '5.1.1' })).toBe(1);
    expect(moved('tempmail_smtp_refused_total', { code: '550', enhanced: '5.7.1' })).toBe(1);

    expect(moved('tempmail_mailboxes_created_total')).toBe(2);
    expect(moved('tempmail_mailboxes_extended_total')).toBe(1);
    expect(moved('tempmail_mailboxes_deleted_total')).toBe(1);
    expect(moved('tempmail_store_write_duration_seconds_count', { op: 'putMessages' })).toBe(3);
    expect(moved('tempmail_store_write_duration_seconds_count', { op: 'createMailbox' })).toBe(2);
    expect(moved('tempmail_events_published_total', { type: 'message.received' })).toBe(4);
    expect(moved('tempmail_events_published_total', { type: 'mailbox.extended' })).toBe(1);
    expect(moved('tempmail_events_published_total', { type: 'mailbox.expired' })).toBe(1);

    const req = (method: string, route: string, status: string) =>
      moved('tempmail_http_requests_total', { method, route, status });
    expect(req('POST', '/api/v1/mailboxes', '201')).toBe(2);
    expect(req('GET', '/api/v1/messages', '200')).toBe(2);
    expect(req('GET', '/api/v1/messages', '401')).toBe(1);
    expect(req('GET', '/api/v1/messages/:id', '200')).toBe(1);
    expect(req('POST', '/api/v1/mailbox/extend', '200')).toBe(1);
    expect(req('DELETE', '/api/v1/mailbox', '204')).toBe(1);
    expect(req('GET', 'unmatched', '404')).toBe(1);
    expect(
      moved('tempmail_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/v1/messages',
      }),
    ).toBe(3);
    // Histograms in the text format: cumulative buckets, +Inf equal to the count.
    for (const [name, labels] of [
      ['tempmail_http_request_duration_seconds', { method: 'GET', route: '/api/v1/messages' }],
      ['tempmail_store_write_duration_seconds', { op: 'putMessages' }],
    ] as const) {
      expect(after.text).toContain(`# TYPE ${name} histogram`);
      const buckets = after.samples.filter(
        (x) =>
          x.name === `${name}_bucket` &&
          Object.entries(labels).every(([k, v]) => x.labels[k] === v),
      );
      expect(buckets.length).toBeGreaterThan(5);
      const counts = buckets.map((x) => x.value);
      expect(counts).toEqual([...counts].sort((p, q) => p - q));
      expect(after.value(`${name}_bucket`, { ...labels, le: '+Inf' })).toBe(
        after.value(`${name}_count`, labels),
      );
      expect(after.value(`${name}_sum`, labels)).toBeGreaterThan(0);
    }
    expect(after.text).toContain('# TYPE tempmail_http_requests_total counter');
    expect(after.value('tempmail_store_up')).toBe(1);
    expect(after.has('nodejs_eventloop_lag_seconds')).toBe(true);
    expect(after.has('nodejs_heap_size_used_bytes')).toBe(true);
    expect(
      after.has('nodejs_gc_duration_seconds_count') || after.has('nodejs_gc_duration_seconds_sum'),
    ).toBe(true);
    expect(after.has('process_resident_memory_bytes')).toBe(true);

    // The metrics are never on the public port.
    expect((await fetch(`${http}/metrics`)).status).toBe(404);
    // No token, address or message id ever becomes a label.
    for (const secret of [a.token, b.token, a.email, b.email, id]) {
      expect(after.text).not.toContain(secret);
    }
  });

  it('shows open event streams and sweeper lag; counts swept mailboxes', async () => {
    const { http, metrics, clock } = await services.start({
      ...storeEnv(),
      MAILBOX_TTL_SECONDS: '60',
      // Long enough that the sweeper does not run during the test, so the lag stands.
      SWEEP_INTERVAL_MS: '60000',
    });
    const box = await createMailbox(http);
    const stream = await openEvents(http, box.token);
    await eventually(async () => {
      expect((await scrape(metrics)).value('tempmail_event_streams_open')).toBe(1);
    });
    stream.close();
    await eventually(async () => {
      expect((await scrape(metrics)).value('tempmail_event_streams_open')).toBe(0);
    });

    expect((await scrape(metrics)).value('tempmail_sweeper_lag_seconds')).toBe(0);
    clock.advance(60_000 + 42_000);
    const late = await scrape(metrics);
    expect(late.value('tempmail_sweeper_lag_seconds')).toBeCloseTo(42, 0);
  });

  it('shows SMTP stress mode while open connections are past the threshold', async () => {
    // Stress above 2 of 5 connections (40%); back to normal at 1.
    const { service, metrics } = await services.start({
      ...storeEnv(),
      SMTP_MAX_CONNECTIONS: '5',
      SMTP_STRESS_THRESHOLD_PERCENT: '40',
    });
    const smtpPort = service.smtpPort!;
    const stress = async () => (await scrape(metrics)).value('tempmail_smtp_stress_mode');
    const sessions = [await openSmtp(smtpPort), await openSmtp(smtpPort)];
    expect(await stress()).toBe(0);
    sessions.push(await openSmtp(smtpPort));
    await eventually(async () => expect(await stress()).toBe(1));
    for (const s of sessions) s.close();
    await eventually(async () => expect(await stress()).toBe(0));
  });

  it('counts what the sweeper removes and its lag drops back to 0', async () => {
    const { http, metrics, clock } = await services.start({
      ...storeEnv(),
      MAILBOX_TTL_SECONDS: '60',
      SWEEP_INTERVAL_MS: '100',
    });
    const before = await scrape(metrics);
    await createMailbox(http);
    await createMailbox(http);
    clock.advance(61_000);
    await eventually(async () => {
      const now = await scrape(metrics);
      expect(
        now.value('tempmail_mailboxes_expired_total') -
          before.value('tempmail_mailboxes_expired_total'),
      ).toBe(2);
      expect(now.value('tempmail_sweeper_lag_seconds')).toBe(0);
      expect(now.value('tempmail_events_published_total', { type: 'mailbox.expired' })).toBe(2);
    });
  });

  it('is ready while the store answers, 503 "shutting_down" once stop begins, in-flight mail still stored', async () => {
    const { service, http, metrics } = await services.start({
      ...storeEnv(),
      SHUTDOWN_TIMEOUT_MS: '5000',
    });
    for (const base of [metrics, http]) {
      const res = await fetch(`${base}/readyz`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toEqual({ status: 'ok' });
      const live = await fetch(`${base}/healthz`);
      expect(live.status).toBe(200);
      expect(live.headers.get('cache-control')).toBe('no-store');
      expect(live.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await live.json()).toEqual({ status: 'ok' });
    }

    // A session in the middle of DATA holds the shutdown open until its message is stored.
    const box = await createMailbox(http);
    const s = await openSmtp(service.smtpPort!);
    await s.command('EHLO slow.test');
    await s.command('MAIL FROM:<a@example.org>');
    await s.command(`RCPT TO:<${box.email}>`);
    expect(await s.command('DATA')).toMatch(/^354/);
    s.write('Subject: in volo\r\n\r\nquasi finito\r\n');

    const stopping = service.stop();
    for (const base of [metrics, http]) {
      const res = await fetch(`${base}/readyz`);
      expect(res.status).toBe(503);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toEqual({ status: 'unavailable', reason: 'shutting_down' });
      // Still alive: liveness is not readiness.
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
    }
    expect(await s.command('.')).toMatch(/^250/);
    s.close();
    await stopping;
  });
});

describe('readiness with Redis killed', () => {
  let redis: TestRedis;
  const services = serviceStarter();
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterEach(() => services.stopAll());
  afterAll(async () => {
    await redis?.stop();
  });

  it('turns 503 with a reason while Redis is down and 200 once it is back, store_up following', async () => {
    const { http, metrics } = await services.start({ STORE_URL: redis.url });
    expect((await fetch(`${metrics}/readyz`)).status).toBe(200);
    expect((await scrape(metrics)).value('tempmail_store_up')).toBe(1);

    await redis.kill();
    for (const base of [metrics, http]) {
      const res = await fetch(`${base}/readyz`);
      expect(res.status).toBe(503);
      const body = (await res.json()) as { status: string; reason: string };
      expect(body.status).toBe('unavailable');
      expect(['store_error', 'store_timeout']).toContain(body.reason);
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
    }
    expect((await scrape(metrics)).value('tempmail_store_up')).toBe(0);

    await redis.restart();
    await eventually(async () => {
      expect((await fetch(`${metrics}/readyz`)).status).toBe(200);
      expect((await fetch(`${http}/readyz`)).status).toBe(200);
    }, 10_000);
    expect((await scrape(metrics)).value('tempmail_store_up')).toBe(1);
  });

  it('an SMTP-only node has the metrics listener, with health and SMTP counters', async () => {
    const { service, metrics } = await services.start({ STORE_URL: redis.url, ROLE: 'smtp' });
    expect(service.httpUrl).toBeNull();
    expect(metrics).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await fetch(`${metrics}/healthz`)).status).toBe(200);
    expect((await fetch(`${metrics}/readyz`)).status).toBe(200);
    expect(await rcptReply(service.smtpPort!, 'nessuno@example.test')).toMatch(/^550 5\.1\.1/);
    expect(
      (await scrape(metrics)).value('tempmail_smtp_refused_total', {
        code: '550',
        enhanced: '5.1.1',
      }),
    ).toBe(1);
  });
});

describe('metrics listener settings, health never rate limited', () => {
  const services = serviceStarter();
  afterEach(() => services.stopAll());

  it('defaults to 127.0.0.1:9464; METRICS_PORT set empty runs no listener', async () => {
    expect(loadConfig({})).toMatchObject({ metricsHost: '127.0.0.1', metricsPort: 9464 });
    expect(loadConfig({ METRICS_PORT: '' }).metricsPort).toBeNull();
    expect(() => loadConfig({ METRICS_PORT: 'nove' })).toThrow(/METRICS_PORT/);

    const { service, http } = await services.start({ METRICS_PORT: '' });
    expect(service.metricsUrl).toBeNull();
    // The public app still answers health checks.
    expect((await fetch(`${http}/healthz`)).status).toBe(200);
  });

  it('counts rate-limit refusals by limit; /healthz and /readyz stay 200 far beyond any limit', async () => {
    const { http, metrics } = await services.start({
      RATE_LIMIT_CREATE_MAX: '2',
      MAX_STREAMS_PER_MAILBOX: '1',
      // The hammer below opens a connection per request, all from this one address.
      HTTP_MAX_CONNECTIONS_PER_IP: '1000',
    });
    const box = await createMailbox(http);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await fetch(`${http}/api/v1/mailboxes`, { method: 'POST' })).status);
    }
    expect(statuses).toEqual([201, 429, 429]);
    const stream = await openEvents(http, box.token);
    expect((await api(http, '/events', box.token)).status).toBe(429);
    stream.close();
    const scraped = await scrape(metrics);
    expect(scraped.value('tempmail_rate_limited_total', { limit: 'mailbox_create' })).toBe(2);
    expect(scraped.value('tempmail_rate_limited_total', { limit: 'event_streams' })).toBe(1);

    const hammer = async (url: string) => {
      const results = await Promise.all(
        Array.from({ length: 100 }, async () => (await fetch(url)).status),
      );
      return new Set(results);
    };
    for (const base of [http, metrics]) {
      expect(await hammer(`${base}/healthz`)).toEqual(new Set([200]));
      expect(await hammer(`${base}/readyz`)).toEqual(new Set([200]));
    }
    const later = await scrape(metrics);
    expect(later.value('tempmail_rate_limited_total', { limit: 'mailbox_create' })).toBe(2);
    expect(
      later.value('tempmail_http_requests_total', {
        method: 'GET',
        route: '/healthz',
        status: '200',
      }),
    ).toBe(100);
  });

  it('two services in one process keep their own counts', async () => {
    const one = await services.start();
    const two = await services.start();
    await createMailbox(one.http);
    expect((await scrape(one.metrics)).value('tempmail_mailboxes_created_total')).toBe(1);
    expect((await scrape(two.metrics)).value('tempmail_mailboxes_created_total')).toBe(0);
  });

  it('the server process logs its metricsUrl in the ready line and serves the metrics there', async () => {
    const p = await startServerProcess();
    try {
      expect(p.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const scraped = await scrape(p.metricsUrl);
      expect(scraped.has('tempmail_smtp_connections_total')).toBe(true);
      expect(scraped.has('nodejs_eventloop_lag_seconds')).toBe(true);
      expect((await fetch(`${p.metricsUrl}/readyz`)).status).toBe(200);
    } finally {
      await p.stop();
    }
  });
});
