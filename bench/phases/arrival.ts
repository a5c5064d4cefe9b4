import { createMailbox } from '../lib/api';
import { startBaseline } from '../lib/baseline';
import { openLines, openStream } from '../lib/probe';
import { percentile, sleep } from '../lib/proc';
import { recorded, report } from '../lib/report';
import { BENCH_DOMAIN, startServer } from '../lib/server';
import { startLoad, type Sink } from '../lib/smtp';

export interface ArrivalContext {
  quick: boolean;
  attachmentFile: string;
  sink: Sink;
}

/** A ~1 KB message naming its probe number. */
function probeMessage(to: string, n: number): string {
  const body = `Il tuo codice di verifica è ${100000 + n}. `.repeat(24);
  return [
    'From: Probe <probe@example.org>',
    `To: <${to}>`,
    `Subject: Arrival probe ${n}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <probe-${n}-${Date.now()}@example.org>`,
    '',
    body,
    '.',
    '',
  ].join('\r\n');
}

/**
 * Arrival: one mail after another over one SMTP connection, with an event stream open on the
 * mailbox; each sample is the time from our 250 after DATA (which names the stored id) to the
 * event carrying that id. An event that arrives before the 250 counts as 0. Baseline: the bare
 * node:http process pushing an event on a held-open stream, then answering 250, on a trigger.
 */
export async function runArrival(
  ctx: ArrivalContext,
  opts: { prefix: string; env?: Record<string, string>; beside?: string } = { prefix: 'arrival' },
): Promise<void> {
  const probes = ctx.quick ? 50 : 300;
  const server = await startServer(opts.env);
  const baseline = await startBaseline();
  try {
    const mailbox = await createMailbox(server.httpUrl);
    const loadBox = await createMailbox(server.httpUrl);
    const stream = await openStream(`${server.httpUrl}/api/v1/events`, mailbox.token);
    const smtp = await openLines(server.smtpPort);
    await smtp.next(); // banner
    await smtp.send('EHLO probe.bench.test\r\n');
    // Dot → 250 of each probe: the commit the 250 waits for (context for the figure).
    let commits: number[] = [];
    const oursOnce = async (n: number): Promise<number | null> => {
      await smtp.send('MAIL FROM:<probe@example.org>\r\n');
      const rcpt = await smtp.send(`RCPT TO:<${mailbox.email}>\r\n`);
      if (!rcpt.line.startsWith('250')) throw new Error(`RCPT: ${rcpt.line}`);
      await smtp.send('DATA\r\n');
      const sent = performance.now();
      const done = await smtp.send(probeMessage(mailbox.email, n));
      commits.push(done.at - sent);
      const id = /queued as (\S+)/.exec(done.line)?.[1];
      if (!done.line.startsWith('250') || !id) throw new Error(`DATA: ${done.line}`);
      const at = await stream.waitFor(id);
      return at === null ? null : Math.max(0, at - done.at);
    };

    const bareStream = await openStream(`${baseline.httpUrl}/events`);
    const trigger = await openLines(baseline.tcpPort);
    const bareOnce = async (n: number): Promise<number | null> => {
      const id = `p${n}`;
      const done = await trigger.send(`PUSH ${id}\n`);
      const at = await bareStream.waitFor(id);
      return at === null ? null : Math.max(0, at - done.at);
    };

    const sample = async (once: (n: number) => Promise<number | null>) => {
      const times: number[] = [];
      let lost = 0;
      for (let n = 0; n < probes; n++) {
        const t = await once(n);
        if (t === null) lost++;
        else times.push(t);
      }
      return { times, lost };
    };

    // Warm-up, not counted.
    for (let n = 0; n < 20; n++) {
      await oursOnce(-1 - n);
      await bareOnce(-1 - n);
    }
    commits = [];
    const idleOurs = await sample(oursOnce);
    const idleCommits = commits;
    commits = [];
    const idleBare = await sample(bareOnce);

    // Under load: 10 smtp-source sessions of 1 KB, one connection per message, to another
    // mailbox of ours (and to smtp-sink while the baseline is sampled).
    const load = (port: number, to: string) =>
      startLoad({
        port,
        sessions: 10,
        messages: 1_000_000,
        reuse: false,
        size: '1k',
        attachmentFile: ctx.attachmentFile,
        to,
      });
    let running = load(server.smtpPort, loadBox.email);
    await sleep(1000);
    const loadOurs = await sample(oursOnce);
    const loadCommits = commits;
    await running.stop();
    running = load(ctx.sink.port, `sink@${BENCH_DOMAIN}`);
    await sleep(1000);
    const loadBare = await sample(bareOnce);
    await running.stop();

    smtp.close();
    stream.close();
    trigger.close();
    bareStream.close();

    const line = (
      id: string,
      label: string,
      p: number,
      ours: { times: number[]; lost: number },
      bare: { times: number[]; lost: number },
      commitTimes: number[],
      limit?: number,
    ) =>
      report({
        id: `${opts.prefix}.${id}`,
        label: `${opts.prefix} ${label}`,
        unit: 'ms',
        ours: percentile(ours.times, p),
        baseline: { name: 'bare node:http push', value: percentile(bare.times, p) },
        goal: limit === undefined ? undefined : { on: 'value', op: '<=', limit },
        note:
          `${ours.times.length} probes; dot → 250 p${p} ${percentile(commitTimes, p).toFixed(2)} ms` +
          besideNote(opts.beside && `${opts.beside}.${id}`),
        invalid: ours.lost ? `${ours.lost} events never arrived` : undefined,
      });
    const idle = [idleOurs, idleBare, idleCommits] as const;
    const loaded = [loadOurs, loadBare, loadCommits] as const;
    line('idle.p50', '250 → event, idle, p50', 50, ...idle, 5);
    line('idle.p99', '250 → event, idle, p99', 99, ...idle, 25);
    line('load.p50', '250 → event, 10 sess load, p50', 50, ...loaded);
    line('load.p99', '250 → event, 10 sess load, p99', 99, ...loaded, 100);
  } finally {
    await baseline.stop();
    await server.stop();
  }
}

/** The figure of the same name in another mode, measured earlier in the run, if any. */
function besideNote(id: string | undefined): string {
  const f = id && recorded(id);
  return f ? `; SQLite mode ${f.ours.toFixed(2)} ms` : '';
}
