import { describe, expect, it } from 'vitest';
import { createSessionCounters } from '../src/ingest/smtp/session-counters';

const limits = { maxConnectionsPerIp: 2, maxMessagesPerConnection: 3, maxBadRecipients: 2 };

describe('SMTP session counters', () => {
  it('admits up to maxConnectionsPerIp sessions from one IP, any number from others', () => {
    const c = createSessionCounters(limits);
    expect(c.open('a', '192.0.2.1')).toBe(true);
    expect(c.open('b', '192.0.2.1')).toBe(true);
    expect(c.open('c', '192.0.2.1')).toBe(false);
    expect(c.open('d', '192.0.2.2')).toBe(true);
    expect(c.connectionsFrom('192.0.2.1')).toBe(2);
    expect(c.size).toBe(3);
  });

  it('frees the place of a closed session, once, and ignores sessions it never admitted', () => {
    const c = createSessionCounters(limits);
    c.open('a', '192.0.2.1');
    c.open('b', '192.0.2.1');
    expect(c.open('refused', '192.0.2.1')).toBe(false);
    c.close('refused');
    expect(c.connectionsFrom('192.0.2.1')).toBe(2);
    c.close('a');
    c.close('a');
    expect(c.connectionsFrom('192.0.2.1')).toBe(1);
    expect(c.open('e', '192.0.2.1')).toBe(true);
    c.close('b');
    c.close('e');
    expect(c.connectionsFrom('192.0.2.1')).toBe(0);
    expect(c.size).toBe(0);
  });

  it('allows maxMessagesPerConnection transactions per session', () => {
    const c = createSessionCounters(limits);
    c.open('a', '192.0.2.1');
    c.open('b', '192.0.2.1');
    expect([1, 2, 3, 4].map(() => c.countMessage('a'))).toEqual([true, true, true, false]);
    expect(c.countMessage('b')).toBe(true);
  });

  it('says stop at the maxBadRecipients-th refused recipient of a session', () => {
    const c = createSessionCounters(limits);
    c.open('a', '192.0.2.1');
    expect([1, 2].map(() => c.countBadRecipient('a'))).toEqual([true, false]);
  });

  it('starts the counts of a reused session id afresh', () => {
    const c = createSessionCounters(limits);
    c.open('a', '192.0.2.1');
    c.countMessage('a');
    c.countMessage('a');
    c.countMessage('a');
    c.close('a');
    c.open('a', '192.0.2.1');
    expect(c.countMessage('a')).toBe(true);
  });
});
