/** One sample of a Prometheus text exposition: its name, labels and value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Parses the Prometheus text format (the subset prom-client writes). */
export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = LINE.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(LABEL)) labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The metrics of a listener, read over real HTTP. */
export async function scrape(metricsUrl: string) {
  const res = await fetch(`${metricsUrl}/metrics`);
  if (res.status !== 200) throw new Error(`GET /metrics: ${res.status}`);
  const text = await res.text();
  const samples = parseMetrics(text);
  return {
    text,
    samples,
    contentType: res.headers.get('content-type'),
    /** The value of the sample with exactly these labels; 0 when there is none yet. */
    value(name: string, labels: Record<string, string> = {}): number {
      const want = Object.entries(labels);
      const found = samples.find(
        (s) =>
          s.name === name &&
          Object.keys(s.labels).length === want.length &&
          want.every(([k, v]) => s.labels[k] === v),
      );
      return found?.value ?? 0;
    },
    has: (name: string) => samples.some((s) => s.name === name),
  };
}

export type Scrape = Awaited<ReturnType<typeof scrape>>;
