import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { extractVerification, findTextLinks } from '../src/domain/verification';
import {
  countCodeFinderWork,
  MAX_KEYWORDS_PER_LINE,
  MAX_SCORED_CANDIDATES,
  type CodeFinderWork,
} from '../src/domain/verification/code-finder';
import { startReadingPool, type ReadingPool } from '../src/ingest/reading';
import { HEAVY_MESSAGE_MS } from '../src/ingest/reading/reading-pool';
import { makePreview } from '../src/ingest/reading/read-message';
import {
  capNesting,
  capTags,
  countHtmlScanWork,
  MAX_HTML_NESTING,
  maxTags,
  MIN_TAGS,
  scanMailHtml,
  tagsOf,
  type HtmlScanWork,
} from '../src/ingest/reading/sanitize';
import { generateKeyPairSync } from 'node:crypto';
import {
  composeMessage,
  HOSTILE_HTML,
  HOSTILE_MESSAGES,
  HOSTILE_TEXTS,
  ordinaryHtml,
  ordinaryMessage,
  ordinaryText,
  randomHostileText,
} from './helpers/hostile-inputs';
import { cpuRatio } from './helpers/cpu';
import { signed } from './helpers/dkim-sign';
import { startDns, type TestDns } from './helpers/dns-server';
import { emlFiles, htmlOf } from './helpers/fixtures';
import { seededRandom } from './helpers/random';
import { nestedMime } from './helpers/worst-inputs';

/** What the heuristic scans of each part (domain/verification/text.ts). */
const SCAN_CHARS = 30_000;

const inputOf = (text: string) => ({
  subject: 'Il tuo codice di verifica',
  text,
  htmlText: text,
  links: findTextLinks(text),
});

/** The worst inputs `npm run bench -- hostile` found for the heuristic (bench/README.md). */
const WORST = [
  'keyword+alnum code',
  'keyword+numeric code',
  'codice+4 digits',
  'code word, code line',
  'keywords line then a code alone',
  'keyword, decoy, code',
  'qualified codes',
  'line breaks',
];
const worstTexts = HOSTILE_TEXTS.filter((t) => WORST.includes(t.name));
worstTexts.sort((a, b) => WORST.indexOf(a.name) - WORST.indexOf(b.name));

/** What `scanMailHtml` did on `html`. */
function scanWork(html: string): HtmlScanWork {
  const work: HtmlScanWork = { textEvents: 0, tags: 0 };
  countHtmlScanWork(work);
  try {
    scanMailHtml(html);
  } finally {
    countHtmlScanWork(null);
  }
  return work;
}

const byName = <T extends { name: string }>(items: T[], name: string): T => {
  const found = items.find((i) => i.name === name);
  if (!found) throw new Error(`no input named ${name}`);
  return found;
};

describe('the verification heuristic on hostile mail', () => {
  afterEach(() => countCodeFinderWork(null));

  it('knows every input the test pins', () => {
    expect(worstTexts.map((t) => t.name)).toEqual(WORST);
  });

  it.each(worstTexts.map((t) => [t.name, t] as const))(
    'scores a bounded number of candidates and pairs: %s',
    (_, hostile) => {
      const work: CodeFinderWork = { scored: 0, pairs: 0, keywordLines: 0 };
      countCodeFinderWork(work);
      extractVerification(inputOf(hostile.make(SCAN_CHARS)));
      // Three sources (subject, HTML text, text), each capped.
      expect(work.scored).toBeLessThanOrEqual(3 * MAX_SCORED_CANDIDATES);
      expect(work.pairs).toBeLessThanOrEqual(work.scored * MAX_KEYWORDS_PER_LINE);
      // Keywords are looked for on the lines the scored candidates stand on and beside.
      expect(work.keywordLines).toBeLessThanOrEqual(3 * 3 * MAX_SCORED_CANDIDATES);
    },
  );

  it('reads once a line that the HTML and the text both say', () => {
    const text = 'Ciao,\n\nIl tuo codice di verifica è 482913.\nScade tra 10 minuti.\n';
    const read = (htmlText: string) => {
      const work: CodeFinderWork = { scored: 0, pairs: 0, keywordLines: 0 };
      countCodeFinderWork(work);
      const found = extractVerification({ subject: 'Benvenuto', text, htmlText, links: [] });
      return { found, work };
    };
    const textOnly = read('');
    const multipart = read(text);
    expect(textOnly.found.code).toBe('482913');
    expect(multipart.found).toEqual(textOnly.found);
    expect(multipart.work.keywordLines).toBe(textOnly.work.keywordLines);
    expect(multipart.work.pairs).toBe(textOnly.work.pairs);
  });

  it('costs no more per KB than a few ordinary messages of the same size', async () => {
    const ordinary = inputOf(ordinaryText(SCAN_CHARS));
    for (const hostile of worstTexts) {
      const input = inputOf(hostile.make(SCAN_CHARS));
      // In turns, so that a busy machine weighs on both alike; the goal is 5x, the margin 2x.
      const ratio = await cpuRatio(
        () => extractVerification(input),
        () => extractVerification(ordinary),
      );
      expect(ratio, hostile.name).toBeLessThan(10);
    }
  });

  it('still finds the code at the top of an ordinary message', () => {
    expect(extractVerification(inputOf(ordinaryText(SCAN_CHARS))).code).toBe('482913');
  });
});

