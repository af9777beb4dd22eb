/** A run of words both texts share, or only the newer (added) or the older (removed) has. */
export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** Past this many differing words the two texts are shown as replaced whole (the diff stays linear). */
export const MAX_DIFF_EDITS = 4_000;

const words = (text: string) => text.split(/\s+/).filter((word) => word !== '');

/**
 * The words of `before` and `after` lined up (Myers' O((N+M)·D) algorithm on words): what stayed,
 * what was removed and what was added, runs of one kind joined with spaces.
 */
export function diffWords(before: string, after: string): DiffPart[] {
  const a = words(before);
  const b = words(after);
  const edits = shortestEdit(a, b);
  const parts: DiffPart[] = [];
  const push = (kind: DiffPart['kind'], word: string) => {
    const last = parts.at(-1);
    if (last?.kind === kind) last.text += ` ${word}`;
    else parts.push({ kind, text: word });
  };
  if (!edits) {
    if (a.length) parts.push({ kind: 'removed', text: a.join(' ') });
    if (b.length) parts.push({ kind: 'added', text: b.join(' ') });
    return parts;
  }
  for (const [kind, index] of edits) push(kind, kind === 'added' ? (b[index] ?? '') : (a[index] ?? ''));
  return parts;
}

type Edit = ['same' | 'removed', number] | ['added', number];

/** The edit script from a to b, or null when it needs more than MAX_DIFF_EDITS edits. */
function shortestEdit(a: readonly string[], b: readonly string[]): Edit[] | null {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, MAX_DIFF_EDITS);
  const offset = max + 1;
  let frontier = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(frontier.slice());
    const next = frontier.slice();
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && (frontier[offset + k - 1] ?? 0) < (frontier[offset + k + 1] ?? 0));
      let x = down ? (frontier[offset + k + 1] ?? 0) : (frontier[offset + k - 1] ?? 0) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      next[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, n, m, offset, d);
    }
    frontier = next;
  }
  return null;
}

/** Walks the frontiers back from the end: `trace[d]` holds the furthest x per diagonal before step d. */
function backtrack(
  trace: readonly Int32Array[],
  n: number,
  m: number,
  offset: number,
  depth: number,
): Edit[] {
  const edits: Edit[] = [];
  let x = n;
  let y = m;
  for (let d = depth; d >= 0; d--) {
    const previous = trace[d] ?? new Int32Array(0);
    const k = x - y;
    const down = k === -d || (k !== d && (previous[offset + k - 1] ?? 0) < (previous[offset + k + 1] ?? 0));
    const previousK = down ? k + 1 : k - 1;
    const previousX = d === 0 ? 0 : (previous[offset + previousK] ?? 0);
    const previousY = d === 0 ? 0 : previousX - previousK;
    while (x > previousX && y > previousY) {
      x--;
      y--;
      edits.push(['same', x]);
    }
    if (d > 0) edits.push(down ? ['added', previousY] : ['removed', previousX]);
    x = previousX;
    y = previousY;
  }
  return edits.reverse();
}
