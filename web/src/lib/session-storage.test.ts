import type { MessageSummary } from '@et/common';
import { describe, expect, it } from 'vitest';
import {
  SESSION_KEYS,
  clearSession,
  readSession,
  readStoredEmails,
  writeSession,
  writeStoredEmails,
} from './session-storage';

const message: MessageSummary = {
  id: 'm1',
  from: { name: 'Negozio', address: 'info@negozio.example' },
  subject: 'Benvenuto',
  preview: 'Ciao',
  receivedAt: '2025-01-15T12:00:00Z',
  size: 1200,
  hasAttachments: false,
  code: null,
  confirmLink: null,
  authentication: null,
};

describe('session storage', () => {
  it('stores the mailbox under the keys of the spec', () => {
    writeSession({ email: 'abc@localhost', token: 't1' });
    expect(sessionStorage.getItem('emailAddress')).toBe('abc@localhost');
    expect(sessionStorage.getItem('authToken')).toBe('t1');
    expect(readSession()).toEqual({ email: 'abc@localhost', token: 't1' });
  });

  it('keeps the inbox only for the mailbox it belongs to', () => {
    writeSession({ email: 'abc@localhost', token: 't1' });
    writeStoredEmails('t1', [{ ...message, isNew: true }]);
    expect(JSON.parse(sessionStorage.getItem(SESSION_KEYS.emails) ?? '[]')).toHaveLength(1);
    expect(readStoredEmails('t1')).toEqual([{ ...message, isNew: true }]);
    expect(readStoredEmails('other')).toBeUndefined();

    writeStoredEmails('other', []);
    expect(readStoredEmails('t1')).toHaveLength(1);

    writeSession({ email: 'new@localhost', token: 't2' });
    expect(readStoredEmails('t2')).toBeUndefined();
  });

  it('skips malformed entries and survives broken JSON', () => {
    writeSession({ email: 'abc@localhost', token: 't1' });
    sessionStorage.setItem('emails', JSON.stringify([{ id: 1 }, { ...message, isNew: false }]));
    expect(readStoredEmails('t1')).toEqual([{ ...message, isNew: false }]);
    sessionStorage.setItem('emails', '{nope');
    expect(readStoredEmails('t1')).toBeUndefined();
  });

  it('clears all three keys', () => {
    writeSession({ email: 'abc@localhost', token: 't1' });
    writeStoredEmails('t1', []);
    clearSession();
    expect(sessionStorage.length).toBe(0);
    expect(readSession()).toBeNull();
  });
});
