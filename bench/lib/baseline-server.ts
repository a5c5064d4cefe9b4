/**
 * The bare node:http baseline, run as its own process (`tsx bench/lib/baseline-server.ts
 * [body.json]`): what plain Node does with no framework, no store and no work.
 *
 * - `GET /json`: the fixed JSON body from the file given (the bench passes the exact body our
 *   inbox read answered, so both move the same bytes).
 * - `GET /events`: a held-open text/event-stream response, like ours.
 * - `GET /page` (and `/robots.txt`): a minimal well-formed Italian HTML page (the Lighthouse baseline).
 * - A TCP trigger port: each line `PUSH <id>` writes an event with that id to every open stream,
 *   then answers `250 <id>`, the order in which our pipeline publishes and then answers DATA.
 *
 * Prints `{"http": port, "tcp": port}` on stdout once both listen.
 */
import { readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import { createServer as createTcpServer } from 'node:net';

const body = process.argv[2] ? readFileSync(process.argv[2]) : Buffer.from('{"messages":[]}');
const streams = new Set<ServerResponse>();
const page = `<!doctype html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pagina di prova</title>
<meta name="description" content="Una pagina minima servita da node:http, il riferimento del banco di prova.">
</head>
<body>
<main><h1>Pagina di prova</h1><p>Una pagina minima senza script, il riferimento per Lighthouse.</p></main>
</body>
</html>
`;

const http = createServer((req, res) => {
  if (req.url === '/events') {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
    res.write(': connected\n\n');
    streams.add(res);
    res.on('close', () => streams.delete(res));
    return;
  }
  if (req.url === '/robots.txt') {
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('User-agent: *\nAllow: /\n');
    return;
  }
  if (req.url === '/page') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page);
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  res.end(body);
});
http.keepAliveTimeout = 10_000;

const tcp = createTcpServer((socket) => {
  socket.setNoDelay(true);
  let buffer = '';
  socket.on('data', (chunk) => {
    buffer += chunk.toString();
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const id = buffer
        .slice(0, nl)
        .trim()
        .replace(/^PUSH /, '');
      buffer = buffer.slice(nl + 1);
      const event = `event: message.received\ndata: ${JSON.stringify({ type: 'message.received', message: { id } })}\n\n`;
      for (const s of streams) s.write(event);
      socket.write(`250 ${id}\r\n`);
    }
  });
  socket.on('error', () => {});
});

http.listen(0, '127.0.0.1', () => {
  tcp.listen(0, '127.0.0.1', () => {
    const port = (s: { address(): unknown }) => (s.address() as { port: number }).port;
    process.stdout.write(`${JSON.stringify({ http: port(http), tcp: port(tcp) })}\n`);
  });
});
process.on('SIGTERM', () => process.exit(0));
