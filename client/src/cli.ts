#!/usr/bin/env node
/**
 * `npx email-temporanea`: the client from a shell. The token comes from the environment or a
 * file, never from the command line, which every user of the machine can read (`ps`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { version } from '../package.json';
import { MailboxGoneError, MailboxTimeoutError } from './errors';
import { createMailbox, openMailbox, type Mailbox, type WaitOptions } from './mailbox';
import type { MessageDetail } from './wire';

const HELP = `Usage: email-temporanea <command> [options]

Disposable mailboxes for tests of sign-up flows, from Email Temporanea.

Commands:
  create [--json] [--domain <domain>] [--token-file <file>]
      Create a mailbox; print its address, token and expiry (--json: {address, token,
      expiresAt}). With --token-file, also write that JSON to <file> (mode 600), for the
      commands below.
  wait [--from <p>] [--subject <p>] [--text <p>] [--timeout <seconds>]
       [--print code|link|json] [--host <host>] [--since <cursor>]
      Wait for the next message that matches (default: any, for 60 s) and print its one-time
      code, its confirmation link (on <host> with --host) or its JSON (the default, with its
      cursor). A pattern <p> is text to find, case aside, or /regexp/flags. The wait looks at
      what arrived after <cursor>, else after the last message a wait returned (kept in the
      --token-file), else at every message.
  ls [--json]
      List the messages, newest first.
  show <id> [--json | --raw]
      Print one message (--raw: the .eml exactly as received).
  rm
      Delete the mailbox and its messages now.

Options:
  --token-file <file>  The mailbox's token: a file holding it, or create's JSON. Without it,
                       EMAIL_TEMPORANEA_TOKEN. Never an argument: others can read argv.
  --url <url>          The service (default: EMAIL_TEMPORANEA_URL).
  -h, --help           Show this help.
  -v, --version        Show the version.

Environment:
  EMAIL_TEMPORANEA_URL    the service, e.g. https://emailtemporanea.it
  EMAIL_TEMPORANEA_TOKEN  the token of the mailbox the commands work on

Exit codes: 0 done, 2 timed out, 3 mailbox gone (expired or deleted), 1 anything else.
`;

const OPTIONS = {
  json: { type: 'boolean' },
  raw: { type: 'boolean' },
  domain: { type: 'string' },
  'token-file': { type: 'string' },
  url: { type: 'string' },
  from: { type: 'string' },
  subject: { type: 'string' },
  text: { type: 'string' },
  timeout: { type: 'string' },
  print: { type: 'string' },
  host: { type: 'string' },
  since: { type: 'string' },
  token: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} satisfies ParseArgsConfig['options'];

type Values = ReturnType<
  typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>
>['values'];

/** A mistake in the command line: exit code 1 and a pointer to --help. */
class UsageError extends Error {}

/** Where the token came from, and the state kept beside it in a JSON token file. */
interface TokenSource {
  token: string;
  /** The JSON token file, whose `cursor` the waits keep. */
  file?: { path: string; state: Record<string, unknown> };
}

function readToken(values: Values): TokenSource {
  if (values.token !== undefined) {
    throw new UsageError(
      'a token is never taken as an argument (others can read argv): ' +
        'use EMAIL_TEMPORANEA_TOKEN or --token-file',
    );
  }
  const path = values['token-file'];
  if (path === undefined) {
    const token = process.env.EMAIL_TEMPORANEA_TOKEN?.trim();
    if (!token) throw new UsageError('no token: set EMAIL_TEMPORANEA_TOKEN or pass --token-file');
    return { token };
  }
  const text = readFileSync(path, 'utf8').trim();
  if (!text.startsWith('{')) return { token: text };
  const state = JSON.parse(text) as Record<string, unknown>;
  if (typeof state.token !== 'string') throw new UsageError(`${path} has no "token"`);
  return { token: state.token, file: { path, state } };
}

const writeState = (path: string, state: Record<string, unknown>) =>
  writeFileSync(path, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });

/** `/re/flags` as a RegExp, anything else as text to find. */
function pattern(value: string | undefined): string | RegExp | undefined {
  if (value === undefined) return undefined;
  const re = /^\/(.+)\/([dgimsuvy]*)$/.exec(value);
  return re ? new RegExp(re[1]!, re[2]) : value;
}

function seconds(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!(n > 0)) throw new UsageError(`--timeout takes a number of seconds above 0, got ${value}`);
  return n;
}