// The goal is 5x an ordinary input of the same size (bench/README.md); the margin here is 2x.
describe('the other steps on the worst inputs the bench found', () => {
  it.each(['a URL, then a line of dashes', 'a URL of dots'])(
    'preview and text links: %s',
    async (name) => {
      const hostile = byName(HOSTILE_TEXTS, name).make(64 * 1024);
      const ordinary = ordinaryText(64 * 1024);
      const read = (text: string) => () => [makePreview(text), findTextLinks(text)];
      expect(await cpuRatio(read(hostile), read(ordinary))).toBeLessThan(10);
    },
  );

  it.each(['open tags, then closing ones', 'nested divs', 'lone brackets'])(
    'HTML scan and sanitising: %s',
    async (name) => {
      const hostile = byName(HOSTILE_HTML, name).make(64 * 1024);
      const ordinary = ordinaryHtml(64 * 1024);
      expect(
        await cpuRatio(
          () => scanMailHtml(hostile),
          () => scanMailHtml(ordinary),
        ),
      ).toBeLessThan(10);
    },
  );

  it.each(['lone brackets', 'text: brackets', 'entities'])(
    'HTML scan and sanitising hands on each run of text once: %s',
    (name) => {
      // A `<` that starts no tag ends htmlparser2's text event: sanitize-html would handle (and
      // escape) every character of `<<<` on its own. Decoded entities stay events of their own.
      const hostile = [...HOSTILE_HTML, ...HOSTILE_TEXTS]
        .find((h) => h.name === name || `text: ${h.name}` === name)!
        .make(64 * 1024);
      const work = scanWork(hostile);
      // One run of text, and one event for each entity in it.
      expect(work.textEvents).toBeLessThanOrEqual(hostile.split('&').length);
    },
  );

  it('HTML scan and sanitising: tag names never closed', async () => {
    // 1 KB: a scan that tries every split of each tag costs the cube of the run, a fifth of a
    // second here and hours at 64 KB; a linear one costs what an ordinary message does.
    const hostile = byName(HOSTILE_HTML, 'tag names never closed').make(1024);
    const ordinary = ordinaryHtml(1024);
    expect(
      await cpuRatio(
        () => scanMailHtml(hostile),
        () => scanMailHtml(ordinary),
      ),
    ).toBeLessThan(10);
  });

  it('finds the tags a regular expression finds, without its backtracking', () => {
    const TAG = /<(\/?)([A-Za-z][^\s/>]*)[^>]*>/g;
    const random = seededRandom(7);
    const inputs = [
      ordinaryHtml(4096),
      ...HOSTILE_HTML.map((h) => h.make(300)),
      ...Array.from({ length: 2000 }, () => randomHostileText(random, 1 + random.int(200))),
    ];
    for (const html of inputs) {
      const expected = [...html.matchAll(TAG)].map((m) => ({
        name: m[2],
        closing: m[1] === '/',
        start: m.index,
        end: m.index + m[0].length,
      }));
      expect([...tagsOf(html)], html).toEqual(expected);
    }
  });

  it('leaves real layouts as they are and cuts the nesting of hostile HTML', () => {
    const ordinary = ordinaryHtml(64 * 1024);
    expect(capNesting(ordinary)).toBe(ordinary);
    const deep = '<div>'.repeat(1000) + 'x';
    expect(capNesting(deep)).toBe('<div>'.repeat(MAX_HTML_NESTING) + 'x');
    // A tag that closes what is not open does not make the nesting look shallower.
    const unmatched = '<b></i>'.repeat(1000);
    expect(capNesting(unmatched)).toBe('<b></i>'.repeat(MAX_HTML_NESTING) + '</i>'.repeat(744));
  });

  it('reads the tags of HTML past one per BYTES_PER_TAG bytes as text, never in real mail', async () => {
    for (const file of emlFiles()) {
      for (const html of await htmlOf(readFileSync(file))) expect(capTags(html), file).toBe(html);
    }
    const ordinary = ordinaryHtml(1024 * 1024);
    expect(capTags(ordinary)).toBe(ordinary);
    const dense = '<p>x'.repeat(64 * 1024);
    const max = maxTags(dense);
    const capped = capTags(dense);
    expect(capped).toBe('<p>x'.repeat(max) + 'x'.repeat(64 * 1024 - max));
    expect([...tagsOf(capped)]).toHaveLength(max);
    expect(scanWork(dense).tags).toBe(max);
    // Short HTML keeps MIN_TAGS, however dense.
    const short = '<br>'.repeat(MIN_TAGS);
    expect(capTags(short)).toBe(short);
    expect(capTags(`${short}<i>x`)).toBe(`${short}x`);
    // Taking a tag out must not make one of what was around it, nor let one through unclosed.
    expect(capTags(`${short}<<i>p>x<a href=x`)).toBe(`${short}&lt;p>x&lt;a href=x`);
    expect(scanMailHtml(`${short}<<i>script>alert(1)<</i>/script>`).html).toBe(
      `${'<br />'.repeat(MIN_TAGS)}&lt;script&gt;alert(1)&lt;/script&gt;`,
    );
  });
});

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const KEY = {
  domain: 'good.test',
  selector: 'sel',
  privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
};

