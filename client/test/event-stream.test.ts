import { describe, expect, it } from 'vitest';
import { readServerSentEvents, type ServerSentEvent } from '../src/event-stream';

/** A body that arrives in exactly these pieces. */
const body = (chunks: (string | Uint8Array)[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks)
        controller.enqueue(typeof c === 'string' ? new TextEncoder().encode(c) : c);
      controller.close();
    },
  });

async function read(chunks: (string | Uint8Array)[]) {
  const events: ServerSentEvent[] = [];
  let pieces = 0;
  for await (const e of readServerSentEvents(body(chunks), () => pieces++)) events.push(e);
  return { events, pieces };
}

describe('reading an event stream', () => {
  it('reads events as the HTML standard does, however the bytes are cut', async () => {
    const text =
      'retry: 2000\n: connected\n\n' +
      'id: 7\nevent: message.received\ndata: {"a":"è"}\n\n' +
      ': ping\r\n\r\n' +
      'event: inbox.cleared\r\ndata: {}\r\n\r\n' +
      'data: line one\rdata:line two\r\r' +
      'id: 8\nevent: nothing\n\n' +
      'event: message.received\ndata: {"b":1}\nid: 9\n\n';
    const expected: ServerSentEvent[] = [
      { event: 'message.received', data: '{"a":"è"}', id: '7' },
      { event: 'inbox.cleared', data: '{}', id: undefined },
      { event: 'message', data: 'line one\nline two', id: undefined },
      { event: 'message.received', data: '{"b":1}', id: '9' },
    ];
    expect((await read([text])).events).toEqual(expected);
    // Cut at every byte: CRLF split in two, the two bytes of è split apart.
    const bytes = new TextEncoder().encode(text);
    const oneByOne = await read([...bytes].map((b) => Uint8Array.of(b)));
    expect(oneByOne.events).toEqual(expected);
    expect(oneByOne.pieces).toBe(bytes.length);
  });

  it('keeps nothing of an event the stream ended in the middle of', async () => {
    expect((await read(['data: whole\n\ndata: half'])).events).toEqual([
      { event: 'message', data: 'whole', id: undefined },
    ]);
  });
});
