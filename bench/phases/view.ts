import { randomBytes } from 'node:crypto';
import type { MessageDetail } from '@et/common';
import { createMailbox } from '../lib/api';
import { asData, sendOne } from '../lib/probe';
import { cpuMs, percentile } from '../lib/proc';
import { report } from '../lib/report';
import { beforeBuild, startServer, type BenchServer } from '../lib/server';
import { closedLoop } from '../lib/http-load';
import { cpuPerCall } from '../../server/test/helpers/cpu';
import { ordinaryHtml, ordinaryText } from '../../server/test/helpers/hostile-inputs';

const KB = 1024;
const MB = 1024 * KB;

/** The attachment every view message carries, after its text: a small file, as a receipt is. */
const ATTACHMENT_BYTES = 512;

/** A message of the view phase: what its text and HTML parts are, at what size. */
interface ViewMessage {
  id: string;
  label: string;
  /** The HTML of the message. */
  html(): string;
  /**
   * How its parts are sent: 8bit (the ordinary ones, whose lines are short), or base64 (one
   * line of 700,000 characters is more than SMTP carries as it is).
   */
  encoding: '8bit' | 'base64';
  /** Its text alternative, if any. */
  text?(): string;
}

/**
 * What the detail view is asked for: ordinary mail of 1 KB, 100 KB and 8 MB (text and HTML as
 * alternatives, half each, as `ordinaryMessage` of the hostile inputs), and the nested-tags
 * message whose HTML has the most elements per byte; each with the same small attachment after
 * its text, so that a reader of the whole message must pass over the rest to reach it.
 */
const VIEW_MESSAGES: ViewMessage[] = [
  ...(
    [
      ['1k', '1 KB', KB],
      ['100k', '100 KB', 100 * KB],
      ['8m', '8 MB', 8 * MB],
    ] as const
  ).map(([id, label, bytes]): ViewMessage => ({
    id,
    label,
    encoding: '8bit',
    // What the headers, the boundaries and the attachment take is left out of the halves.
    html: () => ordinaryHtml(Math.max(200, bytes / 2 - 700)),
    text: () => ordinaryText(Math.max(200, bytes / 2 - 700)),
  })),
  {
    id: 'nested',
    label: "'<b>' × 100,000 + '</i>' × 100,000",
    encoding: 'base64',
    html: () => '<b>'.repeat(100_000) + '</i>'.repeat(100_000),
  },
];

const base64Lines = (bytes: Buffer) => bytes.toString('base64').replace(/.{76}/g, '$&\r\n');

/** The raw message: multipart/mixed of the body (an alternative when it has text) and the file. */
function composeView(m: ViewMessage, to: string, attachment: Buffer): Buffer {
  const part = (type: string, body: string) =>
    `Content-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: ${m.encoding}\r\n\r\n` +
    `${m.encoding === 'base64' ? base64Lines(Buffer.from(body)) : body.replace(/\r?\n/g, '\r\n')}\r\n`;
  const html = part('text/html', m.html());
  const body = m.text
    ? 'Content-Type: multipart/alternative; boundary="view-alt"\r\n\r\n' +
      `--view-alt\r\n${part('text/plain', m.text())}--view-alt\r\n${html}--view-alt--\r\n`
    : html;
  return Buffer.from(
    [
      'From: Negozio <noreply@negozio.example>',
      `To: <${to}>`,
      `Subject: La tua ricevuta (${m.label})`,
      `Date: ${new Date().toUTCString()}`,
      `Message-ID: <view-${m.id}-${Date.now()}@negozio.example>`,
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="view-mixed"',
      '',
      '--view-mixed',
      body,
      '--view-mixed',
      'Content-Type: application/pdf; name="ricevuta.pdf"',
      'Content-Disposition: attachment; filename="ricevuta.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      base64Lines(attachment),
      '--view-mixed--',
      '',
    ].join('\r\n'),
  );
}

/** A URL the phase asks for, on one server, and what one answer to it weighs. */
interface Target {
  key: string;
  url: string;
  bytes: number;
}

