import { generateKeyPairSync } from 'node:crypto';
import { checkSender, createDnsLookup } from '../../server/src/ingest/auth';
import { MAX_DKIM_HEADER_BYTES } from '../../server/src/ingest/auth/auth-bounds';
import { MAX_DKIM_SIGNATURES, MAX_SPF_QUESTIONS } from '../../server/src/ingest/auth/check-sender';
import { signed } from '../../server/test/helpers/dkim-sign';
import { startDns, type ZoneRecord } from '../../server/test/helpers/dns-server';
import { percentile } from '../lib/proc';
import type { Figure } from '../lib/report';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const DKIM_KEY = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;

/** The zones: an ordinary sender, and senders whose SPF fans out as far as the RFC lets it. */
const RECORDS: ZoneRecord[] = [
  { type: 'TXT', name: 'good.test', text: 'v=spf1 ip4:127.0.0.1 -all' },
  { type: 'TXT', name: 'sel._domainkey.good.test', text: DKIM_KEY },
  { type: 'TXT', name: '_dmarc.good.test', text: 'v=DMARC1; p=reject' },
  // Nine MX sets of ten hosts each, every host a name of its own: 190 questions for one message
  // without our bound.
  {
    type: 'TXT',
    name: 'wide.test',
    text: `v=spf1 ${Array.from({ length: 9 }, (_, i) => `mx:m${i}.wide.test`).join(' ')} -all`,
  },
  ...Array.from({ length: 9 }, (_, i) =>
    Array.from({ length: 10 }, (_, j) => [
      {
        type: 'MX' as const,
        name: `m${i}.wide.test`,
        exchange: `h${i}-${j}.wide.test`,
        priority: j,
      },
      { type: 'A' as const, name: `h${i}-${j}.wide.test`, address: `192.0.2.${100 + j}` },
    ]),
  ).flat(2),
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
  // A name glued from 100 local parts (`%{l}`) that mailauth's name check fails: 20,000
  // characters in one label for a local part of 200.
  { type: 'TXT', name: 'macro.test', text: `v=spf1 exists:x.${'%{l}'.repeat(100)}_ -all` },
  // A sender that asks for its spoofs to be rejected and sends from elsewhere.
  { type: 'TXT', name: 'bank.test', text: 'v=spf1 ip4:192.0.2.1 -all' },
  { type: 'TXT', name: '_dmarc.bank.test', text: 'v=DMARC1; p=reject' },
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

const sign = (raw: Buffer, headerList?: string) =>
  signed(raw, { domain: 'good.test', selector: 'sel', privateKey: PEM, headerList });

/** A message from `from` with `head` fields on top and `body` as its body. */
function compose(from: string, head: string, body: string): Buffer {
  return Buffer.from(
    `${head}From: <${from}>\r\nTo: <inbox@bench.test>\r\nSubject: Il tuo codice\r\n` +
      `Date: Wed, 25 Nov 2026 08:00:00 +0000\r\nMessage-ID: <1@bench.test>\r\n\r\n${body}`,
    'latin1',
  );
}

/** `raw` with its first `from` replaced by `to`, bytes unchanged elsewhere. */
const edit = (raw: Buffer, from: string, to: string) =>
  Buffer.from(raw.toString('latin1').replace(from, to), 'latin1');

interface Case {
  id: string;
  label: string;
  hostile: { raw: Buffer; sender: string };
  ordinary: { raw: Buffer; sender: string };
}

/** What one check of a message came to: its words, and the questions it asked. */
interface Seen {
  results: string;
  questions: number;
}

/**
 * What the sender checks cost on hostile mail, for information (docs/architecture.md, "Hostile
 * mail": past the reading's deadline a worker is replaced; no per-step goal): each hostile case
 * against an ordinary signed message of the same size, checked in turns in this process by
 * mailauth as the server checks it, against a local dnsmasq, every check with a resolver of its
 * own (the node keeps no answers). CPU of this process per check, medians of the turns of some
 * 300 ms each (100 with `quick`); a check of over a second is timed once. The questions asked and
 * the results in the note. Returns the figures for the caller to report.
 */
export async function runHostileAuth(opts: { quick: boolean }): Promise<Figure[]> {
  const dns = await startDns(
    ['good.test', 'wide.test', 'fan.test', 'macro.test', 'bank.test'],
    RECORDS,
    { ttlSeconds: 300 },
  );
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
        label: `SPF of nine 10-host MX sets (stops at ${MAX_SPF_QUESTIONS} questions)`,
        hostile: { raw: await sign(message('info@wide.test', 1024)), sender: 'info@wide.test' },
        ordinary: { raw: ordinary1k, sender: 'bounce@good.test' },
      },
      {
        id: 'spf-include',
        label: 'SPF of twelve includes with a: terms (stops at ten look-ups)',
        hostile: { raw: await sign(message('info@fan.test', 1024)), sender: 'info@fan.test' },
        ordinary: { raw: ordinary1k, sender: 'bounce@good.test' },
      },
      ...(await mailauthCases()),
    ];

    const seen = new Map<Buffer, Seen>();
    const checkOnce = async (input: { raw: Buffer; sender: string }) => {
      let questions = 0;
      const lookup = createDnsLookup({ servers: [dns.server], timeoutMs: 2000, tries: 2 });
      const { results: r } = await checkSender(
        input.raw,
        { ip: '127.0.0.1', helo: 'client.bench.test', sender: input.sender },
        {
          hostname: 'mx.bench.test',
          timeoutMs: 2000,
          lookup: (name, rrtype) => {
            questions++;
            return lookup(name, rrtype);
          },
        },
      );
      seen.set(input.raw, {
        results: `spf=${r.spf} dkim=${r.dkim} dmarc=${r.dmarc}`,
        questions,
      });
    };
    /** CPU ms per check of `input`, over `n` checks one after another. */
    const cpuPerCheck = async (input: { raw: Buffer; sender: string }, n: number) => {
      const start = process.cpuUsage();
      for (let i = 0; i < n; i++) await checkOnce(input);
      const used = process.cpuUsage(start);
      return (used.user + used.system) / 1000 / n;
    };

    const figures: Figure[] = [];
    for (const c of cases) {
      // Warm-up: JIT and the key parse paths, not counted; a check of over a second is timed
      // once, against five of the ordinary message.
      const first = await cpuPerCheck(c.hostile, 1);
      const once = first > 1000;
      if (!once) await cpuPerCheck(c.hostile, 2);
      await cpuPerCheck(c.ordinary, 3);
      const turns = once ? 1 : opts.quick ? 3 : 7;
      // Each turn some 100 ms of checks (30 at most) with --quick, 300 without.
      const perTurn = (ms: number) =>
        Math.max(1, Math.min(30, Math.floor((opts.quick ? 100 : 300) / Math.max(ms, 0.01))));
      const hostileN = once ? 1 : perTurn(first);
      const ordinaryN = perTurn(await cpuPerCheck(c.ordinary, 1));
      const hostile: number[] = once ? [first] : [];
      const ordinary: number[] = once ? [await cpuPerCheck(c.ordinary, 5)] : [];
      for (let t = 0; !once && t < turns; t++) {
        if (t % 2) {
          ordinary.push(await cpuPerCheck(c.ordinary, ordinaryN));
          hostile.push(await cpuPerCheck(c.hostile, hostileN));
        } else {
          hostile.push(await cpuPerCheck(c.hostile, hostileN));
          ordinary.push(await cpuPerCheck(c.ordinary, ordinaryN));
        }
      }
      const work = seen.get(c.hostile.raw)!;
      const plain = seen.get(c.ordinary.raw)!;
      figures.push({
        id: `hostile.auth.${c.id}.cpu`,
        label: `sender checks, ${c.label}, ${Math.round(c.hostile.raw.length / 1024)} KB: CPU`,
        unit: 'ms/msg',
        ours: percentile(hostile, 50),
        baseline: { name: 'ordinary signed message, same size', value: percentile(ordinary, 50) },
        note:
          `questions ${work.questions} (ordinary: ${plain.questions}); nothing kept between ` +
          'checks; ' +
          (once
            ? 'timed once (over a second); '
            : `medians of ${turns} turns of ${hostileN} (ordinary ${ordinaryN}); `) +
          `results ${work.results}; dnsmasq's own CPU not counted`,
      });
    }
    return figures;
  } finally {
    await dns.stop();
  }
}

