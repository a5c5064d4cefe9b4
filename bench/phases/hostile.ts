import { percentile } from '../lib/proc';
import { report } from '../lib/report';
import { runIsolation, type HostileLoad } from './isolation';
import { extractVerification, findTextLinks } from '../../server/src/domain/verification';
import { startReadingPool, type ReadingPool } from '../../server/src/ingest/reading';
import { makePreview } from '../../server/src/ingest/reading/read-message';
import { scanMailHtml } from '../../server/src/ingest/reading/sanitize';
import {
  composeMessage,
  HOSTILE_HTML,
  HOSTILE_MESSAGES,
  HOSTILE_TEXTS,
  ordinaryHtml,
  ordinaryMessage,
  ordinaryText,
  randomHostileText,
} from '../../server/test/helpers/hostile-inputs';
import { cpuPerCall } from '../../server/test/helpers/cpu';
import type { SignWith } from '../../server/test/helpers/dkim-sign';
import { worstInputs } from '../../server/test/helpers/worst-inputs';
import { seededRandom, type Random } from '../../server/test/helpers/random';

/** One input of a step: `prepare` builds it at `bytes` and returns the call that is timed. */
export interface StepCase {
  name: string;
  prepare(bytes: number): () => unknown;
  /** For a whole message: its raw bytes at `bytes` (what the isolation figures send). */
  message?(bytes: number): Buffer;
  /** What this input is compared with, when not the step's ordinary input. */
  ordinary?: StepCase;
}

/**
 * A per-message step of ingest, the size it is measured at (its limit) and the inputs tried on
 * it. Each row of the table compares the worst input with `ordinary` at the same size.
 */
export interface HostileStep {
  id: string;
  label: string;
  bytes: number;
  ordinary: StepCase;
  cases: StepCase[];
  /** An input of the seeded random search. */
  random?(random: Random): StepCase;
}

const KB = 1024;
/** What the verification heuristic scans of each part (domain/verification/text.ts). */
const SCAN_CHARS = 30_000;

const heuristicCase = (name: string, make: (chars: number) => string): StepCase => ({
  name,
  prepare(chars) {
    const text = make(chars);
    const input = { subject: 'Il tuo codice', text, htmlText: text, links: findTextLinks(text) };
    return () => extractVerification(input);
  },
});

const textCase = (name: string, make: (chars: number) => string, run: (s: string) => unknown) => ({
  name,
  prepare(chars: number) {
    const text = make(chars);
    return () => run(text);
  },
});

const messageCase = (
  name: string,
  make: (bytes: number) => Buffer,
  run: (raw: Buffer) => unknown,
  ordinary?: (bytes: number) => Buffer,
): StepCase => ({
  name,
  prepare(bytes) {
    const raw = make(bytes);
    return () => run(raw);
  },
  message: make,
  ordinary: ordinary && messageCase('ordinary of the same shape', ordinary, run),
});

/**
 * `FAST_PATHS_OFF` as the server reads it (README): the steps below run in this process, so the
 * switch that concerns them is read here, to measure a fast path on and off.
 */
const htmlTextRuns = !(process.env.FAST_PATHS_OFF ?? '').split(',').includes('html-text-runs');

const textSummary = (text: string) => [makePreview(text), findTextLinks(text)];
const scanHtml = (html: string) => scanMailHtml(html, { textRuns: htmlTextRuns });
/**
 * The reading workers the whole-reading steps run in, as ingest runs them: a message past the
 * default READ_DEADLINE_MS ends there, as it would in the server (the stock libraries take
 * hours on some of these inputs). Their CPU is the process's, which `cpuPerCall` reads.
 */
let readers: ReadingPool | null = null;
const reader = () =>
  (readers ??= startReadingPool({
    deadlineMs: 2000,
    hostname: 'bench.test',
    checks: null,
    textRuns: htmlTextRuns,
  }));
/** The whole reading of a message at ingest. */
const readAll = (raw: Buffer) => reader().readArrival(raw, null);
/** The reading of a stored message: no code or link looked for. */
const readNoHeuristic = (raw: Buffer) => reader().readStored(raw, 'bench');

