import type { CreatedMailbox, DomainList, MessageList } from '@et/common';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, newToken } from '../src/domain/token';
import { bearer, startHarness, type Harness } from './helpers/harness';
import { startRedis, type TestRedis } from './helpers/redis-server';
import { openSmtp } from './helpers/smtp-client';

const ACTIVE = ['uno.test', 'due.test', 'tre.test'];
const RETIRED = ['vecchio.test'];

/** The RCPT reply of the harness's SMTP server for `address`. */
async function rcptReply(h: Harness, address: string) {
  const s = await openSmtp(h.smtpPort);
  await s.command('EHLO probe.test');
  await s.command('MAIL FROM:<probe@example.org>');
  const reply = await s.command(`RCPT TO:<${address}>`);
  s.close();
  return reply;
}

describe.each(['sqlite', 'redis'] as const)('several mail domains, %s store', (mode) => {
  let redis: TestRedis | undefined;
  const harnesses: Harness[] = [];

  beforeAll(async () => {
    if (mode === 'redis') redis = await startRedis();
  });
  afterEach(async () => {
    await Promise.all(harnesses.splice(0).map((h) => h.close()));
  });
  afterAll(async () => {
    await redis?.stop();
  });

  /** A node hosting ACTIVE and RETIRED; in Redis mode every node shares the one Redis. */
  async function node(): Promise<Harness> {
    const h = await startHarness({
      mailDomains: ACTIVE,
      mailDomainsRetired: RETIRED,
      ...(redis ? { storeUrl: redis.url } : {}),
    });
    harnesses.push(h);
    return h;
  }

  const create = (h: Harness, body?: unknown) =>
    h.app.inject({
      method: 'POST',
      url: '/api/v1/mailboxes',
      ...(body === undefined ? {} : { payload: body as object }),
    });

  const inbox = async (h: Harness, token: string) =>
    (await h.app.inject({ url: '/api/v1/messages', headers: bearer(token) })).json<MessageList>();

  it('lists the active domains, in the order configured, without a token', async () => {
    const h = await node();
    const res = await h.app.inject({ url: '/api/v1/domains' });
    expect(res.statusCode).toBe(200);
    expect(res.json<DomainList>()).toEqual({ domains: ACTIVE });
  });

  it('makes the address on the domain asked for, and mail to it arrives', async () => {
    const h = await node();
    for (const domain of ACTIVE) {
      const res = await create(h, { domain: domain.toUpperCase() });
      expect(res.statusCode).toBe(201);
      const box = res.json<CreatedMailbox>();
      expect(box.email).toMatch(new RegExp(`^[a-z][a-z0-9]{11}@${domain.replace('.', '\\.')}$`));
      await h.sendRaw(`Subject: per ${domain}\r\n\r\nCiao\r\n`, box.email);
      expect((await inbox(h, box.token)).messages.map((m) => m.subject)).toEqual([`per ${domain}`]);
    }
  });

  it('spreads new addresses over every active domain, never a retired one', async () => {
    const h = await node();
    const seen = new Map<string, number>();
    // Each of three domains missed by 60 uniform draws: 3 · (2/3)^60 ≈ 1e-10.
    for (let i = 0; i < 60; i++) {
      const res = await create(h, i % 2 ? {} : undefined);
      expect(res.statusCode).toBe(201);
      const domain = res.json<CreatedMailbox>().email.split('@')[1]!;
      seen.set(domain, (seen.get(domain) ?? 0) + 1);
    }
    expect([...seen.keys()].sort()).toEqual([...ACTIVE].sort());
  });

  it('answers a retired or unknown domain with 400 and its own code', async () => {
    const h = await node();
    const retired = await create(h, { domain: 'vecchio.test' });
    expect(retired.statusCode).toBe(400);
    expect(retired.json()).toEqual({
      error: { code: 'DOMAIN_RETIRED', message: expect.stringContaining('vecchio.test') },
    });
    for (const domain of ['altro.test', '', 'uno.test.', 'x'.repeat(300)]) {
      const res = await create(h, { domain });
      expect(res.statusCode, domain).toBe(400);
      expect(res.json().error.code, domain).toBe(
        domain.length > 253 ? 'BAD_REQUEST' : 'UNKNOWN_DOMAIN',
      );
    }
    const wrongType = await create(h, { domain: { name: 'uno.test' } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    const notObject = await h.app.inject({
      method: 'POST',
      url: '/api/v1/mailboxes',
      headers: { 'content-type': 'application/json' },
      payload: '"uno.test"',
    });
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    const plainText = await create(h, 'uno.test');
    expect(plainText.statusCode).toBe(415);
    expect(plainText.json()).toMatchObject({ error: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
  });

  it('takes mail for the live addresses and role mailboxes of a retired domain only', async () => {
    const h = await node();
    // An address made before its domain was retired.
    const now = h.clock.now();
    const token = newToken();
    const address = 'k3q9x0b2mzaa@vecchio.test';
    expect(
      await h.store.createMailbox({
        address,
        tokenHash: hashToken(token),
        createdAt: now,
        expiresAt: now + 600_000,
      }),
    ).toBe(true);
    await h.sendRaw('Subject: ancora qui\r\n\r\nCiao\r\n', address);
    expect((await inbox(h, token)).messages.map((m) => m.subject)).toEqual(['ancora qui']);
    expect(await rcptReply(h, 'postmaster@vecchio.test')).toMatch(/^250 /);
    expect(await rcptReply(h, 'abuse@vecchio.test')).toMatch(/^250 /);
    expect(await rcptReply(h, 'zzzzzzzzzzzz@vecchio.test')).toMatch(/^550 5\.1\.1 /);
    expect(await rcptReply(h, 'postmaster@altro.test')).toMatch(/^550 5\.7\.1 /);
  });

  if (mode === 'redis') {
    it('an address made on one node for a domain receives mail through another', async () => {
      const [a, b] = [await node(), await node()];
      const box = (await create(a, { domain: 'tre.test' })).json<CreatedMailbox>();
      expect(box.email).toMatch(/@tre\.test$/);
      await b.sendRaw('Subject: da un altro nodo\r\n\r\nCiao\r\n', box.email);
      expect((await inbox(b, box.token)).messages.map((m) => m.subject)).toEqual([
        'da un altro nodo',
      ]);
      expect((await inbox(a, box.token)).messages).toHaveLength(1);
    });
  }
});
