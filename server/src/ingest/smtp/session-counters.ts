/** The counted limits of SMTP sessions (part of `SmtpLimits`). */
export interface CountedLimits {
  /** Simultaneous connections from one IP address. */
  maxConnectionsPerIp: number;
  /** Messages (MAIL FROM) per connection. */
  maxMessagesPerConnection: number;
  /** Refused recipients per connection before it is closed (address harvesting). */
  maxBadRecipients: number;
}

/** Per-IP connection counts and per-session message and bad-recipient counts: bookkeeping. */
export interface SessionCounters {
  /** Counts a new session from `ip`; false (and nothing counted) when that IP is at its limit. */
  open(sessionId: string, ip: string): boolean;
  /** Forgets a session opened by `open`; any other id is ignored, so a second call is harmless. */
  close(sessionId: string): void;
  /** Counts a transaction (MAIL FROM); false once the session has gone over its limit. */
  countMessage(sessionId: string): boolean;
  /** Counts a refused recipient; false once the session has reached its limit. */
  countBadRecipient(sessionId: string): boolean;
  /** Open sessions from `ip`. */
  connectionsFrom(ip: string): number;
  /** Open sessions in all. */
  readonly size: number;
}

export function createSessionCounters(limits: CountedLimits): SessionCounters {
  const perIp = new Map<string, number>();
  const sessions = new Map<string, { ip: string; messages: number; badRecipients: number }>();

  return {
    open(sessionId, ip) {
      const count = (perIp.get(ip) ?? 0) + 1;
      if (count > limits.maxConnectionsPerIp) return false;
      perIp.set(ip, count);
      sessions.set(sessionId, { ip, messages: 0, badRecipients: 0 });
      return true;
    },
    close(sessionId) {
      const state = sessions.get(sessionId);
      if (!state) return;
      sessions.delete(sessionId);
      const left = (perIp.get(state.ip) ?? 1) - 1;
      if (left > 0) perIp.set(state.ip, left);
      else perIp.delete(state.ip);
    },
    countMessage(sessionId) {
      const state = sessions.get(sessionId);
      return !state || ++state.messages <= limits.maxMessagesPerConnection;
    },
    countBadRecipient(sessionId) {
      const state = sessions.get(sessionId);
      return !state || ++state.badRecipients < limits.maxBadRecipients;
    },
    connectionsFrom: (ip) => perIp.get(ip) ?? 0,
    get size() {
      return sessions.size;
    },
  };
}