/** The worst inputs for the stock libraries: each gives its reading worker seconds of work. */
const WORST_INPUTS: [string, () => Buffer | Promise<Buffer>][] = [
  [
    '40,000 folded header lines',
    () => composeMessage({ text: 'x', headers: [`X-Folded: ${'a\r\n b'.repeat(40_000)}`] }),
  ],
  ['MIME nested 700 deep', () => nestedMime(700)],
  [
    '1 MB of table cells',
    () => byName(HOSTILE_MESSAGES, 'HTML only, code in cells (mailparser)').make(1 << 20),
  ],
  ['1 MB of bare line feeds', () => byName(HOSTILE_MESSAGES, 'bare line feeds').make(1 << 20)],
  [
    "'<b>' × 100,000 then '</i>' × 100,000",
    () => composeMessage({ html: '<b>'.repeat(100_000) + '</i>'.repeat(100_000) }),
  ],
  [
    'a 48 KB run of CRs in a header',
    () => byName(HOSTILE_MESSAGES, 'CR runs in a header').make(48 * 1024),
  ],
  [
    '1 MB of quoted-printable blanks',
    () => byName(HOSTILE_MESSAGES, 'quoted-printable, blanks inside lines').make(1 << 20),
  ],
  [
    '50 DKIM signatures',
    async () => {
      let raw = composeMessage({ text: ordinaryText(1024) });
      for (let i = 0; i < 50; i++) raw = await signed(raw, KEY);
      return raw;
    },
  ],
];

/** Wall time of `run`, in ms. */
async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Isolation, not speed: a library may take seconds on these (the deadline ends it), but an
 * ordinary message of another sender, read meanwhile, must take about what it takes alone, and
 * at most one of the other sender's messages that are not dear in the light lane's hand.
 * Read through the real workers, sender checks on against a real DNS server, as ratios in the
 * same run: a reader that let the hostile sender hold the other lane, or queued the ordinary
 * message behind its work, would make it wait for a deadline (hundreds of times more).
 */
describe('an ordinary sender while another sends the worst inputs', () => {
  let dns: TestDns;
  let reader: ReadingPool;
  const deadlines: string[] = [];
  beforeAll(async () => {
    const der = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    dns = await startDns(
      ['good.test', 'negozio.example', 'b.example', 'example.test'],
      [{ type: 'TXT', name: 'sel._domainkey.good.test', text: `v=DKIM1; k=rsa; p=${der}` }],
    );
    reader = startReadingPool({
      deadlineMs: 1000,
      hostname: 'mx.test',
      checks: { timeoutMs: 2000, dnsServers: [dns.server], dnsTries: 1 },
      onDeadline: (step) => deadlines.push(step),
    });
    await reader.ready();
  }, 60_000);
  afterAll(async () => {
    await reader.close();
    await dns.stop();
  }, 120_000);

  const facts = (ip: string) => ({ ip, helo: 'client.test', sender: 'bounce@example.test' });

  it.each(WORST_INPUTS)(
    '%s',
    async (name, make) => {
      const hostile = await make();
      const hostileSender = `198.51.100.${WORST_INPUTS.findIndex(([n]) => n === name) + 1}`;
      const ordinary = ordinaryMessage(2048);
      const readOrdinary = () =>
        timed(() => reader.readArrival(ordinary, facts('203.0.113.9'), '203.0.113.9'));
      const readHostile = () => reader.readArrival(hostile, facts(hostileSender), hostileSender);

      // The hostile sender's first message: what it costs makes the sender heavy. It may end a
      // worker; the steady state is measured once its replacement is ready.
      let first: Awaited<ReturnType<typeof readHostile>> | undefined;
      const firstMs = await timed(async () => (first = await readHostile()));
      expect(first!.summary.from.address, name).not.toBe('');
      await reader.ready();
      const alone: number[] = [];
      for (let i = 0; i < 5; i++) alone.push(await readOrdinary());

      let sending = true;
      const senders = Array.from({ length: 3 }, async () => {
        while (sending) await readHostile();
      });
      await pause(50);
      const meanwhile: number[] = [];
      for (let i = 0; i < 7; i++) {
        meanwhile.push(await readOrdinary());
        await pause(20);
      }
      sending = false;
      // An ordinary message may wait for one message the light lane has in hand: the hostile
      // sender's, when each costs less than a heavy sender's (HEAVY_MESSAGE_MS); a dearer sender
      // is kept off that lane. Measured before the hostile messages in hand drain.
      const inHand = Math.min(firstMs, HEAVY_MESSAGE_MS);
      expect(median(meanwhile) / (median(alone) + inHand), name).toBeLessThan(3);
      await Promise.all(senders);
    },
    120_000,
  );
});
