import { LONG_POLL_MAX_SECONDS } from '@et/common';
import { get, type ClientRequest } from 'node:http';
import { createMailbox, type Mailbox } from '../../client/src/index';
import { createMailbox as createRawMailbox } from '../lib/api';
import { openLines, openStream } from '../lib/probe';
import { cpuMs, percentile, rssMb, sleep } from '../lib/proc';
import { report } from '../lib/report';
import { startServer, type BenchServer } from '../lib/server';

export interface ClientContext {
  quick: boolean;
}

/** How long a wait is given to be listening before its mail is sent. */
const LISTENING_MS = 100;
/** The naive client the package replaces: `GET /messages` once a second until the mail is there. */
const POLL_PERIOD_MS = 1000;
/** Idle requests held open at once, each for its own mailbox, as that many waiting tests. */
const IDLE_REQUESTS = 1000;

/** Sends probe mail over one SMTP session; resolves the time of each 250 (performance.now). */
async function smtpProbe(server: BenchServer) {
  const smtp = await openLines(server.smtpPort);
  await smtp.next();
  await smtp.send('EHLO probe.bench.test\r\n');
  return {
    async send(to: string, subject: string): Promise<number> {
      await smtp.send('MAIL FROM:<probe@example.org>\r\n');
      await smtp.send(`RCPT TO:<${to}>\r\n`);
      await smtp.send('DATA\r\n');
      const head = `From: Probe <probe@example.org>\r\nTo: <${to}>\r\nSubject: ${subject}\r\n`;
      const done = await smtp.send(`${head}\r\nProbe.\r\n.\r\n`);
      if (!done.line.startsWith('250')) throw new Error(`DATA: ${done.line}`);
      return done.at;
    },
    close: () => smtp.close(),
  };
}

/**
 * Milliseconds from our SMTP 250 to `waitForMessage` resolving, for `probes` mails, each awaited
 * by a wait that was already listening (an event stream, or a long-poll).
 */
async function waitLatencies(server: BenchServer, box: Mailbox, probes: number) {
  const smtp = await smtpProbe(server);
  const times: number[] = [];
  try {
    for (let n = -10; n < probes; n++) {
      const subject = `Probe ${n + 10}`;
      const resolved = box
        .waitForMessage({ subject: new RegExp(`^${subject}$`), timeout: 10_000 })
        .then(() => performance.now());
      await sleep(LISTENING_MS);
      const accepted = await smtp.send(box.address, subject);
      const at = await resolved;
      // The first ten warm the connection and the server up.
      if (n >= 0) times.push(Math.max(0, at - accepted));
    }
  } finally {
    smtp.close();
  }
  return times;
}

/** The same, for a loop that asks for the list once a second, its phase unrelated to the mail. */
async function pollingLatencies(server: BenchServer, probes: number) {
  const { email, token } = await createRawMailbox(server.httpUrl);
  const smtp = await smtpProbe(server);
  const times: number[] = [];
  try {
    for (let n = 0; n < probes; n++) {
      const subject = `Poll ${n}`;
      let stop = false;
      const found = (async () => {
        while (!stop) {
          const res = await fetch(`${server.httpUrl}/api/v1/messages`, {
            headers: { authorization: `Bearer ${token}` },
          });
          const { messages } = (await res.json()) as { messages: { subject: string }[] };
          if (messages.some((m) => m.subject === subject)) return performance.now();
          await sleep(POLL_PERIOD_MS);
        }
        return NaN;
      })();
      await sleep(Math.random() * POLL_PERIOD_MS);
      const accepted = await smtp.send(email, subject);
      times.push(Math.max(0, (await found) - accepted));
      stop = true;
    }
  } finally {
    smtp.close();
  }
  return times;
}

/** The server's CPU share (% of one core) over `windowMs`. */
async function cpuShare(server: BenchServer, windowMs: number): Promise<number> {
  const start = cpuMs(server.pid);
  const started = performance.now();
  await sleep(windowMs);
  return ((cpuMs(server.pid) - start) / (performance.now() - started)) * 100;
}

/**
 * What `count` idle requests cost the server: `path` opened for each of `count` mailboxes, held;
 * the growth of its resident memory, and its CPU share over `windowMs` while they wait less its
 * share over as long before (its sweeper and timers). Counts those that ended early (a long-poll
 * must not answer before its wait is up).
 */
