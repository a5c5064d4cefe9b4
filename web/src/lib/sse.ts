/**
 * A parser for `text/event-stream` as the HTML standard defines it (§9.2.6 "Interpreting an event
 * stream"), fed with text chunks that may split lines anywhere. We read the stream with `fetch`
 * rather than `EventSource` because `EventSource` cannot send an `Authorization` header, and the
 * token must never travel in a URL.
 */

/** One dispatched event. `event` is `message` when the stream names none. */
export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

export interface SseParser {
  /** Feeds the next chunk of decoded text. */
  push(chunk: string): void;
}

export function createSseParser(onEvent: (event: SseEvent) => void): SseParser {
  let buffer = '';
  let eventType = '';
  let dataLines: string[] = [];
  let lastId: string | undefined;
  let pendingCr = false;

  const dispatch = () => {
    if (dataLines.length > 0) {
      const event: SseEvent = { event: eventType || 'message', data: dataLines.join('\n') };
      if (lastId !== undefined) event.id = lastId;
      onEvent(event);
    }
    eventType = '';
    dataLines = [];
  };

  const processLine = (line: string) => {
    if (line === '') return dispatch();
    if (line.startsWith(':')) return; // comment, e.g. the heartbeat
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventType = value;
    else if (field === 'data') dataLines.push(value);
    else if (field === 'id' && !value.includes('\0')) lastId = value;
    // `retry` and unknown fields are ignored: reconnection is ours to pace.
  };

  return {
    push(chunk) {
      let text = chunk;
      // A CRLF may be split across chunks: the LF after a CR that ended the last chunk is not a line.
      if (pendingCr && text.startsWith('\n')) text = text.slice(1);
      pendingCr = false;
      buffer += text;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const ch = buffer[i];
        if (ch !== '\n' && ch !== '\r') continue;
        processLine(buffer.slice(start, i));
        if (ch === '\r') {
          if (i + 1 < buffer.length) {
            if (buffer[i + 1] === '\n') i++;
          } else {
            pendingCr = true;
          }
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
  };
}
