import type { MessageList } from '@et/common';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/domain/clock';
import { wireService } from '../src/service/wire-service';
import { harnessConfig, startHarness, type Harness } from './helpers/harness';
import { startRedis, type TestRedis } from './helpers/redis-server';
import { openEvents } from './helpers/sse-client';

/** Whether anything still listens on the SMTP port (after stop, nothing may). */
const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/**
 * The service as `wireService` composes it for main.ts, on each store: one message from SMTP
 * to the event stream and the inbox, and every part closed by `stop`.
 */
describe.each(['sqlite', 'redis'] as const)('the wired service on %s', (storeMode) => {
  let redis: TestRedis | undefined;
  let h: Harness;
  let baseUrl: string;

  beforeAll(async () => {
    if (storeMode === 'redis') redis = await startRedis();
    // Real time: Redis keys expire by the server's clock.
    h = await startHarness({ storeUrl: redis?.url ?? null, realClock: true });
    baseUrl = await h.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await h?.close();
    await redis?.stop();
  });

  it('takes a message over SMTP, pushes it, and lists it', async () => {
    const box = await h.createMailbox();
    const events = await openEvents(baseUrl, box.token);
    await h.sendRaw('Subject: Composto\r\n\r\nUna riga.\r\n', box.email);
    expect(await events.next()).toMatchObject({
      type: 'message.received',
      message: { subject: 'Composto' },
    });
    events.close();
    const list = await fetch(`${baseUrl}/api/v1/messages`, {
      headers: { authorization: `Bearer ${box.token}` },
    });
    expect(((await list.json()) as MessageList).messages.map((m) => m.subject)).toEqual([
      'Composto',
    ]);
  });

  it('stop closes SMTP and HTTP, and a second stop joins the first', async () => {
    expect(await accepts(h.smtpPort)).toBe(true);
    const service = h.service;
    await Promise.all([service.stop(), service.stop()]);
    expect(await accepts(h.smtpPort)).toBe(false);
    await expect(fetch(`${baseUrl}/api/v1/mailboxes`, { method: 'POST' })).rejects.toThrow();
  });
});

describe('roles', () => {
  let redis: TestRedis;
  let dir: string;
  beforeAll(async () => {
    redis = await startRedis();
    dir = mkdtempSync(join(tmpdir(), 'et-roles-'));
  });
  afterAll(async () => {
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['smtp', { smtp: true, pipeline: true, app: false }],
    ['http', { smtp: false, pipeline: false, app: true }],
  ] as const)('a %s node builds only its parts', async (role, runs) => {
    const config = harnessConfig(dir, { role, storeUrl: redis.url });
    const service = await wireService(config, {
      clock: systemClock,
      logger: pino({ level: 'silent' }),
    });
    try {
      expect({
        smtp: service.smtp !== null,
        pipeline: service.pipeline !== null,
        app: service.app !== null,
      }).toEqual(runs);
    } finally {
      await service.stop();
    }
  });
});
