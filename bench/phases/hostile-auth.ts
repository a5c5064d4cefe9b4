import { generateKeyPairSync } from 'node:crypto';
import { dkimSign } from 'mailauth/lib/dkim/sign.js';
import { createDnsResolver } from '../../server/src/ingest/dns-resolver';
import {
  createMessageAuth,
  MAX_DKIM_SIGNATURES,
  MAX_SPF_QUERIES,
  type AuthWork,
} from '../../server/src/ingest/message-auth';
import { startDns, type ZoneRecord } from '../../server/test/helpers/dns-server';
import { percentile } from '../lib/proc';
import type { Figure } from '../lib/report';

/** The hostile-mail budget: no message costs more than this times an ordinary one of its size. */
const BUDGET_RATIO = 5;

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const DKIM_KEY = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;

/** The zones: an ordinary sender, and senders whose SPF fans out as far as the RFC lets it. */
const RECORDS: ZoneRecord[] = [
  { type: 'TXT', name: 'good.test', text: 'v=spf1 ip4:127.0.0.1 -all' },
  { type: 'TXT', name: 'sel._domainkey.good.test', text: DKIM_KEY },
  { type: 'TXT', name: '_dmarc.good.test', text: 'v=DMARC1; p=reject' },
  // Nine MX sets of ten hosts each: 190 questions for one message without our cap.
  {
    type: 'TXT',
    name: 'wide.test',
    text: `v=spf1 ${Array.from({ length: 9 }, (_, i) => `mx:m${i}.wide.test`).join(' ')} -all`,
  },
  ...Array.from({ length: 9 }, (_, i) =>
    Array.from({ length: 10 }, (_, j) => ({
      type: 'MX' as const,
      name: `m${i}.wide.test`,
      exchange: `h${j}.wide.test`,
      priority: j,
    })),
  ).flat(),
  ...Array.from({ length: 10 }, (_, j) => ({
    type: 'A' as const,
    name: `h${j}.wide.test`,
    address: `192.0.2.${100 + j}`,
  })),
  { type: 'TXT', name: '_dmarc.wide.test', text: 'v=DMARC1; p=reject' },
  // Twelve includes, each with an a: term: past RFC 7208's ten look-ups.
  {
    type: 'TXT',
    name: 'fan.test',
    text: `v=spf1 ${Array.from({ length: 12 }, (_, i) => `include:i${i}.fan.test`).join(' ')} -all`,
  },
  ...Array.from({ length: 12 }, (_, i) => ({
    type: 'TXT' as const,
    name: `i${i}.fan.test`,
    text: `v=spf1 a:h${i}.fan.test -all`,
  })),
  ...Array.from({ length: 12 }, (_, i) => ({
    type: 'A' as const,
    name: `h${i}.fan.test`,
    address: '192.0.2.1',
  })),
  { type: 'TXT', name: '_dmarc.fan.test', text: 'v=DMARC1; p=reject' },
];

/** A message from `from` whose body pads it to about `bytes`. */
function message(from: string, bytes: number): Buffer {
  const head =
    `From: <${from}>\r\nTo: <inbox@bench.test>\r\nSubject: Il tuo codice\r\n` +
    `Date: Wed, 25 Nov 2026 08:00:00 +0000\r\nMessage-ID: <1@${from.split('@')[1]}>\r\n\r\n`;
  const line = 'Il tuo codice di verifica è 482913.\r\n';
  return Buffer.from(
    head + line.repeat(Math.max(1, Math.ceil((bytes - head.length) / line.length))),
  );
}

async function sign(raw: Buffer): Promise<Buffer> {
  const key = { signingDomain: 'good.test', selector: 'sel', privateKey: PEM };
  const { signatures } = await dkimSign(raw, { ...key, signatureData: [key] });
  return Buffer.concat([Buffer.from(signatures), raw]);
}

interface Case {
  id: string;
  label: string;
  hostile: { raw: Buffer; sender: string };
  ordinary: { raw: Buffer; sender: string };
}

/**
 * The hostile-mail budget of the sender checks: each hostile case against an ordinary signed
 * message of the same size, checked in turns in this process against a local dnsmasq, every
 * check with a resolver of its own (nothing kept: the worst case, a sender who makes every name
 * new). CPU of this process per check, medians of the turns; the work (questions, signatures)
 * in the note. Returns the figures for the caller to report.
 */