async function idleCost(
  server: BenchServer,
  path: string,
  windowMs: number,
  count = IDLE_REQUESTS,
) {
  const tokens: string[] = [];
  for (let i = 0; i < count; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, count - i) }, () => createRawMailbox(server.httpUrl)),
    );
    tokens.push(...batch.map((b) => b.token));
  }
  await sleep(2000);
  const rssBefore = rssMb(server.pid);
  const cpuBefore = await cpuShare(server, windowMs);
  const requests: ClientRequest[] = [];
  let ended = 0;
  await Promise.all(
    tokens.map(
      (token) =>
        new Promise<void>((resolve, reject) => {
          const req = get(`${server.httpUrl}${path}`, {
            agent: false,
            headers: { authorization: `Bearer ${token}` },
          });
          req.on('error', () => {});
          req.once('response', (res) => {
            if (res.statusCode !== 200) reject(new Error(`${path}: ${res.statusCode}`));
            res.on('data', () => {});
            res.once('end', () => ended++);
            res.on('error', () => {});
            resolve();
          });
          // A long-poll sends its head only when it answers: held means waiting.
          setTimeout(resolve, 1000);
          requests.push(req);
        }),
    ),
  );
  await sleep(2000);
  const rssHeld = rssMb(server.pid);
  const cpuHeld = await cpuShare(server, windowMs);
  const endedEarly = ended;
  for (const req of requests) req.destroy();
  return { megabytes: rssHeld - rssBefore, cpu: cpuHeld - cpuBefore, cpuBefore, endedEarly };
}

/**
 * The client package (`npm run bench -- client`): from our SMTP 250 to `waitForMessage`
 * resolving, over the event stream and over long-polls, beside a client that polls the list
 * once a second; and what 1,000 idle long-polls cost the server, beside 1,000 idle event streams.
 */
export async function runClient(ctx: ClientContext): Promise<void> {
  const probes = ctx.quick ? 30 : 300;
  const polls = ctx.quick ? 10 : 60;
  // Below the long-poll's own wait, so that none answers within the window.
  const windowMs = ctx.quick ? 5_000 : 20_000;

  const server = await startServer();
  let stream: number[];
  let polling: number[];
  try {
    const box = await createMailbox({ baseUrl: server.httpUrl });
    stream = await waitLatencies(server, box, probes);
    polling = await pollingLatencies(server, polls);
  } finally {
    await server.stop();
  }

  // A server that lets a mailbox have one stream, which another client holds: the package
  // falls back to long-polls, as behind a proxy that does not stream.
  const oneStream = await startServer({ MAX_STREAMS_PER_MAILBOX: '1' });
  let longPoll: number[];
  try {
    const box = await createMailbox({ baseUrl: oneStream.httpUrl });
    const holder = await openStream(`${oneStream.httpUrl}/api/v1/events`, box.token);
    longPoll = await waitLatencies(oneStream, box, probes);
    holder.close();
  } finally {
    await oneStream.stop();
  }

  const baseline = (p: number) => ({
    name: `${POLL_PERIOD_MS / 1000} s polling loop`,
    value: percentile(polling, p),
  });
  const latency = (id: string, label: string, times: number[], p: number, limit?: number) =>
    report({
      id: `client.${id}.p${p}`,
      label: `client ${label}, 250 → wait resolved, p${p}`,
      unit: 'ms',
      ours: percentile(times, p),
      baseline: baseline(p),
      goal: limit === undefined ? undefined : { on: 'value', op: '<=', limit },
      note: `${times.length} mails, ${polling.length} for the polling loop`,
    });
  latency('stream', 'event stream', stream, 50);
  latency('stream', 'event stream', stream, 99, 50);
  latency('long-poll', 'long-polls', longPoll, 50);
  latency('long-poll', 'long-polls', longPoll, 99);

  const idle = async (path: string) => {
    const s = await startServer();
    try {
      return await idleCost(s, path, windowMs);
    } finally {
      await s.stop();
    }
  };
  const polled = await idle(`/api/v1/messages?since=0&wait=${LONG_POLL_MAX_SECONDS}`);
  const streams = await idle('/api/v1/events');
  const invalid = polled.endedEarly ? `${polled.endedEarly} long-polls answered early` : undefined;
  const window = `${IDLE_REQUESTS} mailboxes, a ${windowMs / 1000} s window`;
  const idleLine = (what: 'cpu' | 'megabytes', unit: string, limit: number, note: string) =>
    report({
      id: `client.idle-long-polls.${what === 'cpu' ? 'cpu' : 'memory'}`,
      label: `client ${IDLE_REQUESTS} idle long-polls, server ${what === 'cpu' ? 'CPU' : 'memory'}`,
      unit,
      ours: polled[what],
      baseline: { name: `${IDLE_REQUESTS} idle event streams`, value: streams[what] },
      goal: { on: 'value', op: '<=', limit },
      note: `${window}; ${note}`,
      invalid,
    });
  idleLine(
    'cpu',
    '% of a core',
    1,
    `less before, when the server took ${polled.cpuBefore.toFixed(2)} %`,
  );
  idleLine('megabytes', 'MB', 20, 'resident memory held open less before');
}
