import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('config', () => {
  it('uses the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      host: '127.0.0.1',
      port: 8080,
      smtpPort: 2525,
      mailDomains: ['localhost'],
      mailboxTtlSeconds: 600,
      maxMessageBytes: 10 * 1024 * 1024,
      maxRecipients: 50,
      smtpGreetingDelayMs: 100,
    });
    expect(c.dataDir).toMatch(/\/data$/);
  });

  it('reads and normalises values', () => {
    const c = loadConfig({
      MAIL_DOMAINS: ' Example.org, mail.example.org ,example.org',
      PORT: '0',
    });
    expect(c.mailDomains).toEqual(['example.org', 'mail.example.org']);
    expect(c.port).toBe(0);
  });

  it('collects every problem instead of stopping at the first', () => {
    try {
      loadConfig({ PORT: '70000', SMTP_PORT: '1.5', MAX_MESSAGE_BYTES: 'lots', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).problems).toHaveLength(4);
    }
  });
});
