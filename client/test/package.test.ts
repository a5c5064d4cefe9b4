/**
 * The package as npm would publish it (`npm pack`), unpacked alone in an empty folder: it
 * loads, its types check in a consumer's project, and it needs nothing of this repository.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const CLIENT = fileURLToPath(new URL('..', import.meta.url));
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');
let dir: string;
let files: string[];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'et-package-'));
  // The files `npm pack` puts in the tarball (prepack already ran as the global setup's build).
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], {
      cwd: CLIENT,
      encoding: 'utf8',
    }),
  ) as [{ filename: string; files: { path: string }[] }];
  files = packed.files.map((f) => f.path).sort();
  const installed = join(dir, 'consumer/node_modules/email-temporanea');
  mkdirSync(installed, { recursive: true });
  execFileSync('tar', [
    '-xzf',
    join(dir, packed.filename),
    '-C',
    installed,
    '--strip-components=1',
  ]);
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const consumer = () => join(dir, 'consumer');

describe('the published package', () => {
  it('holds the built code, its types and the README, and depends on nothing', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'README.md',
        'dist/cli.js',
        'dist/common.d.ts',
        'dist/index.d.ts',
        'dist/index.js',
        'dist/playwright.d.ts',
        'dist/playwright.js',
        'package.json',
      ]),
    );
    expect(
      files.filter((f) => !f.startsWith('dist/') && !['README.md', 'package.json'].includes(f)),
    ).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(CLIENT, 'package.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(manifest.name).toBe('email-temporanea');
    expect(manifest.dependencies).toBeUndefined();
    expect(manifest.peerDependencies).toBeUndefined();
    expect(Object.keys(manifest.devDependencies as object)).toEqual(['playwright-core']);
    for (const file of files.filter((f) => f.endsWith('.js') || f.endsWith('.d.ts'))) {
      const text = readFileSync(join(consumer(), 'node_modules/email-temporanea', file), 'utf8');
      expect([file, text.includes('@et/')]).toEqual([file, false]);
    }
  });

  it('loads alone in Node, both entry points, and the fixture is what Playwright can call', () => {
    const script = `
      const core = await import('email-temporanea');
      const pw = await import('email-temporanea/playwright');
      const fixture = pw.mailboxFixture({ baseUrl: 'http://127.0.0.1:1' });
      console.log(JSON.stringify({
        core: Object.keys(core).sort(),
        playwright: Object.keys(pw).sort(),
        fixture: fixture.toString().slice(0, 24),
      }));`;
    const out = JSON.parse(
      execFileSync(process.execPath, ['--input-type=module', '-e', script], {
        cwd: consumer(),
        encoding: 'utf8',
      }),
    ) as { core: string[]; playwright: string[]; fixture: string };
    expect(out.core).toEqual([
      'ApiError',
      'DEFAULT_TIMEOUT_MS',
      'EmailTemporaneaError',
      'Mailbox',
      'MailboxGoneError',
      'MailboxTimeoutError',
      'RateLimitedError',
      'UnexpectedMessageError',
      'createMailbox',
      'openMailbox',
    ]);
    expect(out.playwright).toEqual(['ATTACHMENTS', 'mailboxFixture']);
    // Playwright reads a fixture's dependencies from its first parameter, an object pattern.
    expect(out.fixture).toMatch(/^async \(\{\s*\}, use, /);
    const version = execFileSync(
      process.execPath,
      [join(consumer(), 'node_modules/email-temporanea/dist/cli.js'), '--version'],
      { encoding: 'utf8' },
    );
    expect(version.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('type-checks in a consumer project: the two lines, await using, the errors, the fixture', () => {
    writeFileSync(
      join(consumer(), 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2023', 'ESNext.Disposable', 'DOM'],
          types: [],
          strict: true,
          noEmit: true,
        },
        files: ['consumer.mts'],
      }),
    );
    writeFileSync(
      join(consumer(), 'consumer.mts'),
      `import { createMailbox, MailboxTimeoutError, type MessageDetail, type MessageSummary } from 'email-temporanea';
import { mailboxFixture, type Mailbox } from 'email-temporanea/playwright';

await using box = await createMailbox({ baseUrl: 'https://example.test', domain: 'example.test' });
const code: string = await box.waitForCode({ from: 'noreply', timeout: 30_000 });
const mail: MessageDetail = await box.waitForMessage({ subject: /Benvenuto/, match: (m: MessageSummary) => m.hasAttachments });
const link: string = await box.waitForLink({ host: 'example.test' });
await box.expectNoMessage({ within: 5_000 });
try {
  await box.waitForMessage({ timeout: 1 });
} catch (err) {
  if (err instanceof MailboxTimeoutError) console.log(err.seen.map((m) => m.subject), err.refusals.map((r) => r.reason));
}
const fixture: (deps: {}, use: (m: Mailbox) => Promise<void>, info: { status?: string; expectedStatus: string; timeout: number; setTimeout(t: number): void; attach(n: string, o: { body: string | Uint8Array; contentType: string }): Promise<void> }) => Promise<void> = mailboxFixture();
console.log(code, mail.attachments.length, link, fixture);
`,
    );
    execFileSync(process.execPath, [TSC, '-p', consumer()], { encoding: 'utf8' });
  });
});
