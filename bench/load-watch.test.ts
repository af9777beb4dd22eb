import { describe, expect, it } from 'vitest';
import { stolenTicks } from './load-watch';

describe("the host's share of the machine", () => {
  it("reads the steal ticks of /proc/stat's cpu line", () => {
    const stat = 'cpu  3875133 651507 1195476 1712421 13805 0 21803 4612 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\n';
    expect(stolenTicks(stat)).toBe(4612);
  });

  it('counts nothing stolen where the kernel reports no such line', () => {
    expect(stolenTicks('intr 12 0 3\n')).toBe(0);
    expect(stolenTicks('cpu  1 2 3 4\n')).toBe(0);
  });
});
