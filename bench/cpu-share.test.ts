import { describe, expect, it } from 'vitest';
import { descendants, otherTicks, parseStat } from './cpu-share';

describe('CPU used by other processes', () => {
  it('reads parent and CPU ticks from /proc/<pid>/stat, even with odd process names', () => {
    const line = '4242 (my (odd) proc) S 17 4242 17 0 -1 4194304 125 0 1 0 30 12 0 0 20 0 1 0 1078556';
    expect(parseStat(line)).toEqual({ pid: 4242, ppid: 17, ticks: 42 });
    expect(parseStat('garbage')).toBeNull();
  });

  it('finds the whole tree below a process', () => {
    const processes = [
      { pid: 1, ppid: 0, ticks: 0 },
      { pid: 10, ppid: 1, ticks: 0 },
      { pid: 11, ppid: 10, ticks: 0 },
      { pid: 12, ppid: 11, ticks: 0 },
      { pid: 20, ppid: 1, ticks: 0 },
    ];
    expect([...descendants(10, processes)].sort()).toEqual([10, 11, 12]);
  });

  it('counts only what processes outside the tree used between two snapshots', () => {
    const before = [
      { pid: 10, ppid: 1, ticks: 100 },
      { pid: 11, ppid: 10, ticks: 50 },
      { pid: 20, ppid: 1, ticks: 500 },
    ];
    const after = [
      { pid: 10, ppid: 1, ticks: 300 },
      { pid: 11, ppid: 10, ticks: 250 },
      { pid: 20, ppid: 1, ticks: 560 },
      { pid: 21, ppid: 1, ticks: 15 },
    ];
    expect(otherTicks(10, before, after)).toBe(75);
  });
});
