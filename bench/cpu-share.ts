/** One process as /proc/<pid>/stat shows it: its parent and the CPU ticks it has used so far. */
export interface ProcessTicks {
  pid: number;
  ppid: number;
  ticks: number;
}

/** Parses /proc/<pid>/stat (the name may hold spaces and parentheses, so fields count from the last ')'). */
export function parseStat(line: string): ProcessTicks | null {
  const close = line.lastIndexOf(')');
  const pid = Number(line.slice(0, line.indexOf(' ')));
  const fields = line.slice(close + 2).split(' ');
  // After the name: state, ppid, … utime is the 12th and stime the 13th field.
  const ppid = Number(fields[1]);
  const ticks = Number(fields[11]) + Number(fields[12]);
  return close < 0 || !Number.isFinite(pid) || !Number.isFinite(ppid) || !Number.isFinite(ticks)
    ? null
    : { pid, ppid, ticks };
}

/** The pids of `root` and every process below it. */
export function descendants(root: number, processes: readonly ProcessTicks[]): Set<number> {
  const children = new Map<number, number[]>();
  for (const process of processes)
    children.set(process.ppid, [...(children.get(process.ppid) ?? []), process.pid]);
  const found = new Set<number>([root]);
  const pending = [root];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    for (const child of children.get(next) ?? []) {
      if (!found.has(child)) {
        found.add(child);
        pending.push(child);
      }
    }
  }
  return found;
}

/**
 * Ticks used between two snapshots by processes outside `root`'s tree. A process first seen in
 * `after` counts all its ticks (it started in between); one that ended in between is missed.
 */
export function otherTicks(
  root: number,
  before: readonly ProcessTicks[],
  after: readonly ProcessTicks[],
): number {
  const ours = descendants(root, after);
  const earlier = new Map(before.map((process) => [process.pid, process.ticks]));
  let total = 0;
  for (const process of after) {
    if (ours.has(process.pid)) continue;
    total += Math.max(0, process.ticks - (earlier.get(process.pid) ?? 0));
  }
  return total;
}