const out = (text: string) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);

async function open(values: Values): Promise<{ box: Mailbox; source: TokenSource }> {
  const source = readToken(values);
  const cursor =
    values.since ??
    (typeof source.file?.state.cursor === 'string' ? source.file.state.cursor : undefined);
  const box = await openMailbox({ baseUrl: values.url, token: source.token, cursor });
  return { box, source };
}

async function create(values: Values) {
  const box = await createMailbox({ baseUrl: values.url, domain: values.domain });
  const json = box.toJSON();
  if (values['token-file'] !== undefined)
    writeState(values['token-file'], { ...json, cursor: box.cursor });
  if (values.json) out(JSON.stringify(json));
  else out(`address: ${json.address}\ntoken: ${json.token}\nexpiresAt: ${json.expiresAt}`);
}

async function wait(values: Values) {
  const print = values.print ?? 'json';
  if (!['code', 'link', 'json'].includes(print)) {
    throw new UsageError(`--print takes code, link or json, got ${print}`);
  }
  if (values.host !== undefined && print !== 'link')
    throw new UsageError('--host goes with --print link');
  const { box, source } = await open(values);
  const options: WaitOptions = {
    from: pattern(values.from),
    subject: pattern(values.subject),
    text: pattern(values.text),
    timeout: seconds(values.timeout, 60) * 1000,
  };
  let printed: string;
  if (print === 'code') printed = await box.waitForCode(options);
  else if (print === 'link') printed = await box.waitForLink({ ...options, host: values.host });
  else
    printed = JSON.stringify(
      { ...(await box.waitForMessage(options)), cursor: box.cursor },
      null,
      2,
    );
  if (source.file) writeState(source.file.path, { ...source.file.state, cursor: box.cursor });
  out(printed);
}

async function list(values: Values) {
  const { box } = await open(values);
  const messages = await box.messages();
  if (values.json) return out(JSON.stringify(messages, null, 2));
  for (const m of messages) {
    out(
      [m.id, m.receivedAt, m.from.address || '-', JSON.stringify(m.subject), m.code ?? ''].join(
        '\t',
      ),
    );
  }
}

function showMessage(m: MessageDetail): string {
  const who = (a: { name: string; address: string }) =>
    a.name ? `${a.name} <${a.address}>` : a.address;
  const lines = [
    `From: ${who(m.from)}`,
    `To: ${m.to.map(who).join(', ')}`,
    `Subject: ${m.subject}`,
    `Date: ${m.receivedAt}`,
  ];
  if (m.code) lines.push(`Code: ${m.code}`);
  if (m.confirmLink) lines.push(`Link: ${m.confirmLink}`);
  for (const a of m.attachments)
    lines.push(`Attachment ${a.id}: ${a.filename} (${a.contentType}, ${a.size} bytes)`);
  return `${lines.join('\n')}\n\n${m.text}`;
}

async function show(values: Values, id: string | undefined) {
  if (id === undefined) throw new UsageError('show needs a message id (see ls)');
  const { box } = await open(values);
  if (values.raw) {
    process.stdout.write(await box.raw(id));
    return;
  }
  const message = await box.message(id);
  out(values.json ? JSON.stringify(message, null, 2) : showMessage(message));
}

async function remove(values: Values) {
  const { box } = await open(values);
  await box.delete();
}

/** Runs the command line `argv` (without node and the script); resolves the exit code. */
async function main(argv: string[]): Promise<number> {
  let values: Values;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true }));
  } catch (err) {
    process.stderr.write(
      `email-temporanea: ${(err as Error).message}\nSee email-temporanea --help.\n`,
    );
    return 1;
  }
  const [command, ...rest] = positionals;
  if (values.version) {
    out(version);
    return 0;
  }
  if (values.help || command === undefined || command === 'help') {
    process.stdout.write(HELP);
    return command === undefined && !values.help ? 1 : 0;
  }
  try {
    if (command === 'create') await create(values);
    else if (command === 'wait') await wait(values);
    else if (command === 'ls') await list(values);
    else if (command === 'show') await show(values, rest[0]);
    else if (command === 'rm') await remove(values);
    else throw new UsageError(`unknown command ${command}`);
    return 0;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`email-temporanea: ${message}\n`);
    if (err instanceof UsageError) process.stderr.write('See email-temporanea --help.\n');
    if (err instanceof MailboxTimeoutError) return 2;
    if (err instanceof MailboxGoneError) return 3;
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
