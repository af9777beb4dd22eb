import type { TimedWord } from '../../shared/subtitles';

export interface SampleWord {
  punctuated: string;
  start: number;
  end: number;
}

/** Replaces the first word of every other repetition (see loopWords). */
const ALTERNATE_FIRST_WORD = 'Now';

/**
 * The sample's words repeated every `periodSeconds`, as many as fit in `seconds`: what a speech
 * engine would hear in a clip made by looping the sample. Every other repetition starts with a
 * different word, because the shaper rightly drops a sentence repeated back to back (a Whisper
 * hallucination pattern) and a looped sample would otherwise leave one cue for the whole clip.
 */
export function loopWords(
  words: readonly SampleWord[],
  periodSeconds: number,
  seconds: number,
): SampleWord[] {
  if (periodSeconds <= 0) throw new Error('the loop period must be positive');
  const looped: SampleWord[] = [];
  for (let repetition = 0; repetition * periodSeconds < seconds; repetition++) {
    const offset = repetition * periodSeconds;
    for (const [index, word] of words.entries()) {
      const end = word.end + offset;
      if (end > seconds) return looped;
      const punctuated = index === 0 && repetition % 2 === 1 ? ALTERNATE_FIRST_WORD : word.punctuated;
      looped.push({ punctuated, start: word.start + offset, end });
    }
  }
  return looped;
}

export function asTimedWords(words: readonly SampleWord[]): TimedWord[] {
  return words.map((word) => ({ text: word.punctuated, start: word.start, end: word.end }));
}
