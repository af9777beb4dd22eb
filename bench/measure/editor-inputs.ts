import type { Cue } from '../../shared/subtitles';
import { writeSrt } from '../../shared/subtitles';

/** The test speech's words, a few to a cue, so each cue reads like a subtitle. */
const WORDS =
  'And so my fellow Americans ask not what your country can do for you ask what you can do for your country'.split(
    ' ',
  );
const WORDS_PER_CUE = 7;

/**
 * `count` cues spread evenly over `seconds`: each shown for 80% of its slot, the rest a gap, with
 * text taken from the sample's words in turn (cue N starts at word N × 7, so neighbours differ).
 */
export function evenCues(count: number, seconds: number): Cue[] {
  if (count < 1) throw new Error('at least one cue');
  const slotMs = Math.floor((seconds * 1000) / count);
  if (slotMs < 100) throw new Error(`${count} cues do not fit in ${seconds} s`);
  return Array.from({ length: count }, (_, index) => {
    const text = Array.from(
      { length: WORDS_PER_CUE },
      (_, word) => WORDS[(index * WORDS_PER_CUE + word) % WORDS.length],
    ).join(' ');
    const startMs = index * slotMs;
    return { startMs, endMs: startMs + Math.floor(slotMs * 0.8), text };
  });
}

export function evenSrt(count: number, seconds: number): string {
  return writeSrt(evenCues(count, seconds));
}
