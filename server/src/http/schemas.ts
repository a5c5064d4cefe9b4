import { Type, type Static, type TSchema } from 'typebox';

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

export const CreatedMailbox = Type.Object({
  email: Type.String(),
  token: Type.String({ description: 'Bearer token; shown only here' }),
  expiresAt: IsoDate,
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

export const MailboxInfo = Type.Object({ email: Type.String(), expiresAt: IsoDate });

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

export const MessageSummary = Type.Object(summaryFields);

export const MessageList = Type.Object({ messages: Type.Array(MessageSummary) });

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
