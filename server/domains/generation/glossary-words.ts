import type { TimedWord } from '../../../shared/subtitles';

const core = (text: string) => text.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '').toLocaleLowerCase();

/**
 * Recognised words with each multi-word glossary term ("Zorgverzekeraar XYZ") made one word, so no
 * cue or line ends inside it and every engine after this step sees the term whole.
 */
export function joinGlossaryTerms(words: readonly TimedWord[], terms: readonly string[]): TimedWord[] {
  const phrases = terms
    .map((term) => term.split(/\s+/).map(core))
    .filter((parts) => parts.length > 1)
    .sort((a, b) => b.length - a.length);
  if (phrases.length === 0) return [...words];
  const result: TimedWord[] = [];
  for (let index = 0; index < words.length; ) {
    const phrase = phrases.find((parts) =>
      parts.every((part, offset) => core(words[index + offset]?.text ?? '') === part),
    );
    if (!phrase) {
      result.push(words[index] as TimedWord);
      index += 1;
      continue;
    }
    const parts = words.slice(index, index + phrase.length);
    const confidences = parts.flatMap((word) => (word.confidence === undefined ? [] : [word.confidence]));
    result.push({
      start: parts[0]?.start ?? 0,
      end: parts.at(-1)?.end ?? 0,
      text: parts.map((word) => word.text).join(' '),
      ...(confidences.length > 0 ? { confidence: Math.min(...confidences) } : {}),
    });
    index += phrase.length;
  }
  return result;
}