/** Pathological texts sent as a message: the same text as the text part and as HTML. */
const asMessage = (make: (chars: number) => string) => (bytes: number) => {
  const text = make(Math.floor(bytes / 2) - 300);
  return composeMessage({ text, html: text });
};

/** Each message is compared with an ordinary one of its own shape. */
const messageCases = (run: (raw: Buffer) => unknown): StepCase[] => [
  ...HOSTILE_MESSAGES.map((m) => messageCase(m.name, m.make, run, m.ordinary)),
  ...HOSTILE_TEXTS.map((t) => messageCase(`text and HTML: ${t.name}`, asMessage(t.make), run)),
];

const randomText = (random: Random) => {
  const state = random.int(2 ** 31);
  const make = (chars: number) => randomHostileText(seededRandom(state), chars);
  return { name: `random ${JSON.stringify(make(48))}`, make };
};

/**
 * The steps the table measures, each on the main thread of this process. (The sender checks,
 * whose cost is DNS and signatures rather than reading, have their own cases in hostile-auth.ts,
 * run right after these.)
 */
export const HOSTILE_STEPS: HostileStep[] = [
  {
    id: 'parse',
    label: 'reading without the heuristic, in the reading workers',
    bytes: 64 * KB,
    ordinary: messageCase('ordinary', ordinaryMessage, readNoHeuristic),
    cases: messageCases(readNoHeuristic),
    random(random) {
      const { name, make } = randomText(random);
      return messageCase(name, asMessage(make), readNoHeuristic);
    },
  },
  {
    id: 'html',
    label: 'HTML scan and sanitising (sanitize.ts)',
    bytes: 64 * KB,
    ordinary: textCase('ordinary', ordinaryHtml, scanHtml),
    cases: [
      ...HOSTILE_HTML.map((h) => textCase(h.name, h.make, scanHtml)),
      ...HOSTILE_TEXTS.map((t) => textCase(`text: ${t.name}`, t.make, scanHtml)),
    ],
    random(random) {
      const { name, make } = randomText(random);
      return textCase(name, make, scanHtml);
    },
  },
  {
    id: 'preview',
    label: 'preview and text links (read-message.ts)',
    bytes: 64 * KB,
    ordinary: textCase('ordinary', ordinaryText, textSummary),
    cases: HOSTILE_TEXTS.map((t) => textCase(t.name, t.make, textSummary)),
    random(random) {
      const { name, make } = randomText(random);
      return textCase(name, make, textSummary);
    },
  },
  {
    id: 'heuristic',
    label: 'verification heuristic, at the scan limit',
    bytes: SCAN_CHARS,
    ordinary: heuristicCase('ordinary', ordinaryText),
    cases: HOSTILE_TEXTS.map((t) => heuristicCase(t.name, t.make)),
    random(random) {
      const { name, make } = randomText(random);
      return heuristicCase(name, make);
    },
  },
  {
    id: 'heuristic4k',
    label: 'verification heuristic, 4 KB',
    bytes: 4 * KB,
    ordinary: heuristicCase('ordinary', ordinaryText),
    cases: HOSTILE_TEXTS.map((t) => heuristicCase(t.name, t.make)),
    random(random) {
      const { name, make } = randomText(random);
      return heuristicCase(name, make);
    },
  },
  {
    id: 'read',
    label: 'whole reading at ingest (all of the above)',
    bytes: 64 * KB,
    ordinary: messageCase('ordinary', ordinaryMessage, readAll),
    cases: messageCases(readAll),
    random(random) {
      const { name, make } = randomText(random);
      return messageCase(name, asMessage(make), readAll);
    },
  },
  {
    // A cost that grows faster than the input shows only in large messages.
    id: 'read1m',
    label: 'whole reading at ingest, 1 MB',
    bytes: 1024 * KB,
    ordinary: messageCase('ordinary', ordinaryMessage, readAll),
    cases: messageCases(readAll),
    random(random) {
      const { name, make } = randomText(random);
      return messageCase(name, asMessage(make), readAll);
    },
  },
];

