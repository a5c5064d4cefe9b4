import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, expect } from 'vitest';
import { createDnsResolver } from '../../src/ingest/auth/dns-resolver';
import {
  createMessageAuth,
  type AnsweredBy,
  type AuthOutcome,
  type AuthWork,
  type SenderFacts,
} from '../../src/ingest/auth/message-auth';
import { startDns, startSilentDns, type TestDns, type ZoneRecord } from './dns-server';

/** What one check came to, on one path. */
export interface PathRun {
  outcome: AuthOutcome;
  work: AuthWork;
  answered: AnsweredBy;
  /** The questions the DNS server got, sorted (DKIM and SPF ask side by side). */
  questions: string[];
}

/** One check of `raw` with the fast paths on or off, with a resolver of its own. */
async function runOnce(
  dns: TestDns,
  raw: Buffer,
  facts: SenderFacts,
  fast: boolean,
  timeoutMs: number,
): Promise<PathRun> {
  let work: AuthWork | undefined;
  let answered: AnsweredBy | undefined;
  const before = dns.queries().length;
  const check = createMessageAuth({
    lookup: createDnsResolver({ servers: [dns.server], timeoutMs, now: () => performance.now() }),
    hostname: 'mx.test',
    timeoutMs,
    fastPaths: { dkim: fast, spf: fast, dmarc: fast },
    onWork: (w) => (work = w),
    onAnswered: (a) => (answered = a),
  });
  const outcome = await check(raw, facts);
  return {
    outcome,
    work: work!,
    answered: answered!,
    questions: dns.queries().slice(before).sort(),
  };
}

type Path = 'fast' | 'plain' | null;

/**
 * Checks `raw` with the fast paths and with mailauth alone, and expects the two to agree on
 * everything: the results, the Authentication-Results field byte for byte, the work counted and
 * the questions the DNS server got. `paths` says which path must have answered each check with
 * the fast paths on (DKIM, SPF, DMARC), so that a fast path that left everything to mailauth
 * fails the test. Resolves the fast run.
 */
export async function expectSameOnBothPaths(
  dns: TestDns,
  raw: Buffer,
  facts: SenderFacts,
  paths: readonly [Path, Path, Path],
  timeoutMs = 2000,
): Promise<PathRun> {
  const fast = await runOnce(dns, raw, facts, true, timeoutMs);
  const plain = await runOnce(dns, raw, facts, false, timeoutMs);
  expect(fast.outcome.header).toBe(plain.outcome.header);
  expect(fast.outcome.results).toEqual(plain.outcome.results);
  expect(fast.work).toEqual(plain.work);
  expect(fast.questions).toEqual(plain.questions);
  expect([fast.answered.dkim, fast.answered.spf, fast.answered.dmarc]).toEqual(paths);
  return fast;
}

/** An RSA or Ed25519 key pair for a test zone: the private key, and its DKIM key record. */
export function dkimKey(
  kind: 'rsa' | 'ed25519',
  bits = 2048,
): { privateKey: string; record: string; key: KeyObject } {
  if (kind === 'ed25519') {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    // RFC 8463 §4.2: the raw 32-byte key, the last bytes of its SubjectPublicKeyInfo.
    const raw = publicKey.export({ type: 'spki', format: 'der' }).subarray(-32);
    return {
      privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      record: `v=DKIM1; k=ed25519; p=${raw.toString('base64')}`,
      key: publicKey,
    };
  }
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: bits });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    record: `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`,
    key: publicKey,
  };
}

/**
 * A dnsmasq serving `zones` to the tests of the describe block that calls this, with `slow.test`
 * handed to a server that never answers: started before its tests, stopped after them. Returns
 * the running server.
 */
export function zonesForTests(zones: string[], records: readonly ZoneRecord[]): () => TestDns {
  let dns: TestDns | undefined;
  let silent: TestDns | undefined;
  beforeAll(async () => {
    silent = await startSilentDns();
    dns = await startDns(zones, [...records], {
      ttlSeconds: 300,
      forward: { 'slow.test': silent.server },
    });
  });
  afterAll(async () => {
    await Promise.all([dns?.stop(), silent?.stop()]);
  });
  return () => dns!;
}
