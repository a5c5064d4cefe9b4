import { connect, type Socket } from 'node:net';

/**
 * A bare SMTP client over a real socket, for tests that need to see each reply line by line
 * (nodemailer hides which RCPT failed how), from `localAddress` when given. `command` sends one
 * line and resolves the complete reply, multi-line replies joined with \n.
 */
export async function openSmtp(port: number, host = '127.0.0.1', localAddress?: string) {
  // Another loopback address (127.0.0.2…) is another sending client to the server.
  const socket: Socket = connect({ port, host, localAddress });
  let buffer = '';
  const waiting: { resolve: (reply: string) => void; reject: (err: Error) => void }[] = [];
  const replies: string[] = [];
  let failure: Error | null = null;
  const fail = (err: Error) => {
    failure ??= err;
    for (const w of waiting.splice(0)) w.reject(failure);
  };
  socket.on('error', fail);
  socket.on('close', () => fail(new Error('connection closed')));

  socket.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    // A reply ends with a line whose 4th character is a space: "250 OK" after "250-...".
    for (;;) {
      const match = /(?:^|\n)(\d{3}) [^\n]*\r?\n/.exec(buffer);
      if (!match) break;
      const end = match.index + match[0].length;
      const reply = buffer.slice(0, end).replace(/\r/g, '').trimEnd();
      buffer = buffer.slice(end);
      const next = waiting.shift();
      if (next) next.resolve(reply);
      else replies.push(reply);
    }
  });

  const nextReply = () =>
    new Promise<string>((resolve, reject) => {
      const queued = replies.shift();
      if (queued !== undefined) return resolve(queued);
      if (failure) return reject(failure);
      waiting.push({ resolve, reject });
    });

  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const greeting = await nextReply();

  return {
    greeting,
    socket,
    nextReply,
    /** Sends one command line and resolves its reply. */
    async command(line: string): Promise<string> {
      socket.write(`${line}\r\n`);
      return nextReply();
    },
    /** Writes raw bytes without waiting for a reply (for DATA payloads). */
    write(data: string | Buffer) {
      socket.write(data);
    },
    close() {
      socket.destroy();
    },
  };
}

export type SmtpSession = Awaited<ReturnType<typeof openSmtp>>;

/** Reply code of a reply: "550 5.1.1 ..." → 550. */
export const code = (reply: string) => Number(reply.slice(0, 3));
