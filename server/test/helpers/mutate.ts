import { readdirSync, readFileSync } from 'node:fs';
import { seededRandom, type Random } from './random';

/** One mutation of a real message: the kinds of damage mail suffers in the wild, and worse. */
export function mutate(rnd: Random, original: Buffer): Buffer {
  let m = Buffer.from(original);
  const steps = 1 + rnd.int(4);
  for (let i = 0; i < steps; i++) {
    const at = rnd.int(m.length + 1);
    switch (rnd.int(9)) {
      case 0: // flip bytes
        for (let j = 0; j < 1 + rnd.int(20); j++) if (m.length) m[rnd.int(m.length)] = rnd.int(256);
        break;
      case 1: // truncate
        m = m.subarray(0, at);
        break;
      case 2: // insert random bytes
        m = Buffer.concat([m.subarray(0, at), rnd.bytes(1 + rnd.int(200)), m.subarray(at)]);
        break;
      case 3: // duplicate a slice
        m = Buffer.concat([m.subarray(0, at), m.subarray(rnd.int(m.length + 1)), m.subarray(at)]);
        break;
      case 4: // break line endings
        m = Buffer.from(
          m.toString('latin1').replace(/\r\n/g, rnd.pick(['\n', '\r', ''])),
          'latin1',
        );
        break;
      case 5: // a very long header
        m = Buffer.concat([Buffer.from(`X-Long: ${'a'.repeat(20_000 + rnd.int(50_000))}\r\n`), m]);
        break;
      case 6: // many headers
        m = Buffer.concat([Buffer.from('X-H: v\r\n'.repeat(500 + rnd.int(1500))), m]);
        break;
      case 7: // deep nesting
        m = Buffer.concat([
          Buffer.from(
            Array.from(
              { length: 30 + rnd.int(60) },
              (_, d) => `Content-Type: multipart/mixed; boundary="b${d}"\r\n\r\n--b${d}\r\n`,
            ).join(''),
          ),
          m,
        ]);
        break;
      default: // mangle MIME keywords
        m = Buffer.from(
          m
            .toString('latin1')
            .replace(/boundary|charset|base64|quoted-printable|filename/gi, () =>
              rnd.pick(['b0undary', 'charset*0*', 'base65', 'quoted-unprintable', 'filename*=']),
            ),
          'latin1',
        );
    }
  }
  return m.length ? m : Buffer.from('X: y\r\n\r\n');
}

/** The seed of the fuzz corpus. */
export const FUZZ_SEED = 20261122;

/**
 * The fuzz corpus: mutants of the top-level `.eml` fixtures, the same ones in the same order at
 * every run. fuzz.test.ts sends them over SMTP; attachments.test.ts holds every download of
 * their attachments to mailparser's content.
 */
export function* fuzzCorpus(count: number): Generator<Buffer> {
  const dir = new URL('../fixtures/', import.meta.url);
  const seeds = readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => readFileSync(new URL(name, dir)));
  const rnd = seededRandom(FUZZ_SEED);
  for (let i = 0; i < count; i++) yield mutate(rnd, rnd.pick(seeds));
}