/** A call that takes longer is timed once: the old heuristic took minutes on some inputs. */
const ONCE_MS = 1000;

/** Median of `rounds` measurements of case and ordinary, in turns. */
async function compare(step: HostileStep, c: StepCase, rounds: number, minMs: number) {
  const ordinary = c.ordinary ?? step.ordinary;
  const ours = c.prepare(step.bytes);
  const base = ordinary.prepare(step.bytes);
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < rounds; i++) {
    a.push(await cpuPerCall(ours, { minMs, onceMs: ONCE_MS }));
    b.push(await cpuPerCall(base, { minMs, onceMs: ONCE_MS }));
  }
  return { ms: percentile(a, 50), ordinaryMs: percentile(b, 50), ordinary: ordinary.name };
}

export interface HostileOptions {
  quick: boolean;
  /** Isolation on SQLite, on Redis, or both in turn. */
  stores: ('sqlite' | 'redis')[];
  /**
   * The name of a message of hostile-inputs.ts (`HOSTILE_MESSAGES`): isolation alone, with that
   * message at 64 KB as the whole hostile load.
   */
  message?: string;
  /** The key the bench's resolver publishes: it signs the message of 50 DKIM signatures. */
  signWith: SignWith;
}

/**
 * Hostile mail: for each step, every generated input and a seeded random search, screened once,
 * the three worst measured again in turns with an ordinary message of the same size (CPU time
 * of this process, median), printed for information; then isolation (isolation.ts): a normal
 * mail and API calls, idle and while 10 connections send the worst whole message found and the
 * worst inputs for the stock libraries, on the real server.
 */
export async function runHostile({
  quick,
  stores,
  message,
  signWith,
}: HostileOptions): Promise<void> {
  if (message !== undefined) {
    const named = HOSTILE_MESSAGES.find((m) => m.name === message);
    if (!named) throw new Error(`no hostile message named ${JSON.stringify(message)}`);
    await runIsolation({ quick, stores, load: [{ name: message, raw: named.make(64 * KB) }] });
    return;
  }
  const random = seededRandom(20_251_125);
  const searches = quick ? 8 : 40;
  let worstMessage: Buffer | null = null;
  for (const step of HOSTILE_STEPS) {
    const cases = [...step.cases];
    if (step.random) for (let i = 0; i < searches; i++) cases.push(step.random(random));
    const screened: { c: StepCase; ms: number }[] = [];
    for (const c of cases) {
      screened.push({
        c,
        ms: await cpuPerCall(c.prepare(step.bytes), { minMs: quick ? 5 : 15, onceMs: ONCE_MS }),
      });
    }
    screened.sort((x, y) => y.ms - x.ms);
    let worst = { c: screened[0]!.c, ms: 0, ordinaryMs: 1, ordinary: '' };
    for (const { c } of screened.slice(0, 3)) {
      const m = await compare(step, c, quick ? 3 : 5, quick ? 10 : 30);
      if (m.ms / m.ordinaryMs > worst.ms / worst.ordinaryMs) worst = { c, ...m };
    }
    if (step.id === 'read') worstMessage = worst.c.message?.(step.bytes) ?? null;
    const kb = step.bytes / KB;
    report({
      id: `hostile.step.${step.id}`,
      label: `${step.label}, worst per KB`,
      unit: 'ms/KB',
      ours: worst.ms / kb,
      baseline: { name: worst.ordinary, value: worst.ordinaryMs / kb },
      // For information: hostile mail is bounded by the readers' deadline, not per step.
      note: `${worst.c.name} at ${kb.toFixed(0)} KB; ${cases.length} inputs; process CPU`,
    });
  }
  await readers?.close();
  const load: HostileLoad[] = [
    ...(worstMessage ? [{ name: 'the worst of the table at 64 KB', raw: worstMessage }] : []),
  ];
  for (const [name, make] of worstInputs(signWith)) load.push({ name, raw: await make() });
  await runIsolation({ quick, stores, load });
}
