import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { readingAttachments, type StoredReading } from '../src/domain/message';
import { startReadingPool, type ReadingPool, type ReadingPoolOptions } from '../src/ingest/reading';
import { createSenderCosts } from '../src/counters/sender-costs';
import { readMessage } from '../src/ingest/reading/read-message';
import { startDns, startSilentDns } from './helpers/dns-server';
import { emlFiles } from './helpers/fixtures';
import { composeMessage, ordinaryMessage, ordinaryText } from './helpers/hostile-inputs';

/** HTML-only mail whose text html-to-text renders for seconds: past any small deadline. */
const DEAR = composeMessage({
  subject: 'Troppo complesso',
  html: '<b>'.repeat(100_000) + '</i>'.repeat(100_000),
});

const FACTS = { ip: '127.0.0.1', helo: 'client.test', sender: 'mittente@example.test' };

/** Wall time of `run`, in ms. */
async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

describe('the reading pool', () => {
  const closers: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  async function pool(options: Partial<ReadingPoolOptions> = {}): Promise<ReadingPool> {
    const started = startReadingPool({
      deadlineMs: 2000,
      hostname: 'mx.test',
      checks: null,
      ...options,
    });
    closers.push(() => started.close());
    await started.ready();
    return started;
  }

  const silentChecks = async (timeoutMs: number) => {
    const dns = await startSilentDns();
    closers.push(() => dns.stop());
    return { timeoutMs, dnsServers: [dns.server], dnsTries: 1 };
  };

  it('reads every fixture as the reader in this thread does, attachments placed', async () => {
    const reader = await pool();
    for (const file of emlFiles()) {
      const raw = readFileSync(file);
      const here = await readMessage(raw);
      const there = await reader.readArrival(raw, null, '192.0.2.1');
      expect(there.summary, file).toEqual(here.summary);
      expect(JSON.parse(there.view), file).toMatchObject({
        status: 'complete',
        text: here.reading.text,
        html: here.reading.html,
      });
      expect(there.attachments, file).toEqual(here.reading.attachments);
      expect(there.header, file).toBeNull();
      const stored: StoredReading = await reader.readStored(raw, 'view:a@x.test');
      expect(stored.view, file).toBe(there.view);
      expect(readingAttachments(stored), file).toEqual(here.reading.attachments);
    }
  }, 120_000);

  it('gives a message past its deadline a too-complex reading from its header, and counts it', async () => {
    const deadlines: string[] = [];
    const reader = await pool({ deadlineMs: 1000, onDeadline: (step) => deadlines.push(step) });
    const read = await reader.readArrival(DEAR, null, '198.51.100.7');
    expect(JSON.parse(read.view)).toEqual({
      status: 'too-complex',
      to: [],
      text: '',
      html: null,
      attachments: [],
    });
    expect(read.summary).toEqual({
      from: { name: 'Negozio', address: 'noreply@negozio.example' },
      subject: 'Troppo complesso',
      preview: '',
      attachmentCount: 0,
      code: null,
      confirmLink: null,
    });
    expect(read.check).toBeNull();
    expect(deadlines).toEqual(['mime']);
    // The worker was replaced: the next message is read whole.
    const next = await reader.readArrival(ordinaryMessage(2048), null, '203.0.113.9');
    expect(JSON.parse(next.view).status).toBe('complete');
    expect(next.summary.code).toBe('482913');
  }, 60_000);

  it('holds each job of mail sent to a worker together to a deadline of its own', async () => {
    const deadlines: string[] = [];
    const reader = await pool({ deadlineMs: 1000, onDeadline: (step) => deadlines.push(step) });
    // The first goes alone to the idle light lane; the three queued meanwhile go together once
    // it is answered, the dear one between two ordinary ones of the same sender.
    const views = await Promise.all(
      [ordinaryMessage(1024), ordinaryMessage(2048), DEAR, ordinaryMessage(3072)].map((raw) =>
        reader.readArrival(raw, null, '198.51.100.7').then((r) => JSON.parse(r.view).status),
      ),
    );
    expect(views).toEqual(['complete', 'complete', 'too-complex', 'complete']);
    expect(deadlines).toEqual(['mime']);
  }, 60_000);

  it('sends a worker one sender’s mail together, never another’s behind it', async () => {
    const reader = await pool({ deadlineMs: 500 });
    const done = new Map<string, number>();
    const read = (raw: Buffer, sender: string, label: string) =>
      reader.readArrival(raw, null, sender).then(() => done.set(label, performance.now()));
    // Two dear messages of new senders hold both lanes until their deadline; meanwhile a dear
    // one of a third sender, small enough to share a message to a worker, and an ordinary one of
    // a fourth queue, in that order.
    const all = [read(DEAR, '198.51.100.1', 'c'), read(DEAR, '198.51.100.2', 'd')];
    await new Promise((resolve) => setTimeout(resolve, 100));
    const small = composeMessage({ html: '<b>'.repeat(30_000) + '</i>'.repeat(30_000) });
    all.push(read(small, '198.51.100.3', 'a'), read(ordinaryMessage(1024), '203.0.113.9', 'b'));
    await Promise.all(all);
    // The first lane free takes the dear one alone, the other the ordinary one: read well before
    // the dear one ends (sent behind it, it would wait for that deadline: 20 ms after it).
    expect(done.get('a')! - done.get('b')!).toBeGreaterThan(150);
  }, 60_000);

  it('does not count DNS waits against the deadline, nor hold a lane with them', async () => {
    // Every question goes to a server that never answers: each check waits out its 1.5 s.
    const reader = await pool({ deadlineMs: 1000, checks: await silentChecks(1500) });
    const one = () => reader.readArrival(ordinaryMessage(2048), FACTS, '192.0.2.1');
    let first: Awaited<ReturnType<typeof one>> | undefined;
    const alone = await timed(async () => (first = await one()));
    expect(JSON.parse(first!.view).status).toBe('complete');
    // An unsigned message asks nothing for DKIM; SPF and DMARC waited for their answers.
    expect(first!.check?.results).toEqual({
      spf: 'temperror',
      dkim: 'none',
      dmarc: 'temperror',
      domain: null,
    });
    // Twelve at once, from as many senders: two lanes held through each wait would take six
    // waits in turn; they wait side by side.
    const twelve = await timed(() =>
      Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          reader.readArrival(ordinaryMessage(2048), { ...FACTS, ip: `192.0.2.${i + 10}` }, `s${i}`),
        ),
      ),
    );
    expect(twelve / alone).toBeLessThan(3);
  }, 60_000);

  it('starts again the work a worker ended for another job held, and keeps a check it finished', async () => {
    const dns = await startDns(['example.test'], []);
    closers.push(() => dns.stop());
    const silent = await silentChecks(1500);
    const deadlines: string[] = [];
    const reader = await pool({
      deadlineMs: 1000,
      checks: { ...silent, dnsServers: [dns.server] },
      onDeadline: (step) => deadlines.push(step),
    });
    // The check of a message whose reading is past the deadline answered first: it is kept.
    const dear = await reader.readArrival(DEAR, FACTS, '198.51.100.7');
    expect(JSON.parse(dear.view).status).toBe('too-complex');
    expect(dear.check?.results.spf).toBe('none');
    expect(deadlines).toEqual(['mime']);

    const waiting = startReadingPool({
      deadlineMs: 1000,
      hostname: 'mx.test',
      checks: silent,
      onDeadline: (step) => deadlines.push(step),
    });
    closers.push(() => waiting.close());
    await waiting.ready();
    // One message waits for DNS on the light lane; a dear one from a new sender takes the
    // lane's free lock, and the worker is ended at its deadline: the first starts again.
    const patient = waiting.readArrival(ordinaryMessage(2048), FACTS, '192.0.2.1');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const ended = await waiting.readArrival(DEAR, null, '198.51.100.8');
    expect(JSON.parse(ended.view).status).toBe('too-complex');
    const read = await patient;
    expect(JSON.parse(read.view).status).toBe('complete');
    expect(read.summary.code).toBe('482913');
  }, 60_000);

  it('serves the mail of a light sender before the queued mail of a heavy one', async () => {
    // Every sender that has cost anything counts as heavy: the light lane is for the others.
    const reader = await pool({ heavyMessageMs: 0 });
    const heavy = composeMessage({ text: ordinaryText(200_000), html: ordinaryText(200_000) });
    const order: string[] = [];
    const read = (raw: Buffer, sender: string, label: string) =>
      reader.readArrival(raw, null, sender).then(() => order.push(label));
    const all = [1, 2, 3, 4, 5, 6].map((n) => read(heavy, '198.51.100.7', `heavy ${n}`));
    all.push(read(ordinaryMessage(1024), '203.0.113.9', 'light'));
    await Promise.all(all);
    // In arrival order it would wait for five heavy ones; it waits for the first only.
    expect(order.indexOf('light')).toBeLessThan(order.indexOf('heavy 3'));
  }, 60_000);

  it('never gives one sender both lanes', async () => {
    const reader = await pool({ deadlineMs: 1000 });
    const started: string[] = [];
    // Two dear messages of one sender, then an ordinary one of another: the second dear one
    // waits for the first, the ordinary one takes the other lane.
    const dear = [1, 2].map((n) =>
      reader.readArrival(DEAR, null, '198.51.100.7').then(() => started.push(`dear ${n}`)),
    );
    const light = reader
      .readArrival(ordinaryMessage(1024), null, '203.0.113.9')
      .then(() => started.push('light'));
    await Promise.all([...dear, light]);
    expect(started[0]).toBe('light');
  }, 60_000);

  it('keeps a sender to one lane, also while its work there waits for DNS', async () => {
    const reader = await pool({ deadlineMs: 1000, checks: await silentChecks(1500) });
    const order: string[] = [];
    const read = (raw: Buffer, facts: typeof FACTS | null, sender: string, label: string) =>
      reader.readArrival(raw, facts, sender).then(() => order.push(label));
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // h's first message waits for DNS on the light lane; x's dear one takes that lane's lock.
    const all = [read(ordinaryMessage(1024), FACTS, '198.51.100.7', 'h waiting')];
    await pause(100);
    all.push(read(DEAR, null, '192.0.2.50', 'x dear'));
    await pause(100);
    // h's dear one must not take the other lane: it would hold both with its first.
    all.push(read(DEAR, null, '198.51.100.7', 'h dear'));
    await pause(100);
    all.push(read(ordinaryMessage(1024), null, '203.0.113.9', 'ordinary'));
    await Promise.all(all);
    expect(order.indexOf('ordinary')).toBeLessThan(order.indexOf('x dear'));
  }, 60_000);

  it('keeps a heavy sender waiting while a worker is being replaced', async () => {
    // A deadline long enough that a dear message on the lane left up would hold it past the
    // replacement's start.
    const reader = await pool({ deadlineMs: 3000 });
    const order: string[] = [];
    await reader.readArrival(DEAR, null, '198.51.100.7');
    // The light lane's worker ended at that deadline and loads again: the sender, heavy now, waits.
    const dear = reader.readArrival(DEAR, null, '198.51.100.7');
    const replaced = reader.ready().then(() => order.push('replaced'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await reader
      .readArrival(ordinaryMessage(1024), null, '203.0.113.9')
      .then(() => order.push('ordinary'));
    await Promise.all([dear, replaced]);
    expect(order).toEqual(['ordinary', 'replaced']);
  }, 60_000);

  it('charges each sender what its work cost, halved every half-life, work in progress too', () => {
    let now = 0;
    const costs = createSenderCosts({ now: () => now, halfLifeMs: 10_000, maxSenders: 2 });
    for (let i = 0; i < 3; i++) costs.charge('198.51.100.7', 80);
    expect(costs.costOf('198.51.100.7')).toBeCloseTo(240);
    expect(costs.perMessage('198.51.100.7')).toBeCloseTo(80);
    now = 10_000;
    expect(costs.costOf('198.51.100.7')).toBeCloseTo(120);
    // Recent mail weighs most in the average: 1.5 messages of 80 ms, then one of 20.
    costs.charge('198.51.100.7', 20);
    expect(costs.costOf('198.51.100.7')).toBeCloseTo(140);
    expect(costs.perMessage('198.51.100.7')).toBeCloseTo(140 / 2.5);
    // A new sender's first message, still being read, counts as a message already.
    costs.charge('203.0.113.9', 70, 0);
    expect(costs.perMessage('203.0.113.9')).toBeCloseTo(70);
    costs.charge('203.0.113.9', 30, 1);
    expect(costs.perMessage('203.0.113.9')).toBeCloseTo(100);
    // The sender charged longest ago is forgotten first.
    costs.charge('192.0.2.1', 1);
    expect(costs.costOf('198.51.100.7')).toBe(0);
    expect(costs.perMessage('198.51.100.7')).toBe(0);
    expect(costs.costOf('192.0.2.1')).toBe(1);
  });

  it('answers after close without reading, and never rejects', async () => {
    const reader = await pool();
    await reader.close();
    const read = await reader.readArrival(ordinaryMessage(1024), null);
    expect(JSON.parse(read.view).status).toBe('too-complex');
    expect(read.summary.subject).toBe('Il tuo codice di verifica');
  });
});
