/**
 * Uploads this process accepted: they always arrive through a server, never a worker, so each
 * server counts its own and Prometheus adds the servers up.
 */
const accepted = new Map<string, { count: number; bytes: number }>();

export function countUpload(mode: string, bytes: number): void {
  const tally = accepted.get(mode) ?? { count: 0, bytes: 0 };
  tally.count += 1;
  tally.bytes += bytes;
  accepted.set(mode, tally);
}

export function uploadTallies(): ReadonlyMap<string, { count: number; bytes: number }> {
  return accepted;
}
