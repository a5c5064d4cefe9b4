/**
 * The SMTP library's floor, run as its own process (`tsx bench/lib/smtp-floor.ts PORT DOMAIN`):
 * the smtp-server version our listener is built on, with the options it sets that change the
 * work (no AUTH or STARTTLS, no reverse lookup, enhanced status codes), a recipient check on the
 * domain, and each message's bytes read and dropped. No reading, no store, no trace headers. It
 * is the least a server on this library does to take a message, as Haraka's `queue/discard` is
 * for Haraka: what it costs beyond Haraka is what no work of ours on top of it can win back.
 */
import { SMTPServer } from 'smtp-server';

const port = Number(process.argv[2]);
const domain = `@${process.argv[3]!.toLowerCase()}`;

const server = new SMTPServer({
  name: 'floor.bench.test',
  banner: 'floor',
  authOptional: true,
  disabledCommands: ['AUTH', 'STARTTLS'],
  hideDSN: true,
  hideENHANCEDSTATUSCODES: false,
  disableReverseLookup: true,
  logger: false,
  onRcptTo(address, _session, callback) {
    if (address.address.toLowerCase().endsWith(domain)) return callback();
    const err = new Error('5.1.1 No such mailbox here') as Error & { responseCode: number };
    err.responseCode = 550;
    callback(err);
  },
  onData(stream, _session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => callback());
  },
});
server.on('error', () => {});
server.listen(port, '127.0.0.1');
