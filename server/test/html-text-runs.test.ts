import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { CHECKED_HTMLPARSER2_VERSION, joinTextRuns } from '../src/ingest/reading/html-text-runs';
import { scanMailHtml } from '../src/ingest/reading/sanitize';
import {
  HOSTILE_HTML,
  HOSTILE_TEXTS,
  ordinaryHtml,
  randomHostileText,
} from './helpers/hostile-inputs';
import { emlFiles, htmlOf } from './helpers/fixtures';
import { seededRandom, type Random } from './helpers/random';

/**
 * The fast path of html-text-runs.ts (`FAST_PATHS_OFF=html-text-runs`): sanitize-html gets each
 * run of text as one event instead of htmlparser2's many. What the sanitiser and the scan give
 * must not change by a byte, and the tokenizer it extends must be the one sanitize-html loads.
 */
const require = createRequire(import.meta.url);

const versionOf = (manifest: string) =>
  (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;

describe('the htmlparser2 that html-text-runs.ts extends', () => {
  it(`is the version the fast path was checked against (${CHECKED_HTMLPARSER2_VERSION})`, () => {
    // On a new version: run this file, review html-text-runs.ts, then update the constant.
    // The package's exports leave out its manifest: it is found beside the resolved entry.
    const entry = require.resolve('htmlparser2');
    const manifest = `${entry.slice(0, entry.lastIndexOf('/dist/'))}/package.json`;
    expect(versionOf(manifest)).toBe(CHECKED_HTMLPARSER2_VERSION);
  });

  it('is the copy sanitize-html loads', () => {
    const fromSanitizer = createRequire(require.resolve('sanitize-html'));
    expect(fromSanitizer.resolve('htmlparser2')).toBe(require.resolve('htmlparser2'));
  });

  it("passes on every tokenizer callback htmlparser2's parser has", () => {
    const ours = Object.keys(joinTextRuns({} as never)).sort();
    const parsers = Object.getOwnPropertyNames(Parser.prototype)
      .filter((name) => /^on/.test(name))
      .sort();
    expect(ours).toEqual(parsers);
  });

  it('joins only text events whose ranges meet, and passes them on before anything else', () => {
    const calls: string[] = [];
    const inner = new Proxy(
      {},
      {
        get:
          (_, name) =>
          (...args: unknown[]) =>
            calls.push(`${String(name)}(${args.join()})`),
      },
    );
    const cbs = joinTextRuns(inner as never);
    cbs.ontext(0, 1);
    cbs.ontext(1, 2);
    cbs.ontext(2, 5);
    cbs.ontext(6, 7);
    cbs.onopentagname(8, 9);
    cbs.ontext(-1, 10);
    cbs.onend();
    expect(calls).toEqual([
      'ontext(0,5)',
      'ontext(6,7)',
      'onopentagname(8,9)',
      'ontext(-1,10)',
      'onend()',
    ]);
  });
});

/** Pieces of HTML that change the tokenizer's state: raw text, comments, entities, bad tags. */
const HTML_PIECES = [
  '<',
  '>',
  '</',
  '/>',
  '<<',
  '< ',
  '<1',
  '</ >',
  '</>',
  '<a',
  '<ab/',
  '<b>',
  '</b>',
  '<p>',
  '<br>',
  '<td>',
  '<a href="https://x.example/?a=1&amp;b=2">',
  '</a>',
  "<img alt='OTP 4829' src=x>",
  '<style>',
  '</style>',
  'p{color:red}',
  '<script>',
  '</script>',
  '<title>',
  '</title>',
  '<textarea>',
  '</textarea>',
  '<xmp>',
  '</xmp>',
  '<svg>',
  '<math>',
  '<![CDATA[',
  ']]>',
  '<!--',
  '-->',
  '<!x>',
  '<?x?>',
  '&',
  '&amp;',
  '&lt;',
  '&lt',
  '&#60;',
  '&#x3c;',
  '&nbsp;',
  '&zzzz;',
  '"',
  "'",
  '=',
  ' ',
  '\n',
  'OTP 482913',
  'x',
];

function randomHtml(random: Random, chars: number): string {
  let out = '';
  while (out.length < chars) out += random.pick(HTML_PIECES);
  return out;
}

function expectSameReading(html: string, label: string) {
  expect(scanMailHtml(html), label).toEqual(scanMailHtml(html, { textRuns: false }));
  expect(scanMailHtml(html).html, label).toBe(scanMailHtml(html, { textRuns: false }).html);
}

describe('the sanitiser with text runs joined gives what it gives without', () => {
  it('on the HTML of every fixture, and on each fixture read as HTML', async () => {
    const files = emlFiles();
    expect(files.length).toBeGreaterThan(60);
    for (const file of files) {
      for (const html of await htmlOf(readFileSync(file))) expectSameReading(html, file);
    }
  });

  it('on ordinary and hostile HTML and text', () => {
    expectSameReading(ordinaryHtml(64 * 1024), 'ordinary');
    for (const h of [...HOSTILE_HTML, ...HOSTILE_TEXTS]) {
      for (const chars of [40, 41, 300, 4096]) expectSameReading(h.make(chars), h.name);
    }
  });

  it('on 3,000 random strings of HTML pieces and of hostile text', () => {
    const random = seededRandom(20_261_126);
    for (let i = 0; i < 1500; i++) {
      const html = randomHtml(random, 1 + random.int(400));
      expectSameReading(html, html);
      const text = randomHostileText(random, 1 + random.int(400));
      expectSameReading(text, text);
    }
  });
});
