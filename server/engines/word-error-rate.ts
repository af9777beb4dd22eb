/** Word error rate: (substitutions + deletions + insertions) / words in the reference. */
export interface WordErrorRate {
  errors: number;
  referenceWords: number;
  /** 0 is perfect; can exceed 1 when the hypothesis invents many words. */
  rate: number;
}

/**
 * Words compared without case and punctuation, as ASR evaluations usually do: "Americans," and
 * "americans" are the same word. Apostrophes inside words stay ("don't").
 */
export function normalisedWords(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLocaleLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^\p{L}\p{N}'\s]/gu, ' ')
    .replace(/(^|\s)'+|'+(?=\s|$)/g, ' ')
    .split(/\s+/)
    .filter((word) => word.length > 0);
}

/** Edit distance between word lists, one row at a time (long transcripts stay small in memory). */
function wordEditDistance(reference: readonly string[], hypothesis: readonly string[]): number {
  let previous = Array.from({ length: hypothesis.length + 1 }, (_, index) => index);
  for (let row = 1; row <= reference.length; row++) {
    const current = [row];
    for (let column = 1; column <= hypothesis.length; column++) {
      const substitution =
        (previous[column - 1] ?? 0) + (reference[row - 1] === hypothesis[column - 1] ? 0 : 1);
      const deletion = (previous[column] ?? 0) + 1;
      const insertion = (current[column - 1] ?? 0) + 1;
      current.push(Math.min(substitution, deletion, insertion));
    }
    previous = current;
  }
  return previous[hypothesis.length] ?? 0;
}

export function wordErrorRate(reference: string, hypothesis: string): WordErrorRate {
  const referenceWords = normalisedWords(reference);
  const errors = wordEditDistance(referenceWords, normalisedWords(hypothesis));
  const rate = referenceWords.length === 0 ? (errors === 0 ? 0 : 1) : errors / referenceWords.length;
  return { errors, referenceWords: referenceWords.length, rate };
}

/** Over several samples: total errors over total reference words (long samples weigh more). */
export function combinedWordErrorRate(results: readonly WordErrorRate[]): WordErrorRate {
  const errors = results.reduce((sum, result) => sum + result.errors, 0);
  const referenceWords = results.reduce((sum, result) => sum + result.referenceWords, 0);
  return { errors, referenceWords, rate: referenceWords === 0 ? 0 : errors / referenceWords };
}
