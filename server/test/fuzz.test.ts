import type { MessageList } from '@et/common';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startHarness, type Harness } from './helpers/harness';
import { FUZZ_SEED, fuzzCorpus } from './helpers/mutate';
import { seededRandom } from './helpers/random';
import { splitTrace } from './helpers/trace';

const SMTP_MESSAGES = 2000;
const API_REQUESTS = 4000;

describe('fuzz (fixed seed)', () => {
  let h: Harness;
  let box: { email: string; token: string };
  let canaryId: string;
  const canary = Buffer.from('Subject: canarino\r\n\r\nDeve sopravvivere a tutto.\r\n');

  beforeAll(async () => {
    h = await startHarness({
      maxMessageBytes: 512 * 1024,
      mailboxMaxMessages: 10_000,
      mailboxMaxBytes: 2 ** 31,
      smtpMaxMessagesPerConnection: 10_000,
    });
    box = await h.createMailbox();
    await h.sendRaw(canary, box.email);
    const list = await h.app.inject({ url: '/api/v1/messages', headers: bearer(box.token) });
    canaryId = list.json<MessageList>().messages[0]!.id;
  });
  afterAll(async () => {
    await h.close();
  });

  it(`takes ${SMTP_MESSAGES} mutated messages over SMTP: every reply well-formed, nothing lost, every one readable`, async () => {
    const corpus = fuzzCorpus(SMTP_MESSAGES);
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: h.smtpPort,
      ignoreTLS: true,
      pool: true,
      maxConnections: 4,
      maxMessages: Infinity,
    });
    const outcomes = { accepted: 0, refused: 0 };
    const replies = new Set<string>();
    const batch = 50;
    for (let sent = 0; sent < SMTP_MESSAGES; sent += batch) {
      await Promise.all(
        Array.from({ length: batch }, async () => {
          const raw = corpus.next().value as Buffer;
          try {
            const info = await transport.sendMail({
              envelope: { from: 'f@example.org', to: [box.email] },
              raw,
            });
            expect(info.response).toMatch(/^250 /);
            outcomes.accepted++;
          } catch (err) {
            const reply = String((err as { response?: string }).response ?? err);
            // More than one From (a mutant may repeat the field) is refused by rule, not by fault.
            replies.add(/^550 5\.7\.1 More than one From/.test(reply) ? 'from' : reply.slice(0, 3));
            outcomes.refused++;
          }
        }),
      );
    }
    transport.close();
    // Refusals may only be the size limit or several From addresses; never one born of a crash.
    expect([...replies].filter((r) => r !== '552' && r !== 'from')).toEqual([]);
    expect(outcomes.accepted).toBeGreaterThan(SMTP_MESSAGES * 0.8);

    const { messages } = (
      await h.app.inject({ url: '/api/v1/messages', headers: bearer(box.token) })
    ).json<MessageList>();
    expect(messages).toHaveLength(outcomes.accepted + 1);
    for (const m of messages) {
      const detail = await h.app.inject({
        url: `/api/v1/messages/${m.id}`,
        headers: bearer(box.token),
      });
      expect(detail.statusCode, m.id).toBe(200);
      for (const a of detail.json<{ attachments: { id: string }[] }>().attachments) {
        const res = await h.app.inject({
          url: `/api/v1/messages/${m.id}/attachment/${a.id}`,
          headers: bearer(box.token),
        });
        expect(res.statusCode).toBe(200);
      }
    }
    const raw = await h.app.inject({
      url: `/api/v1/messages/${canaryId}/raw`,
      headers: bearer(box.token),
    });
    expect(splitTrace(raw.rawPayload).received.equals(canary)).toBe(true);
  }, 120_000);

  it(`answers ${API_REQUESTS} random API requests without a single 5xx`, async () => {
    const rnd = seededRandom(FUZZ_SEED + 1);
    const other = await h.createMailbox();
    const { messages } = (
      await h.app.inject({ url: '/api/v1/messages', headers: bearer(box.token) })
    ).json<MessageList>();
    const ids = [
      canaryId,
      messages[1]!.id,
      'A'.repeat(22),
      '..%2F..%2Fetc%2Fpasswd',
      '%00',
      'ü',
      '',
    ];
    const paths = [
      '/api/v1/mailboxes',
      '/api/v1/mailbox',
      '/api/v1/mailbox/extend',
      '/api/v1/messages',
      '/api/v1/events',
      '/api/v1/messages/{id}',
      '/api/v1/messages/{id}/raw',
      '/api/v1/messages/{id}/attachment/{n}',
      '/api/v1/../../etc/passwd',
      '/api/v1/messages/{id}/attachment/../../raw',
      '/api//v1/messages',
      '/api/v1/messages?limit=-1&x[]=1',
      '/api/v1/%ZZ',
      '/api/v1/messages/{id}%0d%0aX-Injected:1',
    ];
    // The canary's mailbox stays out of reach: the fuzz may delete the mailboxes it can open.
    const tokens = [
      other.token,
      '',
      'Bearer',
      `${box.token}x`,
      'A'.repeat(43),
      '\u0000',
      'a'.repeat(10_000),
    ];
    const bodies = [
      undefined,
      '',
      '{',
      '{"a":',
      'null',
      '[]',
      '"x"',
      '{"email":1}',
      JSON.stringify({ a: 'x'.repeat(30_000) }),
      '\u0000\u0001',
      '{"__proto__":{"polluted":true}}',
      'a=1&b=2',
    ];
    const methods = ['GET', 'POST', 'DELETE', 'PUT', 'PATCH', 'HEAD', 'OPTIONS'] as const;
    const types = [
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'application/json; charset=latin1',
      '',
    ];
    const statuses = new Map<number, number>();
    for (let i = 0; i < API_REQUESTS; i++) {
      const url = rnd
        .pick(paths)
        .replace('{id}', rnd.pick(ids))
        .replace('{n}', rnd.pick(['1', '2', '0', '-1', '999999', 'x']));
      const method = rnd.pick(methods);
      const token = rnd.pick(tokens);
      const body = rnd.pick(bodies);
      const headers: Record<string, string> = {};
      if (rnd.next() < 0.8) headers.authorization = rnd.next() < 0.9 ? `Bearer ${token}` : token;
      const type = rnd.pick(types);
      if (type) headers['content-type'] = type;
      // A stream that opens stays open: inject would wait for its end forever.
      const opensStream = url.startsWith('/api/v1/events') && method === 'GET';
      if (opensStream && headers.authorization === `Bearer ${other.token}`) continue;
      const res = await h.app.inject({
        method,
        url,
        headers,
        ...(body !== undefined && method !== 'GET' && method !== 'HEAD' ? { payload: body } : {}),
      });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(statuses.size).toBeGreaterThan(4);
    const raw = await h.app.inject({
      url: `/api/v1/messages/${canaryId}/raw`,
      headers: bearer(box.token),
    });
    expect(splitTrace(raw.rawPayload).received.equals(canary)).toBe(true);
  }, 120_000);
});
