import proxyAddr from '@fastify/proxy-addr';
import type { IncomingMessage } from 'node:http';

/** Whether the peer at `address`, `hop` proxies away, may speak for the client (fastify's form). */
export type ProxyTrust = (address: string, hop: number) => boolean;

/**
 * `TRUST_PROXY` (comma-separated IPs or CIDRs) compiled once, as fastify compiles its
 * `trustProxy` string. The app hands the same function to fastify and to the inbox read that
 * answers before fastify (`inbox-read.ts`), so the two cannot disagree on who is believed.
 */
export function compileProxyTrust(addresses: string | false): ProxyTrust | false {
  if (!addresses) return false;
  return proxyAddr.compile(addresses.split(',').map((address) => address.trim()));
}

/**
 * Whether the request reached us over TLS: on its own socket, or through a trusted proxy whose
 * `X-Forwarded-Proto` says so (its last entry, the one that proxy added, as fastify reads it).
 */
export function cameOverTls(request: IncomingMessage, trust: ProxyTrust | false): boolean {
  const socket = request.socket as IncomingMessage['socket'] & { encrypted?: boolean };
  const forwarded = request.headers['x-forwarded-proto'];
  const trusted = trust && socket.remoteAddress !== undefined && trust(socket.remoteAddress, 0);
  if (trusted && typeof forwarded === 'string' && forwarded !== '') {
    return forwarded.slice(forwarded.lastIndexOf(',') + 1).trim() === 'https';
  }
  return socket.encrypted === true;
}
