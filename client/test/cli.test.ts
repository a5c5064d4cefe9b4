/**
 * `npx email-temporanea` as built (dist/cli.js, run by node as npx runs it) against the real
 * server process: what each command prints and its exit code.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeMail, newCode, sendMail, useService } from './support';

const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const service = useService();
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'et-cli-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI with `args`, the server in EMAIL_TEMPORANEA_URL and `env` beside it. */
function cli(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: {
      PATH: process.env.PATH ?? '',
      EMAIL_TEMPORANEA_URL: service.server.httpUrl,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

const created = async () => {
  const run = await cli(['create', '--json']);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as { address: string; token: string; expiresAt: string };
};

describe('npx email-temporanea', () => {
  it('--help in English, exit 0; no command prints it with exit 1; a bad option is exit 1', async () => {
    const help = await cli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: email-temporanea <command> \[options\]/);
    for (const word of [
      'create',
      'wait',
      'ls',
      'show',
      'rm',
      'EMAIL_TEMPORANEA_TOKEN',
      'Exit codes',
    ]) {
      expect(help.stdout).toContain(word);
    }
    const bare = await cli([]);
    expect(bare.code).toBe(1);
    expect(bare.stdout).toBe(help.stdout);
    const bad = await cli(['ls', '--colour']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^email-temporanea: .*--colour/);
    const version = await cli(['--version']);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('create --json prints {address, token, expiresAt}; without --json, the same as lines', async () => {
    const json = await created();
    expect(Object.keys(json)).toEqual(['address', 'token', 'expiresAt']);
    expect(json.address).toMatch(/^[a-z0-9]{10,}@localhost$/);
    expect(json.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(json.expiresAt)).toBeGreaterThan(Date.now());
    const plain = await cli(['create']);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/^address: \S+@localhost\ntoken: \S{43}\nexpiresAt: \S+Z\n$/);
  });

  it('wait prints the code, the link or the JSON (exit 0); the token from the environment', async () => {
    const box = await created();
    const env = { EMAIL_TEMPORANEA_TOKEN: box.token };
    const code = newCode();
    await sendMail(service.server.smtpPort, {
      ...codeMail(box.address, code),
      text: `Il tuo codice è ${code}. Oppure conferma qui: https://servizio.example/verify?token=t0k3n`,
    });
    expect(await cli(['wait', '--print', 'code'], env)).toEqual({
      code: 0,
      stdout: `${code}\n`,
      stderr: '',
    });
    expect((await cli(['wait', '--print', 'link', '--host', 'servizio.example'], env)).stdout).toBe(
      'https://servizio.example/verify?token=t0k3n\n',
    );
    const json = await cli(['wait', '--subject', '/^conferma/i'], env);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ code, cursor: expect.stringMatching(/^\d+$/) });

    const list = await cli(['ls'], env);
    expect(list.code).toBe(0);
    const [id, receivedAt, from, subject, listedCode] = list.stdout.trim().split('\t');
    expect([from, subject, listedCode]).toEqual([
      'noreply@servizio.example',
      '"Conferma la tua registrazione"',
      code,
    ]);
    expect(Date.parse(receivedAt!)).toBeGreaterThan(0);
    const shown = await cli(['show', id!], env);
    expect(shown.stdout, shown.stderr).toMatch(
      /^From: Servizio <noreply@servizio\.example>\nTo: \S+\nSubject: Conferma la tua registrazione\n/,
    );
    expect(shown.stdout).toContain(`Code: ${code}`);
    const raw = await cli(['show', id!, '--raw'], env);
    expect(raw.stdout).toMatch(/^Return-Path: <noreply@servizio\.example>\r?\n/);
  });

  it('with --token-file, each wait takes up after the message the last one printed', async () => {
    const file = join(dir, 'box.json');
    const run = await cli(['create', '--token-file', file]);
    expect(run.code).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const state = JSON.parse(readFileSync(file, 'utf8')) as { address: string; cursor: string };
    expect(state.cursor).toBe('0');
    const [first, second] = [newCode(), newCode()];
    await sendMail(service.server.smtpPort, codeMail(state.address, first));
    await sendMail(service.server.smtpPort, codeMail(state.address, second));
    expect((await cli(['wait', '--print', 'code', '--token-file', file])).stdout).toBe(
      `${first}\n`,
    );
    expect((await cli(['wait', '--print', 'code', '--token-file', file])).stdout).toBe(
      `${second}\n`,
    );
    // A plain token file works too, from the start of the mailbox.
    const bare = join(dir, 'token');
    writeFileSync(bare, `${JSON.parse(readFileSync(file, 'utf8')).token}\n`);
    expect((await cli(['wait', '--print', 'code', '--token-file', bare])).stdout).toBe(
      `${first}\n`,
    );
  });

  it('exit 2 at a timeout, saying what it waited for', async () => {
    const box = await created();
    await sendMail(service.server.smtpPort, { to: box.address, subject: 'Newsletter', text: 'x' });
    const run = await cli(['wait', '--from', 'banca.example', '--timeout', '1'], {
      EMAIL_TEMPORANEA_TOKEN: box.token,
    });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      /^email-temporanea: Timed out after 1\.\d s waiting for a message from "banca\.example" at /,
    );
    expect(run.stderr).toContain('1 other message arrived');
    expect(run.stderr).toContain('"Newsletter"');
  });

  it('rm deletes the mailbox (exit 0); after it every command is exit 3', async () => {
    const box = await created();
    const env = { EMAIL_TEMPORANEA_TOKEN: box.token };
    expect(await cli(['rm'], env)).toEqual({ code: 0, stdout: '', stderr: '' });
    for (const args of [['wait'], ['ls'], ['rm']]) {
      const run = await cli(args, env);
      expect([args, run.code]).toEqual([args, 3]);
      expect(run.stderr).toMatch(/^email-temporanea: The mailbox of this token is gone/);
    }
  });

  it('exit 1 for a token on the command line, no token, or a bad option value', async () => {
    const box = await created();
    const argv = await cli(['ls', '--token', box.token]);
    expect(argv.code).toBe(1);
    expect(argv.stderr).toContain('never taken as an argument');
    const none = await cli(['ls']);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('set EMAIL_TEMPORANEA_TOKEN or pass --token-file');
    const env = { EMAIL_TEMPORANEA_TOKEN: box.token };
    expect((await cli(['wait', '--print', 'html'], env)).code).toBe(1);
    expect((await cli(['wait', '--timeout', 'soon'], env)).code).toBe(1);
    expect((await cli(['show'], env)).code).toBe(1);
    expect((await cli(['frobnicate'], env)).code).toBe(1);
    const noServer = await cli(['create'], { EMAIL_TEMPORANEA_URL: '' });
    expect(noServer.code).toBe(1);
    expect(noServer.stderr).toContain('EMAIL_TEMPORANEA_URL');
  });
});
