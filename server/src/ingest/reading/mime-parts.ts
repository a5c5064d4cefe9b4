import { Splitter, type SplitterChunk } from '@zone-eu/mailsplit';
import { Decoder as Base64Decoder } from 'libbase64';
import { Decoder as QuotedPrintableDecoder } from 'libqp';
import { PassThrough, type Transform } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { AttachmentPart } from '../../domain/message';

/**
 * Where each MIME part's body lies, and one part decoded alone, by mailparser's own libraries
 * (mailsplit's `Splitter`, libbase64's and libqp's `Decoder`), so a download equals mailparser's
 * content (`server/test/attachments.test.ts`) and reads nothing else of the message.
 */

/**
 * The body of each leaf part by mailparser's `partId`: given the whole message in one write, the
 * splitter emits slices of it, whose offsets place the body. A body it cannot place is null.
 */
export async function partsOf(raw: Buffer): Promise<Map<string, AttachmentPart | null>> {
  /** Each leaf's body so far; `placed` false until its first chunk. */
  const parts = new Map<string, { part: AttachmentPart; placed: boolean } | null>();
  const splitter = new Splitter();
  splitter.on('data', (chunk: SplitterChunk) => {
    if (chunk.type === 'node') {
      if (chunk.multipart || chunk.messageNode) return;
      const id = partIdOf(chunk.partNr);
      const part = { start: 0, end: 0, encoding: chunk.encoding || '' };
      parts.set(id, parts.has(id) ? null : { part, placed: false });
      return;
    }
    if (chunk.type !== 'body') return;
    const body = parts.get(partIdOf(chunk.node.partNr));
    if (!body) return;
    const at = chunk.value.byteOffset - raw.byteOffset;
    const inRaw =
      chunk.value.buffer === raw.buffer && at >= 0 && at + chunk.value.length <= raw.length;
    if (!inRaw || (body.placed && body.part.end !== at)) {
      parts.set(partIdOf(chunk.node.partNr), null);
      return;
    }
    if (!body.placed) body.part.start = at;
    body.part.end = at + chunk.value.length;
    body.placed = true;
  });
  splitter.end(raw);
  await finished(splitter);
  return new Map([...parts].map(([id, body]) => [id, body && body.part]));
}

/** mailparser's `partId` of a node: the numbers of its part number, joined by dots. */
function partIdOf(partNr: (string | number)[] | false): string {
  return (partNr || []).filter((n) => typeof n === 'number').join('.');
}

/** A part's content as mailparser gives it, by the decoder mailsplit picks for its encoding. */
export async function decodeBody(body: Buffer, encoding: string): Promise<Buffer> {
  const decoder: Transform =
    encoding === 'base64'
      ? new Base64Decoder()
      : encoding === 'quoted-printable'
        ? new QuotedPrintableDecoder()
        : new PassThrough();
  const chunks: Buffer[] = [];
  decoder.on('data', (chunk: Buffer) => chunks.push(chunk));
  decoder.end(body);
  await finished(decoder);
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}
