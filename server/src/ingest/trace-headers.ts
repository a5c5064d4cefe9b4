/**
 * The trace fields a final delivery prepends (RFC 5321 §4.4): `Return-Path:` and our `Received:`,
 * per stored copy, `for` its own mailbox only, so one visitor learns nothing of the others.
 */
import { isIPv4, isIPv6 } from 'node:net';
import { aLabelDomain, senderPath } from '../domain/address';

/** What the SMTP session knows of one transaction. */
export interface Envelope {
  /** MAIL FROM as smtp-server reports it ('' for `<>`), a punycode domain decoded to Unicode. */
  sender: string;
  /** The HELO/EHLO name as given, lower case: up to 300 characters, no blanks or controls. */
  heloName: string;
  clientIp: string;
  /** Our host name: `SMTP_HOSTNAME`. */
  hostname: string;
  /** EHLO was used. */
  extended: boolean;
  /** STARTTLS was done. */
  tls: boolean;
  /** MAIL FROM carried SMTPUTF8. */
  smtpUtf8: boolean;
}

/** The `with` keyword: (E)SMTP(S) (RFC 3848), UTF8SMTP(S) with SMTPUTF8 (RFC 6531 §3.7.3). */
export function protocolOf(envelope: Envelope): string {
  if (!envelope.extended) return envelope.tls ? 'SMTPS' : 'SMTP';
  const base = envelope.smtpUtf8 ? 'UTF8SMTP' : 'ESMTP';
  return envelope.tls ? `${base}S` : base;
}

/** RFC 5322 §3.3 date-time in UTC: `Wed, 25 Nov 2026 08:00:50 +0000`. */
export function rfc5322Date(epochMs: number): string {
  return new Date(epochMs).toUTCString().replace(/GMT$/, '+0000');
}

/** TCP-info address literal (RFC 5321 §4.1.3): `[192.0.2.1]`, `[IPv6:2001:db8::1]`. */
function addressLiteral(ip: string): string {
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (v4) return `[${v4}]`;
  return ip.includes(':') ? `[IPv6:${ip}]` : `[${ip}]`;
}

/** An address literal of RFC 5321 §4.1.3 that holds a real IPv4 or IPv6 address, else null. */
function validLiteral(name: string): string | null {
  const inner = /^\[(.*)\]$/.exec(name)?.[1];
  if (inner === undefined) return null;
  const v6 = /^ipv6:(.*)$/i.exec(inner)?.[1];
  if (v6 !== undefined) return isIPv6(v6) ? `[IPv6:${v6}]` : null;
  return isIPv4(inner) ? name : null;
}

/**
 * RFC 3461 §4 xtext, all but letters, digits, `.`, `-` and `_` as `+XX`: nothing the client said
 * can close our comment, open a clause, end the field or pass for an address literal (mailauth's
 * `trustReceived` takes the client's IP from the first `[…]` of the comment).
 */
function xtext(value: string): string {
  let out = '';
  for (const octet of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(octet);
    out += /[A-Za-z0-9._-]/.test(c) ? c : `+${octet.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/**
 * The FROM clause's Extended-Domain (RFC 5321 §4.4): the HELO name as A-labels, or the address
 * literal with the name as `helo=` xtext when it is no domain; the comment starts with the
 * client's address literal (docs/architecture.md, "SMTP ingress", trace fields).
 */
function fromClause(helo: string, ip: string): string {
  const literal = addressLiteral(ip);
  const name = validLiteral(helo) ?? aLabelDomain(helo);
  return name ? `${name} (${literal})` : `${literal} (${literal} helo=${xtext(helo)})`;
}

/**
 * `Return-Path:`, `authResults` (RFC 8601, CRLF lines) when given, then `Received:`, for the copy
 * `id` in `mailbox`, each line ended with `eol`. Nothing the client said reaches them unencoded.
 */
export function traceHeaders(
  envelope: Envelope,
  mailbox: string,
  id: string,
  receivedAt: number,
  eol = '\r\n',
  authResults?: string,
): string {
  const fold = `${eol}\t`;
  // The listener refuses at MAIL FROM a sender that has no path; <> stands for it otherwise.
  const path = senderPath(envelope.sender, envelope.smtpUtf8) ?? '';
  return (
    `Return-Path: <${path}>${eol}` +
    (authResults ? `${authResults.replace(/\r?\n/g, eol)}${eol}` : '') +
    `Received: from ${fromClause(envelope.heloName, envelope.clientIp)}${fold}` +
    `by ${envelope.hostname} with ${protocolOf(envelope)} id ${id}${fold}` +
    `for <${mailbox}>; ${rfc5322Date(receivedAt)}${eol}`
  );
}

/** The line ending the message itself uses: CRLF, or LF when its first line ends in a bare LF. */
export function lineEndingOf(raw: Buffer): string {
  const lf = raw.indexOf(10);
  return lf > 0 && raw[lf - 1] !== 13 ? '\n' : '\r\n';
}
