/**
 * How many of something (streams, connections) each client holds. A client that holds none has
 * no entry, so the table is as large as the clients holding something now, however many came.
 */
export function createTally() {
  const counts = new Map<string, number>();
  return {
    held: (client: string): number => counts.get(client) ?? 0,
    take(client: string): void {
      counts.set(client, (counts.get(client) ?? 0) + 1);
    },
    release(client: string): void {
      const left = (counts.get(client) ?? 1) - 1;
      if (left > 0) counts.set(client, left);
      else counts.delete(client);
    },
  };
}
