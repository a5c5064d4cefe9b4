import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from './sse';

function parse(chunks: string[]): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createSseParser((event) => events.push(event));
  for (const chunk of chunks) parser.push(chunk);
  return events;
}

describe('createSseParser', () => {
  it('dispatches an event on the blank line, with its type and data', () => {
    expect(parse(['event: message.received\ndata: {"a":1}\n\n'])).toEqual([
      { event: 'message.received', data: '{"a":1}' },
    ]);
  });

  it('reassembles lines split anywhere across chunks', () => {
    const text = 'event: inbox.cleared\ndata: {"type":"inbox.cleared"}\n\n';
    const chunks = text.split('').map((ch) => ch);
    expect(parse(chunks)).toEqual([{ event: 'inbox.cleared', data: '{"type":"inbox.cleared"}' }]);
  });

  it('ignores comments such as the heartbeat and the retry hint', () => {
    expect(parse(['retry: 2000\n: connected\n\n', ': ping\n\n', 'data: x\n\n'])).toEqual([
      { event: 'message', data: 'x' },
    ]);
  });

  it('joins several data lines with a newline', () => {
    expect(parse(['data: one\ndata: two\n\n'])).toEqual([{ event: 'message', data: 'one\ntwo' }]);
  });

  it('accepts CRLF and lone CR line ends, even a CRLF split between chunks', () => {
    expect(parse(['event: a\r\ndata: 1\r', '\n\r\n', 'data: 2\r\r'])).toEqual([
      { event: 'a', data: '1' },
      { event: 'message', data: '2' },
    ]);
  });

  it('does not dispatch an event that is not finished yet', () => {
    expect(parse(['event: a\ndata: 1\n'])).toEqual([]);
  });

  it('keeps only one leading space of a value and remembers the last id', () => {
    expect(parse(['id: 7\ndata:  two spaces\n\n'])).toEqual([
      { event: 'message', data: ' two spaces', id: '7' },
    ]);
  });
});
