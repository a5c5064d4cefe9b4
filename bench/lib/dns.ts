import { generateKeyPairSync } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dkimSignature, type SignWith } from '../../server/test/helpers/dkim-sign';
import { startDns, type TestDns } from '../../server/test/helpers/dns-server';
import { BENCH_DOMAIN } from './server';

/** The DKIM selector of the bench's domain. */
const SELECTOR = 'bench';

/** The TTL of every bench record: five minutes, as many senders publish theirs. */
const TTL_SECONDS = 300;

export interface BenchDns extends TestDns {
  /** The bench domain's DKIM key, whose public half the resolver publishes. */
  key: SignWith;
  /** Prepends a DKIM-Signature of the bench domain (RSA 2048) to the message in `path`. */
  signFile(path: string): Promise<void>;
}

/**
 * A local resolver for the bench server's sender checks, as an operator runs one beside the
 * node: dnsmasq answering for the bench's sender domains (SPF for 127.0.0.1, a DKIM key, a
 * DMARC policy; example.org for the arrival probes) with a TTL of five minutes, so the server
 * keeps the answers as it would keep a real sender's.
 */
export async function startBenchDns(): Promise<BenchDns> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const key = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  const dns = await startDns(
    [BENCH_DOMAIN, 'example.org'],
    [
      { type: 'TXT', name: BENCH_DOMAIN, text: 'v=spf1 ip4:127.0.0.1 -all' },
      {
        type: 'TXT',
        name: `${SELECTOR}._domainkey.${BENCH_DOMAIN}`,
        text: `v=DKIM1; k=rsa; p=${key}`,
      },
      { type: 'TXT', name: `_dmarc.${BENCH_DOMAIN}`, text: 'v=DMARC1; p=reject' },
      { type: 'TXT', name: 'example.org', text: 'v=spf1 ip4:127.0.0.1 -all' },
      { type: 'TXT', name: '_dmarc.example.org', text: 'v=DMARC1; p=none' },
    ],
    { ttlSeconds: TTL_SECONDS },
  );
  const signWith: SignWith = { domain: BENCH_DOMAIN, selector: SELECTOR, privateKey: pem };
  return {
    ...dns,
    key: signWith,
    async signFile(path) {
      const raw = readFileSync(path);
      const signatures = await dkimSignature(raw, signWith);
      const eol = raw.includes('\r\n') ? '\r\n' : '\n';
      writeFileSync(path, Buffer.concat([Buffer.from(signatures.replace(/\r\n/g, eol)), raw]));
    },
  };
}

/**
 * A DKIM-signed message of about 1 KB from the bench domain, written to `path`: an ordinary
 * sign-up mail as most senders now send it, for the figures of the checks' cost.
 */
export async function writeSignedMessage(dns: BenchDns, path: string): Promise<string> {
  const body = 'Il tuo codice di verifica è 482913. Scade tra dieci minuti.\n'.repeat(12);
  writeFileSync(
    path,
    [
      `From: Bench Sender <sender@${BENCH_DOMAIN}>`,
      `To: <bench@${BENCH_DOMAIN}>`,
      'Subject: bench signed 1k message',
      `Date: ${new Date().toUTCString()}`,
      `Message-ID: <signed-1k@${BENCH_DOMAIN}>`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: 8bit',
      '',
      body,
    ].join('\n'),
  );
  await dns.signFile(path);
  return path;
}
