import { ADDRESS_LOCAL_PART_LENGTH } from '@et/common';
import { createHash, randomInt } from 'node:crypto';
import { domainToASCII } from 'node:url';

const LOCAL_PART_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * decisions.md: lowercase letters and digits, at least 10 characters. 36^12 ≈ 4.7e18 choices.
 * Shared with the web app, whose pages state the length.
 */
export const LOCAL_PART_LENGTH = ADDRESS_LOCAL_PART_LENGTH;

/** A random local part; the first character is a letter so the address never looks numeric. */
export function randomLocalPart(length = LOCAL_PART_LENGTH): string {
  let out = LOCAL_PART_ALPHABET[randomInt(26)]!;
  while (out.length < length) out += LOCAL_PART_ALPHABET[randomInt(LOCAL_PART_ALPHABET.length)]!;
  return out;
}

/** A random address on one of the configured domains. */
export function randomAddress(domains: readonly string[]): string {
  const domain = domains[randomInt(domains.length)]!;
  return `${randomLocalPart()}@${domain}`;
}

/** Parts of a recipient address, lower-cased; null when it is not `local@domain`. */
export function splitAddress(address: string): { local: string; domain: string } | null {
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return null;
  return {
    local: address.slice(0, at).toLowerCase(),
    domain: address.slice(at + 1).toLowerCase(),
  };
}

/**
 * Canonical form of an address we host: lower case, so that `ABC@Domain` reaches `abc@domain`.
 * Our local parts are lower case only, so folding loses nothing.
 */
export function normalizeAddress(address: string): string {
  return address.trim().toLowerCase();
}

/**
 * A one-way digest of an address, for what must outlive the mailbox (tombstones) and for Redis
 * key names: the store can still recognise the address, but nothing left after expiry spells it.
 */
export function addressDigest(address: string): string {
  return createHash('sha256').update(address, 'utf8').digest('base64url').slice(0, 22);
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
