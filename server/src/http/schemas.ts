import { LONG_POLL_MAX_SECONDS } from '@et/common';
import { Type, type Static, type TSchema } from 'typebox';
import { CURSOR_PATTERN } from '../domain/cursor';

/**
 * Route schemas: they validate input, strip unknown output fields, and document the API.
 * The TypeScript shapes in `@et/common` are the contract; these mirror them.
 */

export const ErrorResponse = Type.Object(
  {
    error: Type.Object({
      code: Type.String({ description: 'Stable machine-readable code, e.g. UNAUTHORIZED' }),
      message: Type.String({ description: 'English explanation for developers' }),
    }),
  },
  { $id: 'ErrorResponse' },
);

const IsoDate = Type.String({ format: 'date-time' });

/** The instant past which no extension carries a mailbox. */
const MaxExpiresAt = Type.String({
  format: 'date-time',
  description: 'Creation + the longest life: no extension carries the mailbox past it',
});

export const CreatedMailbox = Type.Object({
  email: Type.String(),
  token: Type.String({ description: 'Bearer token; shown only here' }),
  expiresAt: IsoDate,
  maxExpiresAt: MaxExpiresAt,
});

export const CreateMailboxBody = Type.Object(
  {
    domain: Type.Optional(
      Type.String({
        maxLength: 253,
        description:
          'One of GET /domains; absent: one of them at random. Another domain: 400 ' +
          'UNKNOWN_DOMAIN, or DOMAIN_RETIRED for one that makes no new address any more',
      }),
    ),
  },
  { additionalProperties: false },
);

export const DomainList = Type.Object({
  domains: Type.Array(Type.String(), {
    minItems: 1,
    description: 'The domains new addresses are made on, lower case, in the order configured',
  }),
});

export const MailboxInfo = Type.Object({
  email: Type.String(),
  expiresAt: IsoDate,
  maxExpiresAt: Type.Union([MaxExpiresAt, Type.Null()], {
    description:
      'Creation + the longest life; equal to expiresAt when extend can do no more. Null for ' +
      "the operator's postmaster and abuse mailboxes, which never end",
  }),
});

const Address = Type.Object({ name: Type.String(), address: Type.String() });

/** A result word of RFC 8601 §2.7. */
const AuthResult = Type.Union([
  Type.Literal('pass'),
  Type.Literal('fail'),
  Type.Literal('softfail'),
  Type.Literal('neutral'),
  Type.Literal('none'),
  Type.Literal('temperror'),
  Type.Literal('permerror'),
]);

const Authentication = Type.Object(
  {
    spf: { ...AuthResult, description: 'SPF of the envelope sender and client IP (RFC 7208)' },
    dkim: { ...AuthResult, description: 'The best DKIM signature (RFC 6376); none if unsigned' },
    dmarc: { ...AuthResult, description: 'DMARC of the From domain (RFC 7489)' },
    domain: Type.Union([Type.String(), Type.Null()], {
      description: 'The From domain when DMARC passed, else null',
    }),
  },
  { description: 'Who really sent the message, as our server checked it (RFC 8601 words)' },
);

const summaryFields = {
  id: Type.String(),
  from: Address,
  subject: Type.String(),
  preview: Type.String(),
  receivedAt: IsoDate,
  size: Type.Integer(),
  hasAttachments: Type.Boolean(),
  code: Type.Union([Type.String(), Type.Null()], {
    description: 'Likely one-time code, spaces and dashes removed (e.g. 482913); null if none',
  }),
  confirmLink: Type.Union([Type.String(), Type.Null()], {
    description: 'Likely confirmation or magic log-in link, absolute http(s) URL; null if none',
  }),
  authentication: Type.Union([Authentication, Type.Null()], {
    description: 'SPF, DKIM and DMARC as checked on arrival; null for messages stored before',
  }),
};

/** A place in the mailbox's order of arrival, as the API spells it. */
const Cursor = Type.String({
  pattern: CURSOR_PATTERN,
  description: 'Opaque place in the mailbox’s order of arrival, which only grows; 0 is its start',
});

