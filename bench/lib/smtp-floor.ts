/**
 * The SMTP library's floor, run as its own process (`tsx bench/lib/smtp-floor.ts PORT DOMAIN`):
 * the smtp-server version our listener is built on, set up as it is (floor-server.ts), with each
 * message's bytes read and dropped. No reading, no store, no trace headers. It is the least a
 * server on this library does to take a message, as Haraka's `queue/discard` is for Haraka: what
 * it costs beyond Haraka is what no work of ours on top of it can win back.
 */
import { floorSmtpServer } from './floor-server';

floorSmtpServer('floor', process.argv[3]!, (stream, _session, callback) => {
  stream.on('data', () => {});
  stream.on('end', () => callback());
}).listen(Number(process.argv[2]), '127.0.0.1');
