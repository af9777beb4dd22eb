import type { OutputLanguage } from '../languages';
import { type WordTimingsFile, wordTimingsFile } from '../schemas/exports';
import type { TimedWord } from './recognised-words';

export interface WordTimingsSource {
  title: string;
  /** The language the words were recognised in. */
  language: OutputLanguage;
  /** As the transcription stored them: seconds from the start of the audio stream. */
  words: readonly TimedWord[];
  /** Where the audio stream starts on the video's clock (SUBTITLE-STYLE.md failure 3). */
  audioStartMs: number;
}

const toVideoMs = (seconds: number, audioStartMs: number) =>
  Math.max(0, Math.round(seconds * 1000 + audioStartMs));

/** The words-and-timings document, checked against its schema (shared/schemas/exports.ts). */
export function wordTimings(source: WordTimingsSource): WordTimingsFile {
  const words = source.words
    .filter((word) => Number.isFinite(word.start) && Number.isFinite(word.end) && word.text.trim())
    .map((word) => {
      const startMs = toVideoMs(word.start, source.audioStartMs);
      const endMs = Math.max(startMs, toVideoMs(word.end, source.audioStartMs));
      const confidence = word.confidence === undefined ? {} : { confidence: word.confidence };
      return { text: word.text.trim(), startMs, endMs, ...confidence };
    });
  return wordTimingsFile.parse({
    format: 'word-timings',
    version: 1,
    title: source.title,
    language: source.language,
    words,
  });
}

export function writeWordTimings(source: WordTimingsSource): string {
  return `${JSON.stringify(wordTimings(source), null, 2)}\n`;
}
