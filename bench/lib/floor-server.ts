import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/**
 * smtp-server as our listener sets it up, for the floors (smtp-floor.ts, pipeline-floor.ts): the
 * options that change the work (no AUTH or STARTTLS, no reverse lookup, enhanced status codes),
 * a recipient check on `domain`, and `onData` for what becomes of each message.
 */
export function floorSmtpServer(
  name: string,
  domain: string,
  onData: NonNullable<SMTPServerOptions['onData']>,
): SMTPServer {
  const suffix = `@${domain.toLowerCase()}`;
  const server = new SMTPServer({
    name: `${name}.bench.test`,
    banner: name,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    hideDSN: true,
    hideENHANCEDSTATUSCODES: false,
    disableReverseLookup: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.toLowerCase().endsWith(suffix)) return callback();
      const err = new Error('No such mailbox here') as Error & { responseCode: number };
      err.responseCode = 550;
      callback(err);
    },
    onData,
  });
  server.on('error', () => {});
  return server;
}