/**
 * Messages at the steps of mailauth 4.13.3 that are not linear, or linear with a large constant
 * (ingest/auth/auth-bounds.ts): past the header cap, where its DKIM is not run; within it, at the
 * worst each step reaches there; and bodies its hashers read byte by byte. Against an ordinary
 * signed message of the same size.
 */
async function mailauthCases(): Promise<Case[]> {
  const like = async (raw: Buffer) => ({
    raw: await sign(message('news@good.test', raw.length)),
    sender: 'bounce@good.test',
  });
  const hostile = (raw: Buffer, sender = 'bounce@good.test') => ({ raw, sender });
  const folded = `X-Folded: a${'\r\n b'.repeat(40_000)}\r\n`;
  const plain = compose('news@good.test', '', 'Ciao,\r\nil tuo codice è 482913.\r\n');
  // What a field may hold within the cap: the cap less the rest of a signed header.
  const room = MAX_DKIM_HEADER_BYTES - 2048;
  const make: [string, string, Buffer, string?][] = [
    // Not hostile: what mailauth costs on an ordinary 1 MB message.
    [
      'ordinary',
      'an ordinary signed message of 1 MB',
      await sign(message('news@good.test', 1024 * 1024)),
    ],
    [
      'folds',
      'a header of 40,000 folded lines, signed (past the cap)',
      await sign(compose('news@good.test', folded, 'Ciao.\r\n'), 'from:subject:x-folded'),
    ],
    [
      'spoof-padded',
      'a p=reject spoof padded with 40,000 header lines (past the cap)',
      compose('sicurezza@bank.test', folded, 'Ciao.\r\n'),
      'sicurezza@bank.test',
    ],
    [
      'from',
      `a From of ${Math.round(room / 1024)} KB without an address (within the cap)`,
      await sign(edit(plain, 'From: <news@good.test>', `From: ${'a.'.repeat(room / 2)}`)),
    ],
    [
      'separators',
      `a DKIM-Signature with ${room.toLocaleString('en-US')} semicolons (within the cap)`,
      edit(await sign(plain), 'DKIM-Signature: ', `DKIM-Signature: v=1${';'.repeat(room)}x; `),
    ],
    [
      'line-breaks',
      `a Subject with ${room.toLocaleString('en-US')} bare CRs (within the cap)`,
      await sign(edit(plain, 'Subject: Il tuo codice', `Subject: a${'\r'.repeat(room)}b`)),
    ],
    [
      'bare-lf',
      'a body of 1 MB of lines ending in a bare LF',
      await sign(compose('news@good.test', '', 'a\n'.repeat(512 * 1024))),
    ],
    [
      'relax',
      'a body of 1 MB of lines to relax',
      await sign(compose('news@good.test', '', 'a\t\r\n'.repeat(256 * 1024))),
    ],
    [
      'long-line',
      'a body of one line of 2 MB',
      await sign(compose('news@good.test', '', 'a'.repeat(2 * 1024 * 1024))),
    ],
    [
      'spf-macros',
      'SPF of a name of 100 local parts of 200 characters',
      await sign(compose(`${'a'.repeat(200)}@macro.test`, '', 'Ciao.\r\n')),
      `${'a'.repeat(200)}@macro.test`,
    ],
  ];
  const cases: Case[] = [];
  for (const [id, label, raw, sender] of make) {
    cases.push({
      id: `mailauth-${id}`,
      label,
      hostile: hostile(raw, sender),
      ordinary: await like(raw),
    });
  }
  return cases;
}
