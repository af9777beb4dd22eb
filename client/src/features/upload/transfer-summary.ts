/** Bytes sent so far of an upload, and when it started. */
export interface Transfer {
  loaded: number;
  total: number;
  startedAt: number;
  /** Bytes the server already held when this session started (a resumed upload): not counted in the speed. */
  startedFrom?: number;
}

const UNITS = ['B', 'kB', 'MB', 'GB'] as const;

/** Decimal units, as file managers and operating systems show sizes: "240 MB", "1.5 GB". */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${UNITS[unit]}`;
}

function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/**
 * "12.3 MB of 240 MB · 8.2 MB/s · about 28 s left": what the overlay says while a file travels.
 * Speed and time left are left out for the first second, when they would only be noise.
 */
export function transferSummary(
  { loaded, total, startedAt, startedFrom = 0 }: Transfer,
  now: number,
): string {
  const sent = `${formatBytes(loaded)} of ${formatBytes(total)}`;
  const elapsed = (now - startedAt) / 1000;
  if (elapsed < 1 || loaded <= startedFrom) return sent;
  const speed = (loaded - startedFrom) / elapsed;
  const left = (total - loaded) / speed;
  return `${sent} · ${formatBytes(speed)}/s · about ${formatDuration(left)} left`;
}
