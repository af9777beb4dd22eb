import { endsSentence, type ShapingContext, wordCore } from './shaping-context';
import { MAX_WORD_MS, MAX_WORD_MS_PER_CHARACTER } from './standards';
import { characterCount } from './text-width';
import type { Token, WordTiming } from './tokens';

/** A word as a recogniser gives it: seconds from the start of the audio stream. */
export interface TimedWord {
  start: number;
  end: number;
  text: string;
  /** 0–1, where the speech engine gives one (Deepgram does, Whisper here does not). */
  confidence?: number;
}

/** Stretch of audio where voice-activity detection heard speech, in seconds from the start of the audio. */
export interface SpeechRegion {
  start: number;
  end: number;
}

function overlapping(word: TimedWord, regions: readonly SpeechRegion[]): SpeechRegion[] {
  return regions.filter((region) => region.start < word.end && region.end > word.start);
}

/**
 * Keeps words inside detected speech and clips them to it: recognisers invent words in silence and
 * music (SUBTITLE-STYLE.md failure 4) and stretch words over silences (failure 3).
 */
export function keepWordsInSpeech(
  words: readonly TimedWord[],
  regions: readonly SpeechRegion[],
): TimedWord[] {
  return words.flatMap((word) => {
    const inside = overlapping(word, regions);
    const first = inside[0];
    const last = inside.at(-1);
    if (!first || !last) return [];
    return [{ ...word, start: Math.max(word.start, first.start), end: Math.min(word.end, last.end) }];
  });
}

/**
 * Moves words onto the video's clock (the audio stream may start after 0, SUBTITLE-STYLE.md failure 3),
 * in order, in whole milliseconds, with over-long words' starts pulled in to their speech.
 */
export function toVideoClock(words: readonly TimedWord[], audioStartSeconds: number): WordTiming[] {
  return words
    .filter((word) => Number.isFinite(word.start) && Number.isFinite(word.end) && word.text.trim().length > 0)
    .map((word) => {
      const endMs = Math.max(0, Math.round((Math.max(word.start, word.end) + audioStartSeconds) * 1000));
      const startMs = Math.max(0, Math.round((word.start + audioStartSeconds) * 1000));
      const longest = Math.max(MAX_WORD_MS, characterCount(word.text) * MAX_WORD_MS_PER_CHARACTER);
      return { text: word.text, startMs: Math.max(startMs, endMs - longest), endMs };
    })
    .sort((a, b) => a.startMs - b.startMs);
}

function sentencesOf(tokens: readonly Token[], context: ShapingContext): Token[][] {
  const sentences: Token[][] = [[]];
  for (const token of tokens) {
    sentences.at(-1)?.push(token);
    if (endsSentence(token.text, context)) sentences.push([]);
  }
  return sentences.filter((sentence) => sentence.length > 0);
}

function sentenceKey(sentence: readonly Token[]): string {
  return sentence.map((token) => wordCore(token.text)).join(' ');
}

function isSubstantial(sentence: readonly Token[], context: ShapingContext): boolean {
  if (!context.unspaced) return sentence.length >= 2;
  return characterCount(sentence.map((token) => token.text).join('')) >= 4;
}

/**
 * Drops a sentence that exactly repeats the one before it: the recogniser's hallucinated loop
 * (SUBTITLE-STYLE.md failure 4). One-word sentences ("No. No.") are kept: people do repeat those.
 */
export function dropRepeatedSentences(tokens: readonly Token[], context: ShapingContext): Token[] {
  const kept: Token[] = [];
  let previousKey = '';
  for (const sentence of sentencesOf(tokens, context)) {
    const key = sentenceKey(sentence);
    if (key === previousKey && isSubstantial(sentence, context)) continue;
    kept.push(...sentence);
    previousKey = key;
  }
  return kept;
}
