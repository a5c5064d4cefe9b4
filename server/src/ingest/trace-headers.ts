/**
 * The trace fields a receiving server prepends (RFC 5321 §4.4): `Return-Path:` with the
 * envelope sender, as a final delivery does, and our `Received:` line. Each stored copy gets its
 * own, `for` its own mailbox only: a message sent to several of our addresses does not tell one
 * visitor about the others.
 */

/** What the SMTP session knows of one transaction. */
export interface Envelope {
  /** MAIL FROM, as given; '' for the null sender `<>`. */
  sender: string;
  /** The client's HELO/EHLO name (smtp-server has checked its syntax). */
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

/**
 * `Return-Path:`, then `authResults` (an `Authentication-Results:` field, RFC 8601, lines ended
 * with CRLF) when given, then `Received:`, for the copy `id` stored in `mailbox`, folded at
 * whitespace, each line ended with `eol` (the message's own line ending).
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
  return (
    `Return-Path: <${envelope.sender}>${eol}` +
    (authResults ? `${authResults.replace(/\r?\n/g, eol)}${eol}` : '') +
    `Received: from ${envelope.heloName} (${addressLiteral(envelope.clientIp)})${fold}` +
    `by ${envelope.hostname} with ${protocolOf(envelope)} id ${id}${fold}` +
    `for <${mailbox}>; ${rfc5322Date(receivedAt)}${eol}`
  );
}

/** The line ending the message itself uses: CRLF, or LF when its first line ends in a bare LF. */
export function lineEndingOf(raw: Buffer): string {
  const lf = raw.indexOf(10);
  return lf > 0 && raw[lf - 1] !== 13 ? '\n' : '\r\n';
}
