import type { Server, Socket } from 'node:net';
import { createTally } from './tally';

export interface ConnectionCap {
  /** Open connections one client may hold; one more is closed as it is accepted. */
  max: number;
  /** The client a peer address belongs to (an IPv6 network counts as one). */
  clientOf: (address: string) => string;
  /** Peers never capped: the trusted proxies, which keep the cap for their own clients. */
  exempt: (address: string) => boolean;
  /** Hears each connection closed for being one too many. */
  refused?: () => void;
}

/**
 * Caps the open connections of each client on `server`. One beyond the cap is reset the moment
 * it is accepted: the HTTP parser has read nothing of it yet (node reads a socket's first bytes
 * on a later turn of the event loop), so a client that opens connections and sends nothing
 * cannot hold more than `max` of them, however long the request timeout.
 */
export function capConnectionsPerClient(server: Server, cap: ConnectionCap): void {
  const open = createTally();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    // Already gone (it hung up as it was accepted), or a proxy that answers for its clients.
    if (address === undefined || cap.exempt(address)) return;
    const client = cap.clientOf(address);
    if (open.held(client) >= cap.max) {
      socket.resetAndDestroy();
      cap.refused?.();
      return;
    }
    open.take(client);
    socket.once('close', () => open.release(client));
  });
}
