/**
 * Why mail did not arrive: a message refused as too big shows in the mailbox's refusals
 * (`GET /api/v1/mailbox/refusals`), as a `delivery.refused` event on its stream, and in the
 * `MailboxTimeoutError` of a wait that did not get it. The shapes are `DeliveryRefusal` and
 * `RefusalList` of common/.
 */
import { describe, expect, it } from 'vitest';
import { openSmtp } from '../../server/test/helpers/smtp-client';
import { readServerSentEvents } from '../src/event-stream';
import { createMailbox, MailboxTimeoutError } from '../src/index';
import { useService } from './support';

const LIMIT_BYTES = 4096;
const service = useService({ env: { MAX_MESSAGE_BYTES: String(LIMIT_BYTES) } });

/** A message over the limit, sent without SIZE so that the server sees its recipient first. */
async function sendTooBig(to: string): Promise<string> {
  const smtp = await openSmtp(service.server.smtpPort);
  try {
    await smtp.command('EHLO mittente.example');
    await smtp.command('MAIL FROM:<noreply@servizio.example>');
    expect(await smtp.command(`RCPT TO:<${to}>`)).toMatch(/^250 /);
    expect(await smtp.command('DATA')).toMatch(/^354 /);
    const body = 'x'
      .repeat(76)
      .concat('\r\n')
      .repeat(Math.ceil((2 * LIMIT_BYTES) / 78));
    return await smtp.command(`Subject: Il tuo codice\r\n\r\n${body}.`);
  } finally {
    smtp.close();
  }
}

describe('a refused message', () => {
  it('shows in the refusals, as an event, and in the timeout error of the wait that missed it', async () => {
    await using box = await createMailbox({ baseUrl: service.server.httpUrl });
    const stream = await fetch(`${service.server.httpUrl}/api/v1/events`, {
      headers: { authorization: `Bearer ${box.token}` },
    });
    expect(stream.status).toBe(200);
    const events = readServerSentEvents(stream.body!);

    const reply = await sendTooBig(box.address);
    expect(reply).toMatch(/^552 /);

    const refused = { reason: 'too-big', sender: 'noreply@servizio.example' };
    const [refusal] = await box.refusals();
    expect(refusal).toMatchObject({ ...refused, reply, limit: LIMIT_BYTES });
    expect(Date.parse(refusal!.at)).toBeGreaterThan(0);

    const { value: event } = await events.next();
    expect(event?.event).toBe('delivery.refused');
    expect(JSON.parse(event!.data)).toMatchObject({ type: 'delivery.refused' });
    expect(event!.data).toContain('"too-big"');
    await events.return(undefined);

    const error = await box.waitForCode({ timeout: 1000 }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(MailboxTimeoutError);
    expect((error as MailboxTimeoutError).refusals).toEqual([refusal]);
    expect((error as Error).message).toContain(
      `The server refused 1 delivery to this mailbox: too-big from noreply@servizio.example at ${refusal!.at}: 552 `,
    );
  });
});
