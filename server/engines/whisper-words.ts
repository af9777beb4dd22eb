import type { TimedWord } from '../../shared/subtitles';

/** One Whisper token with its own timestamps, in seconds from the start of the audio. */
export interface TimedToken {
  text: string;
  start: number;
  end: number;
}

/** Control tokens whisper.cpp may print: [_BEG_], [_TT_150], [_SOT_], <|endoftext|>. */
const SPECIAL_TOKEN = /^\s*(\[_[A-Z]+_?\d*\]|<\|[^|]*\|>)\s*$/;
const PUNCTUATION_ONLY = /^[\p{P}\p{S}]+$/u;
const OPENING_PUNCTUATION = /^[([{¿¡"«„“‘]+$/u;
/** Music notes: Whisper writes them over music instead of words. */
const MUSIC = /[♪♩♫♬]/u;

function attach(word: TimedWord, token: TimedToken, text: string): void {
  word.text += text;
  word.end = Math.max(word.end, token.end, word.start);
}

/**
 * Merges sub-word tokens into words. A token that starts with a space starts a word; one that does
 * not continues the word before it. Punctuation after a space (French " ?") stays with its word
 * behind a no-break space, as French typography wants, so a line never starts with it.
 */
export function wordsFromTokens(tokens: readonly TimedToken[]): TimedWord[] {
  const words: TimedWord[] = [];
  for (const token of tokens) {
    if (SPECIAL_TOKEN.test(token.text)) continue;
    const text = token.text.trim();
    if (!text) continue;
    const previous = words.at(-1);
    const startsWithSpace = /^\s/.test(token.text);
    const closingPunctuation = PUNCTUATION_ONLY.test(text) && !OPENING_PUNCTUATION.test(text);
    const afterOpening = previous !== undefined && OPENING_PUNCTUATION.test(previous.text);
    if (previous && (closingPunctuation || !startsWithSpace || afterOpening)) {
      attach(previous, token, closingPunctuation && startsWithSpace ? `\u00a0${text}` : text);
    } else {
      words.push({ text, start: token.start, end: Math.max(token.end, token.start) });
    }
  }
  return words;
}

function opensMarker(text: string): boolean {
  return text.startsWith('[') || text.startsWith('(') || text.startsWith('*');
}

function closesMarker(text: string): boolean {
  return /[\])*][\p{P}]*$/u.test(text);
}

/**
 * Drops what Whisper writes instead of speech: [BLANK_AUDIO], (music), [Applause], *laughs*, ♪.
 * These are descriptions, not words said, and often invented over silence (SUBTITLE-STYLE.md failure 4).
 */
export function withoutNonSpeechMarkers(words: readonly TimedWord[]): TimedWord[] {
  const kept: TimedWord[] = [];
  let insideMarker = false;
  for (const word of words) {
    if (!insideMarker && opensMarker(word.text)) insideMarker = true;
    if (insideMarker) {
      if (closesMarker(word.text)) insideMarker = false;
      continue;
    }
    if (!MUSIC.test(word.text)) kept.push(word);
  }
  return kept;
}

function normalised(word: TimedWord | undefined): string {
  return (word?.text ?? '').toLocaleLowerCase().replace(/[\p{P}\s]/gu, '');
}

function samePhrase(words: readonly TimedWord[], first: number, second: number, length: number): boolean {
  for (let offset = 0; offset < length; offset++) {
    if (normalised(words[first + offset]) !== normalised(words[second + offset])) return false;
  }
  return true;
}

/** A phrase said this many times in a row is a decoding loop, not speech. */
const LOOP_REPEATS = 4;
const LONGEST_LOOPED_PHRASE = 8;

function repeatsAt(words: readonly TimedWord[], start: number, length: number): number {
  let repeats = 1;
  while (
    start + (repeats + 1) * length <= words.length &&
    samePhrase(words, start, start + repeats * length, length)
  ) {
    repeats++;
  }
  return repeats;
}

/**
 * Keeps one copy of a phrase Whisper repeats LOOP_REPEATS times or more in a row: its decoder can
 * get stuck in a loop over silence or music (SUBTITLE-STYLE.md failure 4, "drop exact repeats").
 */
export function withoutRepetitionLoops(words: readonly TimedWord[]): TimedWord[] {
  const kept: TimedWord[] = [];
  let index = 0;
  while (index < words.length) {
    let skipped = false;
    for (let length = 1; length <= LONGEST_LOOPED_PHRASE && !skipped; length++) {
      const repeats = repeatsAt(words, index, length);
      if (repeats >= LOOP_REPEATS) {
        kept.push(...words.slice(index, index + length));
        index += repeats * length;
        skipped = true;
      }
    }
    if (!skipped) {
      const word = words[index];
      if (word) kept.push(word);
      index++;
    }
  }
  return kept;
}

/** Whisper's words without its non-speech markers and decoding loops. */
export function speechWords(words: readonly TimedWord[]): TimedWord[] {
  return withoutRepetitionLoops(withoutNonSpeechMarkers(words));
}
