import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

/** A goal of a figure (bench/README.md): a bound on the figure itself or on its ratio. */
export interface Goal {
  /** What is bounded: our value, or ours / baseline. */
  on: 'value' | 'ratio';
  op: '>=' | '<=' | '==';
  limit: number;
}

/** One printed line: our figure, the named baseline measured in the same run, the ratio. */
export interface Figure {
  /** Stable key, e.g. `ingest.1k.s50.conn` (JSON consumers and the README table use it). */
  id: string;
  label: string;
  unit: string;
  ours: number;
  baseline?: { name: string; value: number };
  goal?: Goal;
  /** Context printed after the line (counts, errors, the SQLite figure beside a Redis one). */
  note?: string;
  /** A measurement that did not hold (lost messages, wrk errors): the goal counts as missed. */
  invalid?: string;
}

export interface FigureResult extends Figure {
  ratio: number | null;
  met: boolean | null;
}

const figures: FigureResult[] = [];

function fmt(n: number, unit: string): string {
  if (!Number.isFinite(n)) return 'n/a';
  const digits =
    Number.isInteger(n) || Math.abs(n) >= 100
      ? 0
      : Math.abs(n) >= 10
        ? 1
        : Math.abs(n) >= 1
          ? 2
          : 3;
  const text = n.toLocaleString('en-US', {
    maximumFractionDigits: digits,
    minimumFractionDigits: digits,
  });
  return unit ? `${text} ${unit}` : text;
}

function check(f: Figure, ratio: number | null): boolean | null {
  if (!f.goal) return null;
  if (f.invalid) return false;
  const x = f.goal.on === 'ratio' ? ratio : f.ours;
  if (x === null || !Number.isFinite(x)) return false;
  if (f.goal.op === '>=') return x >= f.goal.limit;
  if (f.goal.op === '<=') return x <= f.goal.limit;
  return x === f.goal.limit;
}

function goalText(f: Figure): string {
  if (!f.goal) return '';
  const g = f.goal;
  return g.on === 'ratio' ? `goal ${g.op} ${g.limit}x` : `goal ${g.op} ${fmt(g.limit, f.unit)}`;
}

/** Records a figure for the results file without printing it (for phases that print their own). */
export function record(f: Figure): FigureResult {
  const ratio =
    f.baseline && f.baseline.value !== 0 && Number.isFinite(f.baseline.value)
      ? f.ours / f.baseline.value
      : null;
  const result: FigureResult = { ...f, ratio, met: check(f, ratio) };
  figures.push(result);
  return result;
}

/** Records a figure and prints its line. */
export function report(f: Figure): FigureResult {
  const result = record(f);
  const { ratio, met } = result;
  const parts = [
    f.label.padEnd(50),
    `ours ${fmt(f.ours, f.unit)}`.padEnd(22),
    f.baseline ? `| ${f.baseline.name} ${fmt(f.baseline.value, f.unit)}`.padEnd(36) : ''.padEnd(36),
    ratio === null ? '       ' : `| ${ratio.toFixed(2)}x`.padEnd(9),
    f.goal ? `| ${goalText(f)} ${met ? 'MET' : 'MISSED'}` : '',
  ];
  const extra = [f.invalid && `INVALID: ${f.invalid}`, f.note].filter(Boolean).join('; ');
  process.stdout.write(`${parts.join(' ').trimEnd()}${extra ? `  (${extra})` : ''}\n`);
  return result;
}

/** The figures recorded so far (e.g. to print a Redis figure beside the SQLite one). */
export function recorded(id: string): FigureResult | undefined {
  return figures.find((f) => f.id === id);
}

export function section(title: string): void {
  process.stdout.write(`\n== ${title} ==\n`);
}

/** Writes every figure with the machine's description to bench/results/<time>.json. */
export function writeResults(meta: Record<string, unknown>): string {
  const dir = fileURLToPath(new URL('../results/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  let commit = '';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    // not a git checkout
  }
  const at = new Date().toISOString();
  const path = `${dir}${at.replace(/[:.]/g, '-')}.json`;
  const machine = { cpus: cpus().length, cpuModel: cpus()[0]?.model, loadavg: loadavg() };
  const data = { at, commit, node: process.version, machine, ...meta, figures };
  writeFileSync(path, `${JSON.stringify(data, null, 2)}\n`);
  const summary = {
    met: figures.filter((f) => f.met === true).length,
    missed: figures.filter((f) => f.met === false).map((f) => f.id),
  };
  process.stdout.write(
    `\n${summary.met} goals met, ${summary.missed.length} missed${summary.missed.length ? `: ${summary.missed.join(', ')}` : ''}\nresults: ${path}\n`,
  );
  return path;
}
