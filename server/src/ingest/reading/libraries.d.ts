/** Types for mailparser's own libraries the reading room uses directly: none ships its own. */
declare module 'libbase64' {
  import { Transform } from 'node:stream';
  /** Decodes base64 written to it, whatever the line breaks and padding. */
  export class Decoder extends Transform {}
}

declare module 'libqp' {
  import { Transform } from 'node:stream';
  /** Decodes quoted-printable written to it, once the input has ended. */
  export class Decoder extends Transform {}
}

declare module 'libmime' {
  /** mailparser's MIME word decoder (RFC 2047), charsets included. */
  const libmime: { decodeWords(text: string): string };
  export default libmime;
}
