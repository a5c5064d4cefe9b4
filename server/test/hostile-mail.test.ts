import { afterEach, describe, expect, it } from 'vitest';
import { extractVerification, findTextLinks } from '../src/domain/verification';
import {
  countCodeFinderWork,
  MAX_KEYWORDS_PER_LINE,
  MAX_SCORED_CANDIDATES,
  type CodeFinderWork,
} from '../src/domain/verification/code-finder';
import { HOSTILE_TEXTS, ordinaryText } from './helpers/hostile-inputs';

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
];
const worstTexts = HOSTILE_TEXTS.filter((t) => WORST.includes(t.name));
worstTexts.sort((a, b) => WORST.indexOf(a.name) - WORST.indexOf(b.name));

/** Main-thread CPU ms per call of `run`, over at least 20 ms. */
function cpuPerCall(run: () => unknown): number {
  run();
  const start = process.cpuUsage();
  let calls = 0;
  let spent = 0;
  do {
    run();
    calls++;
    const u = process.cpuUsage(start);
    spent = (u.user + u.system) / 1000;
  } while (spent < 20 || calls < 3);
  return spent / calls;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

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

  it('costs no more per KB than a few ordinary messages of the same size', () => {
    const ordinary = inputOf(ordinaryText(SCAN_CHARS));
    for (const hostile of worstTexts) {
      const input = inputOf(hostile.make(SCAN_CHARS));
      const ratios: number[] = [];
      // In turns, so that a busy machine weighs on both alike; the goal is 5x, the margin 2x.
      for (let round = 0; round < 5; round++) {
        ratios.push(
          cpuPerCall(() => extractVerification(input)) /
            cpuPerCall(() => extractVerification(ordinary)),
        );
      }
      expect(median(ratios), hostile.name).toBeLessThan(10);
    }
  });

  it('still finds the code at the top of an ordinary message', () => {
    expect(extractVerification(inputOf(ordinaryText(SCAN_CHARS))).code).toBe('482913');
  });
});
