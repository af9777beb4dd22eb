/** Consecutive groups of at most `size` items and `maxCharacters` of text (one long item stays alone). */
export function cueGroups(
  indexes: readonly number[],
  textOf: (index: number) => string,
  limits: { size: number; maxCharacters: number },
): number[][] {
  const groups: number[][] = [];
  let current: number[] = [];
  let characters = 0;
  for (const index of indexes) {
    const length = textOf(index).length;
    if (current.length >= limits.size || (current.length > 0 && characters + length > limits.maxCharacters)) {
      groups.push(current);
      current = [];
      characters = 0;
    }
    current.push(index);
    characters += length;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/**
 * Runs `work` on every item, at most `limit` at once, in order of start. The first failure stops
 * new work, aborts `signal` for the work under way, and is what the call rejects with.
 */
export async function forEachBounded<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, signal: AbortSignal) => Promise<void>,
  outer?: AbortSignal,
): Promise<void> {
  const controller = new AbortController();
  const signal = outer ? AbortSignal.any([outer, controller.signal]) : controller.signal;
  let next = 0;
  let failure: { error: unknown } | null = null;
  const lane = async () => {
    while (!failure && next < items.length) {
      const item = items[next++] as T;
      try {
        await work(item, signal);
      } catch (error) {
        failure ??= { error };
        controller.abort(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failure) throw (failure as { error: unknown }).error;
}

/** Context for a group: up to `count` cue texts before its first cue and after its last. */
export function neighbours(texts: readonly string[], group: readonly number[], count = 3) {
  const first = group[0] ?? 0;
  const last = group.at(-1) ?? 0;
  return {
    before: texts.slice(Math.max(0, first - count), first),
    after: texts.slice(last + 1, last + 1 + count),
  };
}
