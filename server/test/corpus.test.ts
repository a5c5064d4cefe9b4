import type { MessageDetail, MessageList } from '@et/common';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startHarness, type Harness } from './helpers/harness';
import { splitTrace } from './helpers/trace';

interface Entry {
  file: string;
  exercises: string;
  expect?: {
    subject?: string;
    fromAddress?: string;
    attachmentCount?: number;
    textIncludes?: string;
  };
  generate?: boolean;
  recipe?: {
    prefix: string;
    suffix: string;
    base64LineLength: number;
    attachment: { length: number; sha256: string };
    emlSha256: string;
  };
}

const dir = new URL('./fixtures/corpus/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('manifest.json', dir), 'utf8')) as Entry[];
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The 5 MB message of the manifest, built from its recipe instead of being committed. */
function generate(recipe: NonNullable<Entry['recipe']>): Buffer {
  const attachment = Buffer.alloc(recipe.attachment.length);
  for (let i = 0; i < attachment.length; i++) attachment[i] = (i * 131 + (i >>> 11)) & 0xff;
  const b64 = attachment.toString('base64');
  const lines: string[] = [];
  for (let i = 0; i < b64.length; i += recipe.base64LineLength) {
    lines.push(`${b64.slice(i, i + recipe.base64LineLength)}\r\n`);
  }
  return Buffer.from(recipe.prefix + lines.join('') + recipe.suffix, 'ascii');
}

/**
 * What our API shows of a header (domain/names.ts): one line, control characters as spaces, no
 * bidi controls.
 */
const oneLine = (s: string) =>
  s
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ')
    .replace(/[\u202a-\u202e\u2066-\u2069]/g, '')
    .trim();

/**
 * Real-world oddities (fixtures/corpus/manifest.json says what each exercises) ingested over
 * real SMTP and read back through the API: stored, summarised as mailparser reads them, every
 * attachment downloadable, the raw bytes exactly as sent.
 */
describe(`corpus of ${manifest.length} odd messages`, () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ maxMessageBytes: 8 * 1024 * 1024 });
  });
  afterAll(async () => {
    await h.close();
  });

  it.each(manifest.map((e) => [e.file, e] as const))('%s', async (_file, entry) => {
    const raw = entry.generate ? generate(entry.recipe!) : readFileSync(new URL(entry.file, dir));
    if (entry.generate) expect(sha256(raw)).toBe(entry.recipe!.emlSha256);
    const box = await h.createMailbox();
    const info = await h.sendRaw(raw, box.email);
    expect(info.response).toMatch(/^250 /);

    const { messages } = (
      await h.app.inject({ url: '/api/v1/messages', headers: bearer(box.token) })
    ).json<MessageList>();
    expect(messages).toHaveLength(1);
    const summary = messages[0]!;
    const res = await h.app.inject({
      url: `/api/v1/messages/${summary.id}`,
      headers: bearer(box.token),
    });
    expect(res.statusCode).toBe(200);
    const detail = res.json<MessageDetail>();

    const want = entry.expect ?? {};
    if (want.subject !== undefined) expect(summary.subject).toBe(oneLine(want.subject));
    if (want.fromAddress !== undefined) expect(summary.from.address).toBe(want.fromAddress);
    if (want.attachmentCount !== undefined) {
      expect(detail.attachments).toHaveLength(want.attachmentCount);
      expect(summary.hasAttachments).toBe(want.attachmentCount > 0);
    }
    if (want.textIncludes !== undefined) expect(detail.text).toContain(want.textIncludes);
    // eslint-disable-next-line no-control-regex
    expect(summary.subject).not.toMatch(/[\u0000-\u001f]/);

    for (const a of detail.attachments) {
      expect(a.filename).not.toMatch(/[/\\\r\n]/);
      const file = await h.app.inject({
        url: `/api/v1/messages/${summary.id}/attachment/${a.id}`,
        headers: bearer(box.token),
      });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.length).toBe(a.size);
      expect(file.headers['content-disposition']).toMatch(/^attachment; /);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      if (entry.generate) expect(sha256(file.rawPayload)).toBe(entry.recipe!.attachment.sha256);
    }
    const eml = await h.app.inject({
      url: `/api/v1/messages/${summary.id}/raw`,
      headers: bearer(box.token),
    });
    // What went over the wire: the SMTP client turns bare LF into CRLF, and SMTP needs a
    // final CRLF before the end-of-data dot. Those bytes are stored exactly.
    let wire = raw.toString('latin1').replace(/\r?\n/g, '\r\n');
    if (!wire.endsWith('\r\n')) wire += '\r\n';
    const sent = Buffer.from(wire, 'latin1');
    expect(splitTrace(eml.rawPayload).received.equals(sent)).toBe(true);
  });
});