export const MessageList = Type.Object({
  messages: Type.Array(
    Type.Object({
      ...summaryFields,
      cursor: Type.Optional({
        ...Cursor,
        description:
          'With `since` only: the message’s own cursor, as `since` takes it (the id of its ' +
          'message.received event)',
      }),
    }),
    { description: 'Newest first; with `since`, the messages after it, oldest first' },
  ),
  cursor: Type.Optional({
    ...Cursor,
    description:
      'With `since` only: the cursor to ask from next (the newest message’s place), also the ' +
      'id of its message.received event',
  }),
});

export const MessageListQuery = Type.Object({
  since: Type.Optional({
    ...Cursor,
    description:
      'Only the messages that arrived after this cursor (0: all), oldest first, with the ' +
      'cursor to ask from next',
  }),
  wait: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: LONG_POLL_MAX_SECONDS,
      description:
        'With `since`: when no message is newer, wait up to this many seconds for one and ' +
        'answer at its arrival; at the end, an empty list (still 200)',
    }),
  ),
});

export const EventsHeaders = Type.Object({
  'last-event-id': Type.Optional({
    ...Cursor,
    description:
      'The id of the last event received: the stream first replays every message that ' +
      'arrived after it',
  }),
});

export const MessageDetail = Type.Object({
  ...summaryFields,
  status: Type.Union([Type.Literal('complete'), Type.Literal('too-complex')], {
    description:
      'too-complex: the message could not be read within READ_DEADLINE_MS; no body and no ' +
      'attachments are shown, the original (.eml) is there to download',
  }),
  to: Type.Array(Address),
  text: Type.String(),
  html: Type.Union([Type.String(), Type.Null()]),
  attachments: Type.Array(
    Type.Object({
      id: Type.String(),
      filename: Type.String(),
      contentType: Type.String(),
      size: Type.Integer(),
    }),
  ),
});

const RefusalReason = Type.Union(
  [
    Type.Literal('too-big'),
    Type.Literal('mailbox-full'),
    Type.Literal('sender-limit'),
    Type.Literal('too-slow'),
    Type.Literal('rejected'),
  ],
  {
    description:
      'too-big (552), mailbox-full (452 4.2.2), sender-limit (451 4.7.1: the sending server ' +
      'or the mailboxes of one creator went over a limit), too-slow (421 4.4.2), rejected ' +
      '(550 5.7.1: the message broke a rule of mail, e.g. more than one From address)',
  },
);

export const DeliveryRefusal = Type.Object({
  at: IsoDate,
  sender: Type.String({ description: "The envelope sender as given in MAIL FROM; '' for <>" }),
  reason: RefusalReason,
  reply: Type.String({ description: 'The SMTP reply we sent, e.g. 552 5.3.4 Message size …' }),
  size: Type.Union([Type.Integer(), Type.Null()], {
    description: 'Size of the message in bytes, when known',
  }),
  limit: Type.Union([Type.Integer(), Type.Null()], {
    description: 'The limit that was passed, in bytes, when one applies',
  }),
});

export const RefusalList = Type.Object({
  refusals: Type.Array(DeliveryRefusal, { description: 'Newest first; at most 20' }),
});

/** Message ids are 22 base64url characters; anything else is a 400, not a lookup. */
export const MessageParams = Type.Object({
  id: Type.String({ pattern: '^[A-Za-z0-9_-]{22}$' }),
});

export const AttachmentParams = Type.Object({
  id: Type.String({ pattern: '^[A-Za-z0-9_-]{22}$' }),
  attachmentId: Type.String({ pattern: '^[0-9]{1,6}$' }),
});

export type MessageParamsT = Static<typeof MessageParams>;

/** Error answers every authenticated route may give. */
export const authErrors = { 400: ErrorResponse, 401: ErrorResponse };

/** 204 answers have no body. */
export const NoContent = Type.Null({ description: 'No content' });

/** File downloads: raw bytes, never serialised. */
export const Binary = Type.Unsafe<Buffer>({ type: 'string', format: 'binary' });

/**
 * A 200 answer that is not JSON (a download, the event stream): documented under its own media
 * type in OpenAPI; never serialised (the route sends bytes or takes over the socket).
 */
export function rawResponse<T extends TSchema>(
  contentType: string,
  description: string,
  schema: T,
) {
  return { description, content: { [contentType]: { schema } } };
}
