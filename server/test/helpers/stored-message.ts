import type { NewMessage } from '../../src/domain/message';

/**
 * A small message ready for `MailStore.putMessages`, for tests that store mail without SMTP:
 * plain text, no attachment, no code, unchecked; `fields` replace any of that.
 */
export function storedMessage(id: string, fields: Partial<NewMessage> = {}): NewMessage {
  const raw = fields.raw ?? Buffer.from(`Subject: ${fields.subject ?? id}\r\n\r\nciao\r\n`);
  return {
    id,
    receivedAt: 1,
    size: raw.length,
    from: { name: '', address: 'mittente@example.org' },
    subject: id,
    preview: 'ciao',
    attachmentCount: 0,
    code: null,
    confirmLink: null,
    authentication: null,
    raw,
    ...fields,
  };
}
