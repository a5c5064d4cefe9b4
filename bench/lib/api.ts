import type { CreatedMailbox, MessageList } from '@et/common';

/** Creates a mailbox through the API, as the page does. */
export async function createMailbox(httpUrl: string): Promise<CreatedMailbox> {
  const res = await fetch(`${httpUrl}/api/v1/mailboxes`, { method: 'POST' });
  if (res.status !== 201) throw new Error(`POST /mailboxes: ${res.status} ${await res.text()}`);
  return (await res.json()) as CreatedMailbox;
}

/** The inbox list of a mailbox, through the API. */
export async function listMessages(httpUrl: string, token: string): Promise<MessageList> {
  const res = await fetch(`${httpUrl}/api/v1/messages`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.status !== 200) throw new Error(`GET /messages: ${res.status} ${await res.text()}`);
  return (await res.json()) as MessageList;
}
