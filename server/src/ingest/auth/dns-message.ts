/**
 * The DNS wire format (RFC 1035 §4), as much of it as a stub resolver for the mail checks needs:
 * a query with an EDNS(0) OPT record (RFC 6891), and answers of the types SPF, DKIM and DMARC
 * ask for, each with its TTL, which node's resolver does not give for TXT or MX.
 */

/** The record types the mail checks ask for, by their number (RFC 1035 §3.2.2, RFC 3596). */
export const RR_TYPES = { A: 1, CNAME: 5, SOA: 6, PTR: 12, MX: 15, TXT: 16, AAAA: 28 } as const;
export type RrType = keyof typeof RR_TYPES;
const OPT = 41;
const CLASS_IN = 1;

/** The UDP payload size we announce: the size DNS Flag Day 2020 settled on, no IP fragments. */
export const EDNS_UDP_BYTES = 1232;

/** The data of one record, decoded as node's `dns.promises.resolve` gives it. */
export type RrData = string | string[] | { exchange: string; priority: number } | SoaData;

export interface SoaData {
  ttlMinimum: number;
}

export interface ResourceRecord {
  /** Owner name, lower case, without the final dot. */
  name: string;
  type: number;
  /** Seconds; RFC 2181 §8: a value with the top bit set counts as 0. */
  ttl: number;
  data: RrData | null;
}

export interface DnsResponse {
  id: number;
  /** RCODE (RFC 1035 §4.1.1): 0 no error, 2 server failure, 3 no such name, 5 refused. */
  rcode: number;
  truncated: boolean;
  question: { name: string; type: number } | null;
  answers: ResourceRecord[];
  authority: ResourceRecord[];
}

/** A DNS name as node's resolver gives it: lower case, no final dot. */
export const normalName = (name: string) => name.toLowerCase().replace(/\.$/, '');

/** The query for `name`'s `type` records, recursion desired, with EDNS(0) when `edns`. */
export function encodeQuery(id: number, name: string, type: number, edns: boolean): Buffer {
  // Names go out as ASCII (mailauth turns IDNs into punycode first); anything else is refused
  // here rather than asked and never matched.
  if (/[^\x21-\x7e]/.test(name)) throw new Error('bad name');
  const labels = normalName(name)
    .split('.')
    .map((label) => Buffer.from(label, 'utf8'));
  if (labels.some((l) => l.length === 0 || l.length > 63)) throw new Error('bad name');
  const qname = Buffer.concat([...labels.flatMap((l) => [Buffer.of(l.length), l]), Buffer.of(0)]);
  if (qname.length > 255) throw new Error('bad name');
  const header = Buffer.alloc(12);
  header.writeUInt16BE(id, 0);
  header.writeUInt16BE(0x0100, 2); // RD
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(edns ? 1 : 0, 10);
  const question = Buffer.alloc(4);
  question.writeUInt16BE(type, 0);
  question.writeUInt16BE(CLASS_IN, 2);
  // Root owner, type OPT, class = our UDP payload size, no extended flags, no options.
  const opt = Buffer.from([
    0,
    0,
    OPT,
    EDNS_UDP_BYTES >> 8,
    EDNS_UDP_BYTES & 0xff,
    0,
    0,
    0,
    0,
    0,
    0,
  ]);
  return Buffer.concat([header, qname, question, ...(edns ? [opt] : [])]);
}

/** Thrown for a response that does not follow the format: the caller treats it as no answer. */
class MalformedResponse extends Error {}

/** Reads a possibly compressed name at `offset` (RFC 1035 §4.1.4); returns it and the next offset. */
function readName(buf: Buffer, offset: number): [string, number] {
  const labels: string[] = [];
  let at = offset;
  let next = -1;
  let length = 0;
  // Each jump goes to an earlier place in the message, so a loop of pointers is impossible.
  let limit = offset;
  for (;;) {
    if (at >= buf.length) throw new MalformedResponse('name past the end');
    const len = buf[at]!;
    if (len === 0) {
      if (next < 0) next = at + 1;
      break;
    }
    if ((len & 0xc0) === 0xc0) {
      if (at + 1 >= buf.length) throw new MalformedResponse('pointer past the end');
      const target = ((len & 0x3f) << 8) | buf[at + 1]!;
      if (target >= limit) throw new MalformedResponse('pointer forward');
      if (next < 0) next = at + 2;
      limit = target;
      at = target;
      continue;
    }
    if (len > 63) throw new MalformedResponse('bad label');
    if (at + 1 + len > buf.length) throw new MalformedResponse('label past the end');
    labels.push(buf.toString('latin1', at + 1, at + 1 + len));
    length += len + 1;
    if (length > 255) throw new MalformedResponse('name too long');
    at += len + 1;
  }
  return [labels.join('.').toLowerCase(), next];
}