/** Sends the view messages to a fresh mailbox of `server` and finds the URLs of each. */
async function prepare(server: BenchServer, attachment: Buffer) {
  const box = await createMailbox(server.httpUrl);
  const headers = { authorization: `Bearer ${box.token}` };
  const api = `${server.httpUrl}/api/v1`;
  const fetchBytes = async (url: string) => {
    const res = await fetch(url, { headers });
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200)
      throw new Error(`${url}: ${res.status} ${body.toString().slice(0, 200)}`);
    return body;
  };
  const targets: Target[] = [];
  const problems: string[] = [];
  for (const m of VIEW_MESSAGES) {
    const reply = await sendOne(server.smtpPort, {
      from: 'noreply@negozio.example',
      to: box.email,
      data: asData(composeView(m, box.email, attachment)),
    });
    const id = /queued as (\S+)/.exec(reply)?.[1];
    if (!id) throw new Error(`${server.build.name}: the ${m.label} message: ${reply}`);
    const detailUrl = `${api}/messages/${id}`;
    const detailBody = await fetchBytes(detailUrl);
    const detail = JSON.parse(detailBody.toString()) as MessageDetail;
    if (detail.html === null) problems.push(`${m.id}: the detail has no HTML`);
    const file = detail.attachments[0];
    if (!file) throw new Error(`${server.build.name}: the ${m.label} message lists no attachment`);
    const attachmentUrl = `${detailUrl}/attachment/${file.id}`;
    if (!(await fetchBytes(attachmentUrl)).equals(attachment)) {
      problems.push(`${m.id}: the attachment's bytes differ from those sent`);
    }
    targets.push(
      { key: `detail.${m.id}`, url: detailUrl, bytes: detailBody.length },
      { key: `attachment.${m.id}`, url: attachmentUrl, bytes: attachment.length },
    );
  }
  const inboxUrl = `${api}/messages`;
  targets.unshift({ key: 'inbox', url: inboxUrl, bytes: (await fetchBytes(inboxUrl)).length });
  return { server, headers, targets, problems };
}

/** What one run of a target gave. */
interface Sample {
  cpuMs: number;
  p99Ms: number;
  requests: number;
  errors: number;
}

/**
 * The view: server CPU per request and p99 of the detail and of the attachment of each view
 * message, beside an inbox read of the same mailbox in the same turns, on our server and on the
 * before-build (`BENCH_BEFORE`, which reads the whole message again on every view). Each target
 * is read by a closed loop of 4 connections for a few seconds (and at least a few requests), ours and the before-build one after the
 * other, target after target, in rounds; each figure is the median of the rounds.
 */
