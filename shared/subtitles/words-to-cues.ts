import type { OutputLanguage } from '../languages';
import type { Cue } from './cue';
import { groupIntoCues } from './cue-segmentation';
import { timeCues } from './cue-timing';
import { layoutLines } from './line-breaking';
import {
  dropRepeatedSentences,
  keepWordsInSpeech,
  type SpeechRegion,
  type TimedWord,
  toVideoClock,
} from './recognised-words';
import { shapingContext } from './shaping-context';
import { OUT_TIME_PADDING_MS } from './standards';
import { tokensFromWords } from './tokens';

export interface WordsToCuesOptions {
  language: OutputLanguage;
  /** The audio stream's start time in the video (ffprobe `start_time`), in seconds. */
  audioStartSeconds?: number;
  /** Speech found by voice-activity detection, on the audio's clock; words outside it are dropped. */
  speechRegions?: readonly SpeechRegion[];
}

/**
 * Builds cues from recognised words: at most two lines within the language's width, broken at
 * natural points, 5/6 s to 7 s long, at least 80 ms apart, with boundaries at sentence ends and
 * pauses and never across a long silence. Words are kept as recognised, except exact repeats.
 */
export function wordsToCues(words: readonly TimedWord[], options: WordsToCuesOptions): Cue[] {
  const context = shapingContext(options.language);
  const heard = options.speechRegions ? keepWordsInSpeech(words, options.speechRegions) : words;
  const timed = toVideoClock(heard, options.audioStartSeconds ?? 0);
  const tokens = dropRepeatedSentences(tokensFromWords(timed, context), context);
  const groups = groupIntoCues(tokens, context);
  const speech = groups.map((group) => ({
    startMs: group[0]?.startMs ?? 0,
    endMs: group.at(-1)?.endMs ?? 0,
  }));
  const spans = timeCues(speech, { outTimePaddingMs: OUT_TIME_PADDING_MS });
  return groups.map((group, index) => {
    const span = spans[index] ?? { startMs: 0, endMs: 0 };
    const spoken = speech[index] ?? span;
    return { ...span, text: layoutLines(group, context).lines.join('\n'), spoken };
  });
}