/** IPv6 text as node gives it (RFC 5952: lower case, longest zero run as `::`). */
function ipv6Text(bytes: Buffer): string {
  const groups = Array.from({ length: 8 }, (_, i) => bytes.readUInt16BE(i * 2));
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8;) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen) [best, bestLen] = [i, j - i];
    i = j === i ? i + 1 : j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best < 0) return hex.join(':');
  return `${hex.slice(0, best).join(':')}::${hex.slice(best + bestLen).join(':')}`;
}

function readData(buf: Buffer, type: number, start: number, end: number): RrData | null {
  switch (type) {
    case RR_TYPES.A:
      if (end - start !== 4) throw new MalformedResponse('bad A');
      return [...buf.subarray(start, end)].join('.');
    case RR_TYPES.AAAA:
      if (end - start !== 16) throw new MalformedResponse('bad AAAA');
      return ipv6Text(buf.subarray(start, end));
    case RR_TYPES.TXT: {
      const strings: string[] = [];
      for (let at = start; at < end;) {
        const len = buf[at]!;
        if (at + 1 + len > end) throw new MalformedResponse('bad TXT');
        strings.push(buf.toString('latin1', at + 1, at + 1 + len));
        at += 1 + len;
      }
      return strings;
    }
    case RR_TYPES.MX:
      if (end - start < 3) throw new MalformedResponse('bad MX');
      return { exchange: readName(buf, start + 2)[0], priority: buf.readUInt16BE(start) };
    case RR_TYPES.CNAME:
    case RR_TYPES.PTR:
      return readName(buf, start)[0];
    case RR_TYPES.SOA: {
      const [, afterMname] = readName(buf, start);
      const [, afterRname] = readName(buf, afterMname);
      if (afterRname + 20 > end) throw new MalformedResponse('bad SOA');
      return { ttlMinimum: buf.readUInt32BE(afterRname + 16) };
    }
    default:
      return null;
  }
}

function readRecords(buf: Buffer, offset: number, count: number): [ResourceRecord[], number] {
  const records: ResourceRecord[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    const [name, afterName] = readName(buf, at);
    if (afterName + 10 > buf.length) throw new MalformedResponse('record past the end');
    const type = buf.readUInt16BE(afterName);
    const ttl = buf.readUInt32BE(afterName + 4);
    const length = buf.readUInt16BE(afterName + 8);
    const start = afterName + 10;
    if (start + length > buf.length) throw new MalformedResponse('data past the end');
    // Only Internet-class records answer our questions (OPT's class field is a size).
    if (buf.readUInt16BE(afterName + 2) === CLASS_IN && type !== OPT) {
      const data = readData(buf, type, start, start + length);
      records.push({ name, type, ttl: ttl > 0x7fffffff ? 0 : ttl, data });
    }
    at = start + length;
  }
  return [records, at];
}

/** The response in `buf`, or null when it does not follow the format. */
export function parseResponse(buf: Buffer): DnsResponse | null {
  try {
    if (buf.length < 12) return null;
    const flags = buf.readUInt16BE(2);
    if (!(flags & 0x8000)) return null; // a query, not a response
    const qdcount = buf.readUInt16BE(4);
    let at = 12;
    let question: DnsResponse['question'] = null;
    for (let i = 0; i < qdcount; i++) {
      const [name, after] = readName(buf, at);
      if (after + 4 > buf.length) return null;
      if (i === 0) question = { name, type: buf.readUInt16BE(after) };
      at = after + 4;
    }
    const id = buf.readUInt16BE(0);
    const rcode = flags & 0x0f;
    // A truncated response may stop anywhere: the question is asked again over TCP.
    if (flags & 0x0200) return { id, rcode, truncated: true, question, answers: [], authority: [] };
    const [answers, afterAnswers] = readRecords(buf, at, buf.readUInt16BE(6));
    const [authority] = readRecords(buf, afterAnswers, buf.readUInt16BE(8));
    return { id, rcode, truncated: false, question, answers, authority };
  } catch {
    // Whatever a broken or hostile server sends is no answer, never an exception in the
    // socket's handler, which would end the process.
    return null;
  }
}