export async function runView({ quick }: { quick: boolean }): Promise<void> {
  const seconds = quick ? 2 : 4;
  const rounds = quick ? 1 : 3;
  const before = beforeBuild();
  const attachment = randomBytes(ATTACHMENT_BYTES);
  const servers = [await startServer()];
  try {
    if (before) servers.push(await startServer({}, { build: before }));
    const sides: Awaited<ReturnType<typeof prepare>>[] = [];
    for (const server of servers) sides.push(await prepare(server, attachment));
    const samples = new Map<string, Sample[]>();
    const sample = (side: number, key: string) => {
      const k = `${side}:${key}`;
      if (!samples.has(k)) samples.set(k, []);
      return samples.get(k)!;
    };
    for (let round = 0; round < rounds; round++) {
      for (const [t, target] of sides[0]!.targets.entries()) {
        // The order of the two builds alternates from one target to the next.
        const order = sides.map((_, i) => (i + t + round) % sides.length);
        for (const s of order) {
          const side = sides[s]!;
          const url = side.targets[t]!.url;
          const cpu0 = cpuMs(side.server.pid);
          const run = await closedLoop({
            url,
            headers: side.headers,
            connections: 4,
            seconds,
            minRequests: quick ? 3 : 8,
          });
          sample(s, target.key).push({
            cpuMs: (cpuMs(side.server.pid) - cpu0) / Math.max(1, run.requests),
            p99Ms: run.p99Ms,
            requests: run.requests,
            errors: run.errors,
          });
        }
      }
    }
    // The in-process floor of an attachment: decoding its part's base64, nothing else.
    const part = base64Lines(attachment);
    const decodeMs = await cpuPerCall(() => Buffer.from(part, 'base64'), { minMs: 20 });

    const med = (s: number, key: string, pick: (x: Sample) => number) =>
      percentile(sample(s, key).map(pick), 50);
    const cpu = (s: number, key: string) => med(s, key, (x) => x.cpuMs);
    const p99 = (s: number, key: string) => med(s, key, (x) => x.p99Ms);
    const bytesOf = (s: number, key: string) => sides[s]!.targets.find((x) => x.key === key)!.bytes;
    const invalid = (key: string) => {
      const errors = sides.flatMap((side, s) =>
        sample(s, key).some((x) => x.errors > 0 || x.requests === 0)
          ? [`${side.server.build.name}: errors or no answer`]
          : [],
      );
      const problems = sides.flatMap((side) =>
        side.problems
          .filter((p) => key.endsWith(`.${p.split(':')[0]}`))
          .map((p) => `${side.server.build.name}: ${p}`),
      );
      return [...errors, ...problems].join('; ') || undefined;
    };
    const beside = (key: string) =>
      before
        ? `; ${sides[1]!.server.build.name} ${cpu(1, key).toFixed(3)} ms/request, p99 ${p99(1, key).toFixed(1)} ms (${(cpu(0, key) / cpu(1, key)).toFixed(2)}x)`
        : '';
    const runs = (s: number, key: string) =>
      `${rounds} rounds of ${seconds} s, ${sample(s, key)
        .map((x) => x.requests)
        .join('/')} requests`;
    const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;

    report({
      id: 'view.inbox',
      label: 'view: inbox read of the same mailbox',
      unit: 'ms/request',
      ours: cpu(0, 'inbox'),
      baseline: before ? { name: sides[1]!.server.build.name, value: cpu(1, 'inbox') } : undefined,
      note: `p99 ${p99(0, 'inbox').toFixed(1)} ms; ${bytesOf(0, 'inbox')} bytes; ${runs(0, 'inbox')}`,
      invalid: invalid('inbox'),
    });
    const inbox = cpu(0, 'inbox');
    /** Server CPU per KB returned beyond what the 1 KB message's detail costs. */
    const perKb = (key: string) =>
      (cpu(0, key) - cpu(0, 'detail.1k')) /
      Math.max(1, (bytesOf(0, key) - bytesOf(0, 'detail.1k')) / KB);
    for (const m of VIEW_MESSAGES) {
      const key = `detail.${m.id}`;
      report({
        id: `view.${key}`,
        label: `view: detail, ${m.label}`,
        unit: 'ms/request',
        ours: cpu(0, key),
        baseline: { name: 'inbox read', value: inbox },
        goal: m.id === '1k' ? { on: 'ratio', op: '<=', limit: 3 } : undefined,
        note:
          `p99 ${p99(0, key).toFixed(1)} ms; ${(bytesOf(0, key) / KB).toFixed(1)} KB returned` +
          (m.id === '1k' ? '' : `, ${us(perKb(key))} per KB beyond the 1 KB detail`) +
          `${beside(key)}; ${runs(0, key)}`,
        invalid: invalid(key),
      });
    }
    report({
      id: 'view.detail.linear',
      label: 'view: detail CPU per KB returned, 8 MB / 100 KB',
      unit: 'µs/KB',
      ours: perKb('detail.8m') * 1000,
      baseline: { name: '100 KB message', value: perKb('detail.100k') * 1000 },
      goal: { on: 'ratio', op: '<=', limit: 2 },
      note: `each beyond the 1 KB detail; the nested tags ${us(perKb('detail.nested'))} per KB`,
      invalid: invalid('detail.8m') ?? invalid('detail.100k'),
    });
    for (const m of VIEW_MESSAGES) {
      const key = `attachment.${m.id}`;
      const first = m.id === '1k';
      report({
        id: `view.${key}`,
        label: `view: attachment (${ATTACHMENT_BYTES} B) of the ${m.label} message`,
        unit: 'ms/request',
        ours: cpu(0, key),
        baseline: first
          ? { name: 'inbox read', value: inbox }
          : { name: 'the same part of the 1 KB message', value: cpu(0, 'attachment.1k') },
        goal: first ? undefined : { on: 'ratio', op: '<=', limit: 1.5 },
        note: `p99 ${p99(0, key).toFixed(1)} ms; decoding the part alone ${us(decodeMs)}${beside(key)}; ${runs(0, key)}`,
        invalid: invalid(key),
      });
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}
