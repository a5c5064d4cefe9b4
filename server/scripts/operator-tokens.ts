/**
 * Operator tool: `npm run operator-tokens` prints, for each hosted domain (MAIL_DOMAINS and
 * MAIL_DOMAINS_RETIRED), the
 * postmaster and abuse addresses with the bearer token derived for each from OPERATOR_TOKEN.
 * Paste a token into the page's "restore" box, or send it as `Authorization: Bearer …` to the
 * API, to read that mailbox.
 */
import { ConfigError, loadConfig } from '../src/config';
import { roleAddresses, roleMailboxToken } from '../src/domain/role-mailboxes';

try {
  const config = loadConfig(process.env);
  if (!config.operatorToken) {
    process.stderr.write('OPERATOR_TOKEN is not set: nobody can read the operator mailboxes\n');
    process.exit(1);
  }
  for (const address of roleAddresses([...config.mailDomains, ...config.mailDomainsRetired])) {
    process.stdout.write(`${address} ${roleMailboxToken(config.operatorToken, address)}\n`);
  }
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
}
