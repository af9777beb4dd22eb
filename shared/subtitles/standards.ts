/**
 * The numbers of subtitle style, each beside its source (collected in docs/SUBTITLE-STYLE.md).
 * Numbers marked "our choice" have no published source; they are tuned by the tests beside this code.
 */

/** Netflix Timed Text Style Guide, general requirements: at most 2 lines per event. */
export const MAX_LINES = 2;

/** Netflix general requirements: an event lasts at least 5/6 s (20 frames at 24 fps), rounded up to whole ms. */
export const MIN_CUE_MS = 834;

/** Netflix general requirements: an event lasts at most 7 s. */
export const MAX_CUE_MS = 7000;

/** Netflix general requirements: at least 2 frames between events (80 ms, as the product specifies). */
export const MIN_GAP_MS = 80;

/** Netflix general requirements: the out-time may run up to 12 frames (0.5 s at 24 fps) past the end of speech. */
export const OUT_TIME_PADDING_MS = 500;

/**
 * Amara's subtitle guidelines: a subtitle appears at most 0.5 s before its speech (Netflix times the
 * in-cue to the first frame of audio, within 3 frames). The BBC's 1.5 s shows words well before
 * anyone says them, which viewers notice.
 */
export const MAX_LEAD_MS = 500;

/** BBC subtitle guidelines: never keep a subtitle more than 1.5 s after its speech. */
export const MAX_LINGER_MS = 1500;

/**
 * A silence longer than the BBC's 1.5 s linger limit always ends a cue: a cue spanning it would keep
 * the first words on screen too long after they were spoken (SUBTITLE-STYLE.md failure 3).
 */
export const LONG_SILENCE_MS = MAX_LINGER_MS;

/** BBC subtitle guidelines: a line is no wider than 68% of a 16:9 frame. */
export const MAX_LINE_WIDTH_SHARE = 0.68;

/** Netflix English template: 42 characters per line for Latin-script languages. */
export const LATIN_MAX_LINE_CHARS = 42;

/** Our choice: pauses that make a good cue boundary (a short breath, a clear pause). */
export const SHORT_PAUSE_MS = 300;
export const CLEAR_PAUSE_MS = 700;

/**
 * Our choice: a recognised word lasting longer than this (plus 0.4 s per character) has a start
 * stretched over the silence before it, a known recogniser failure; its start is pulled in.
 */
export const MAX_WORD_MS = 2000;
export const MAX_WORD_MS_PER_CHARACTER = 400;
