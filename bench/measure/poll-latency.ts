/** One answer of the polling client: when it arrived and the change counter it showed. */
export interface Poll {
  at: number;
  counter: number;
}

/** For each change, the wait until the first poll that showed it (or a later state). */
export function pollLatencies(
  changes: readonly { at: number; counter: number }[],
  polls: readonly Poll[],
): number[] {
  return changes.flatMap((change) => {
    const seen = polls.find((poll) => poll.counter >= change.counter && poll.at >= change.at);
    return seen ? [seen.at - change.at] : [];
  });
}
