/** One server-sent event: its type, its data lines joined, and its id when the block had one. */
export interface ServerSentEvent {
  event: string;
  data: string;
  id: string | undefined;
}

/**
 * Reads a `text/event-stream` body as the HTML standard's "Interpreting an event stream" does
 * (lines end with CRLF, LF or CR; `:` starts a comment; `data` lines join with LF; a block
 * without data is no event), and calls `onBytes` at every chunk, comments included, so that a
 * reader can tell a live connection from a dead one. Reads with a plain reader, which every
 * browser has, where async iteration of a stream is not everywhere yet.
 */
export async function* readServerSentEvents(
  body: ReadableStream<Uint8Array>,
  onBytes: () => void = () => {},
): AsyncGenerator<ServerSentEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let id: string | undefined;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      onBytes();
      buffer += decoder.decode(value, { stream: true });
      let end: RegExpExecArray | null;
      // A CR at the end of the buffer may be the start of a CRLF: wait for the next chunk.
      while ((end = /\r\n|\n|\r(?!$)/.exec(buffer)) !== null) {
        const line = buffer.slice(0, end.index);
        buffer = buffer.slice(end.index + end[0].length);
        if (line === '') {
          if (data.length > 0) yield { event: event || 'message', data: data.join('\n'), id };
          event = '';
          data = [];
          id = undefined;
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        let value = colon === -1 ? '' : line.slice(colon + 1);
        if (value.startsWith(' ')) value = value.slice(1);
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
        else if (field === 'id' && !value.includes('\0')) id = value;
      }
    }
  } finally {
    // Stopped early (a match) or failed: the connection is not needed any more.
    await reader.cancel().catch(() => undefined);
  }
}
