import type { OutputLanguage } from '../languages';
import { visibleText } from './text-width';

/**
 * Which script text is written in, and so which language stands for it where the language is not
 * named (a user's own SRT): the file's from the majority of its letters, each cue's from its own
 * (issue 35: one Japanese line in an English file made the whole file Japanese).
 */
type Script = 'latin' | 'cyrillic' | 'kana' | 'han' | 'hangul' | 'thai' | 'devanagari';

const SCRIPT_OF: [RegExp, Script][] = [
  [/[\p{Script=Latin}\p{Script=Greek}]/u, 'latin'],
  [/\p{Script=Cyrillic}/u, 'cyrillic'],
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/u, 'kana'],
  [/\p{Script=Han}/u, 'han'],
  [/\p{Script=Hangul}/u, 'hangul'],
  [/\p{Script=Thai}/u, 'thai'],
  [/\p{Script=Devanagari}/u, 'devanagari'],
];

/** The scripts each language is written in: a cue holding one of its language's is that language. */
const SCRIPTS_OF_LANGUAGE: Record<OutputLanguage, readonly Script[]> = {
  en: ['latin'],
  nl: ['latin'],
  fr: ['latin'],
  de: ['latin'],
  it: ['latin'],
  pt: ['latin'],
  es: ['latin'],
  sv: ['latin'],
  ru: ['cyrillic'],
  ja: ['kana', 'han'],
  zh: ['han'],
  ko: ['hangul', 'han'],
  th: ['thai'],
  hi: ['devanagari'],
};

const UNSPACED_CJK: readonly OutputLanguage[] = ['ja', 'ko', 'zh'];

type Counts = Map<Script, number>;

/** Letters by script, of the text as shown (the `i` of `<i>` and the `an` of `{\an8}` are not letters). */
function scriptCounts(text: string): Counts {
  const counts: Counts = new Map();
  for (const match of visibleText(text).matchAll(/\p{L}/gu)) {
    const script = SCRIPT_OF.find(([pattern]) => pattern.test(match[0]))?.[1];
    if (script) counts.set(script, (counts.get(script) ?? 0) + 1);
  }
  return counts;
}

/**
 * Letters by language. Han is shared: Japanese when kana stand beside it (a Japanese text is at least
 * a tenth kana), else Korean beside Hangul, else the CJK language given, else Chinese.
 */
function languageCounts(counts: Counts, latin: OutputLanguage, cjk: OutputLanguage | null) {
  const count = (script: Script) => counts.get(script) ?? 0;
  const han = count('han');
  const hanLanguage: OutputLanguage =
    count('kana') > 0 && count('kana') * 10 >= han ? 'ja' : count('hangul') > 0 ? 'ko' : (cjk ?? 'zh');
  const byLanguage = new Map<OutputLanguage, number>();
  const add = (language: OutputLanguage, letters: number) => {
    if (letters > 0) byLanguage.set(language, (byLanguage.get(language) ?? 0) + letters);
  };
  add(latin, count('latin'));
  add('ru', count('cyrillic'));
  add('ja', count('kana'));
  add(hanLanguage, han);
  add('ko', count('hangul'));
  add('th', count('thai'));
  add('hi', count('devanagari'));
  return byLanguage;
}

function largest(byLanguage: Map<OutputLanguage, number>, fallback: OutputLanguage): OutputLanguage {
  let best = fallback;
  let bestCount = byLanguage.get(fallback) ?? 0;
  for (const [language, letters] of byLanguage) {
    if (letters > bestCount) {
      best = language;
      bestCount = letters;
    }
  }
  return best;
}

/**
 * The language a text's letters are mostly written in, counted by letters (not cues: a short
 * Japanese line does not outweigh a page of English); Latin letters stand for English. Text without
 * letters is English.
 */
export function languageOfText(text: string): OutputLanguage {
  return largest(languageCounts(scriptCounts(text), 'en', null), 'en');
}

/**
 * The language a cue is measured and drawn as, in a file of `fileLanguage`: the file's own when the
 * cue holds a letter of its scripts (a Japanese cue with an English word stays Japanese), else the
 * language of most of the cue's letters (Latin ones: English). A cue without letters is the file's.
 */
export function cueLanguage(text: string, fileLanguage: OutputLanguage): OutputLanguage {
  const counts = scriptCounts(text);
  if (SCRIPTS_OF_LANGUAGE[fileLanguage].some((script) => (counts.get(script) ?? 0) > 0)) return fileLanguage;
  const latin = SCRIPTS_OF_LANGUAGE[fileLanguage].includes('latin') ? fileLanguage : 'en';
  const cjk = UNSPACED_CJK.includes(fileLanguage) ? fileLanguage : null;
  return largest(languageCounts(counts, latin, cjk), fileLanguage);
}
