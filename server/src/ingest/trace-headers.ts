/**
 * The trace fields a receiving server prepends (RFC 5321 §4.4): `Return-Path:` with the
 * envelope sender, as a final delivery does, and our `Received:` line. Each stored copy gets its
 * own, `for` its own mailbox only: a message sent to several of our addresses does not tell one
 * visitor about the others.
 */
import { isIPv4, isIPv6 } from 'node:net';
import { domainToASCII } from 'node:url';

/** What the SMTP session knows of one transaction. */
export interface Envelope {
  /**
   * MAIL FROM as smtp-server reports it ('' for the null sender `<>`): its domain decoded to
   * Unicode when the client wrote it in punycode.
   */
  sender: string;
  /**
   * The client's HELO/EHLO name as given, lower case: anything up to 300 characters without
   * spaces or control characters (smtp-server checks no more).
   */
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

/**
 * The `with` keyword: ESMTP, or ESMTPS over TLS (RFC 3848); UTF8SMTP and UTF8SMTPS for SMTPUTF8
 * transactions (RFC 6531 §3.7.3); SMTP after HELO.
 */
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

/** A Domain of RFC 5321 §4.1.2 in ASCII: LDH labels of 1 to 63 octets, 253 in all. */
const LDH_DOMAIN =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/**
 * `name` as a domain of A-labels (RFC 5890: `bänk.test` is `xn--bnk-qla.test`), lower case, or
 * null when it is not a domain name at all.
 */
export function aLabelDomain(name: string): string | null {
  // Most names already are (HELO names come lower case): no trip through the IDNA mapping.
  if (LDH_DOMAIN.test(name)) return name;
  const ascii = domainToASCII(name);
  return LDH_DOMAIN.test(ascii) ? ascii : null;
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
 * RFC 3461 §4 xtext, with every character but letters, digits, `.`, `-` and `_` encoded as
 * `+XX` (UTF-8 octets): what the client said cannot close our comment, open a clause (`by`,
 * `for`), end the field early (`;`) or look like an address literal to a reader that takes the
 * client's IP from the first `[…]` in the comment (mailauth's `trustReceived` does).
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
 * The FROM clause's Extended-Domain (RFC 5321 §4.4): the HELO name, then a comment that starts
 * with the client's address literal (the TCP-info a reader takes the client's IP from). A HELO
 * name that is a domain is written as A-labels, in every transaction: it compares equal to what
 * the DNS holds, and it is valid in a message with or without SMTPUTF8. Anything else the client
 * called itself (`foo(bar`, `x;`, `x)by(mx.bank.test`) is not a domain: the clause names the
 * address literal, and the name follows in the comment as `helo=` xtext.
 */
function fromClause(helo: string, ip: string): string {
  const literal = addressLiteral(ip);
  const name = validLiteral(helo) ?? aLabelDomain(helo);
  return name ? `${name} (${literal})` : `${literal} (${literal} helo=${xtext(helo)})`;
}

/** RFC 5322 §3.2.3 atext, and RFC 6532 §3.2's UTF-8 beside it in an SMTPUTF8 transaction. */
const DOT_ATOM = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOT_ATOM_UTF8 =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~\u0080-\u{10FFFF}-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~\u0080-\u{10FFFF}-]+)*$/u;

/** A local part the client already wrote as an RFC 5321 §4.1.2 Quoted-string. */
const QUOTED_STRING = /^"(?:[^"\\]|\\.)*"$/u;

/**
 * The envelope sender as the path of `Return-Path:` (RFC 5321 §4.4, RFC 5322 §3.6.7), without
 * its angle brackets: the local part as a dot-atom, or else as a quoted string; the domain as
 * A-labels unless the transaction is SMTPUTF8 (smtp-server hands over a punycode domain decoded
 * to Unicode). Null when the address cannot be written without SMTPUTF8: a non-ASCII local part,
 * which RFC 6531 §3.5 has the server refuse (553 5.6.7).
 */
export function senderPath(sender: string, smtpUtf8: boolean): string | null {
  const at = sender.lastIndexOf('@');
  if (at < 0) return sender === '' ? '' : null;
  const local = sender.slice(0, at);
  const domain = sender.slice(at + 1);
  if (!smtpUtf8 && /[^\x20-\x7e]/.test(local)) return null;
  const written = (smtpUtf8 ? DOT_ATOM_UTF8 : DOT_ATOM).test(local) || QUOTED_STRING.test(local);
  const localPart = written ? local : `"${local.replace(/[\\"]/g, '\\$&')}"`;
  // smtp-server has checked the domain's characters; only a Unicode one needs its A-labels.
  const domainPart = smtpUtf8 || /^[\x21-\x7e]*$/.test(domain) ? domain : aLabelDomain(domain);
  return domainPart === null ? null : `${localPart}@${domainPart}`;
}

/**
 * `Return-Path:`, then `authResults` (an `Authentication-Results:` field, RFC 8601, lines ended
 * with CRLF) when given, then `Received:`, for the copy `id` stored in `mailbox`, folded at
 * whitespace, each line ended with `eol` (the message's own line ending). Nothing the client said
 * reaches them unencoded (see `fromClause` and `senderPath`): the `from`, `by` and `for` clauses
 * and the date are ours, and each comment is closed where we close it.
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