export async function runHostileAuth(opts: { quick: boolean }): Promise<Figure[]> {
  const dns = await startDns(['good.test', 'wide.test', 'fan.test'], RECORDS, { ttlSeconds: 300 });
  try {
    const ordinary1k = await sign(message('news@good.test', 1024));
    let fifty = message('news@good.test', 1024);
    for (let i = 0; i < 50; i++) fifty = await sign(fifty);
    const cases: Case[] = [
      {
        id: 'dkim50',
        label: `50 DKIM signatures (the first ${MAX_DKIM_SIGNATURES} verified)`,
        hostile: { raw: fifty, sender: 'bounce@good.test' },
        ordinary: {
          raw: await sign(message('news@good.test', fifty.length)),
          sender: 'bounce@good.test',
        },
      },
      {
        id: 'spf-mx',
        label: `SPF of nine 10-host MX sets (stops at ${MAX_SPF_QUERIES} questions)`,
        hostile: { raw: await sign(message('info@wide.test', 1024)), sender: 'info@wide.test' },
        ordinary: { raw: ordinary1k, sender: 'bounce@good.test' },
      },
      {
        id: 'spf-include',
        label: 'SPF of twelve includes with a: terms (stops at ten look-ups)',
        hostile: { raw: await sign(message('info@fan.test', 1024)), sender: 'info@fan.test' },
        ordinary: { raw: ordinary1k, sender: 'bounce@good.test' },
      },
    ];

    const checkOnce = async (input: { raw: Buffer; sender: string }) => {
      let work: AuthWork | undefined;
      const check = createMessageAuth({
        lookup: createDnsResolver({
          servers: [dns.server],
          timeoutMs: 2000,
          now: () => performance.now(),
        }),
        hostname: 'mx.bench.test',
        timeoutMs: 2000,
        onWork: (w) => (work = w),
      });
      await check(input.raw, { ip: '127.0.0.1', helo: 'client.bench.test', sender: input.sender });
      return work!;
    };
    /** CPU ms per check of `input`, over `n` checks one after another. */
    const cpuPerCheck = async (input: { raw: Buffer; sender: string }, n: number) => {
      const start = process.cpuUsage();
      for (let i = 0; i < n; i++) await checkOnce(input);
      const used = process.cpuUsage(start);
      return (used.user + used.system) / 1000 / n;
    };

    const turns = opts.quick ? 3 : 7;
    const perTurn = opts.quick ? 10 : 30;
    const figures: Figure[] = [];
    for (const c of cases) {
      // Warm-up: JIT and the key parse paths, not counted.
      await cpuPerCheck(c.hostile, 3);
      await cpuPerCheck(c.ordinary, 3);
      const hostile: number[] = [];
      const ordinary: number[] = [];
      for (let t = 0; t < turns; t++) {
        if (t % 2) {
          ordinary.push(await cpuPerCheck(c.ordinary, perTurn));
          hostile.push(await cpuPerCheck(c.hostile, perTurn));
        } else {
          hostile.push(await cpuPerCheck(c.hostile, perTurn));
          ordinary.push(await cpuPerCheck(c.ordinary, perTurn));
        }
      }
      const work = await checkOnce(c.hostile);
      const plain = await checkOnce(c.ordinary);
      const asked = (w: AuthWork) => w.queries.dkim + w.queries.spf + w.queries.dmarc;
      figures.push({
        id: `hostile.auth.${c.id}.cpu`,
        label: `sender checks, ${c.label}, ${Math.round(c.hostile.raw.length / 1024)} KB: CPU`,
        unit: 'ms/msg',
        ours: percentile(hostile, 50),
        baseline: { name: 'ordinary signed message, same size', value: percentile(ordinary, 50) },
        goal: { on: 'ratio', op: '<=', limit: BUDGET_RATIO },
        note:
          `questions ${asked(work)}, signatures verified ${work.signatures} ` +
          `(ordinary: ${asked(plain)}, ${plain.signatures}); nothing kept between checks; ` +
          `medians of ${turns} turns of ${perTurn}; dnsmasq's own CPU not counted`,
      });
    }
    return figures;
  } finally {
    await dns.stop();
  }
}
