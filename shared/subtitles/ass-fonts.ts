import type { OutputLanguage } from '../languages';
import { lineTextToAss, SRT_MARKUP } from './ass-text';
import { languageProfile } from './language-profile';

/**
 * Which shipped face draws each character of a cue (issue 35). The cue's own language's face draws
 * what it holds; other scripts and emoji get theirs by an explicit `\fn` around them. Named, not left
 * to libass's per-glyph fallback: the browser's preview (jassub) has no fallback between families
 * (emoji drew as boxes there), and the burn-in's (fontconfig) takes any face holding the glyph, for a
 * kanji possibly the Chinese one.
 */

/** The monochrome emoji face (npm `@expo-google-fonts/noto-emoji`, server/media/fonts.ts). */
export const EMOJI_FONT_FAMILY = 'Noto Emoji';

const face = (language: OutputLanguage) => languageProfile(language).fontFamily;
const LATIN_FACE = face('en');
const CJK_FACES = new Set([face('ja'), face('ko'), face('zh')]);
/** The Thai and Devanagari faces hold Basic Latin and Latin-1 letters, not Greek or Cyrillic. */
const LATIN_1_ONLY_FACES = new Set([face('th'), face('hi')]);

const EMOJI = /\p{Emoji_Presentation}|\p{Extended_Pictographic}\uFE0F|\p{Regional_Indicator}/u;
const KANA = /^[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HAN = /^\p{Script=Han}/u;
const HANGUL = /^\p{Script=Hangul}/u;
const THAI = /^\p{Script=Thai}/u;
const DEVANAGARI = /^\p{Script=Devanagari}/u;
const LATIN_1_LETTER = /^[A-Za-z\u00C0-\u00FF]/u;
const ALPHABETIC = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]/u;

/** The face a grapheme needs in a cue drawn with `main`; null when any face will do (spaces, digits…). */
function faceFor(grapheme: string, main: string): string | null {
  if (EMOJI.test(grapheme)) return EMOJI_FONT_FAMILY;
  if (KANA.test(grapheme)) return CJK_FACES.has(main) ? main : face('ja');
  if (HAN.test(grapheme)) return CJK_FACES.has(main) ? main : face('zh');
  if (HANGUL.test(grapheme)) return face('ko');
  if (THAI.test(grapheme)) return face('th');
  if (DEVANAGARI.test(grapheme)) return main === LATIN_FACE ? main : face('hi');
  if (ALPHABETIC.test(grapheme)) {
    return LATIN_1_ONLY_FACES.has(main) && !LATIN_1_LETTER.test(grapheme) ? LATIN_FACE : main;
  }
  return null;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

interface Run {
  face: string;
  text: string;
}

/** A line as the tokens faces are chosen for: SRT tags whole, inside one run (no face of their own), graphemes. */
interface Token {
  text: string;
  tag: boolean;
}

function tokensOf(line: string): Token[] {
  return line
    .split(SRT_MARKUP)
    .flatMap((piece, index): Token[] =>
      index % 2 === 1
        ? [{ text: piece, tag: true }]
        : [...graphemes.segment(piece)].map(({ segment }) => ({ text: segment, tag: false })),
    );
}

/** A line cut into runs of one face each; characters any face draws join the run they stand in. */
function faceRuns(line: string, main: string, runs: Run[]): void {
  for (const token of tokensOf(line)) {
    const current = runs[runs.length - 1];
    // After an emoji, spaces and punctuation are the cue's face's again.
    const wanted =
      (token.tag ? null : faceFor(token.text, main)) ?? (current?.face === EMOJI_FONT_FAMILY ? main : null);
    if (!current || (wanted !== null && wanted !== current.face)) {
      runs.push({ face: wanted ?? main, text: token.text });
    } else current.text += token.text;
  }
}

/**
 * A cue's lines as ASS text (escaped, SRT styling kept, lines joined by `\N`), with `\fn` wherever
 * the face changes from the style's (`styleFace`) to the one its characters need.
 */
export function cueTextWithFaces(text: string, language: OutputLanguage, styleFace: string): string {
  const main = face(language);
  let drawnWith = styleFace;
  return text
    .split('\n')
    .map((line) => {
      const runs: Run[] = [];
      faceRuns(line.trim(), main, runs);
      return runs
        .map((run) => {
          const tag = run.face === drawnWith ? '' : `{\\fn${run.face}}`;
          drawnWith = run.face;
          return `${tag}${lineTextToAss(run.text)}`;
        })
        .join('');
    })
    .join('\\N');
}
