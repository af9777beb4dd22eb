import type { OutputLanguage } from '../../languages';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { hi } from './hi';
import { it } from './it';
import { ja } from './ja';
import { ko } from './ko';
import type { LanguageLexicon } from './lexicon';
import { nl } from './nl';
import { pt } from './pt';
import { ru } from './ru';
import { sv } from './sv';
import { th } from './th';
import { zh } from './zh';

const LEXICONS: Record<OutputLanguage, LanguageLexicon> = {
  en,
  nl,
  fr,
  de,
  it,
  pt,
  es,
  sv,
  ru,
  hi,
  ko,
  zh,
  ja,
  th,
};

export function lexiconFor(language: OutputLanguage): LanguageLexicon {
  return LEXICONS[language];
}

export type { LanguageLexicon, PhrasePair } from './lexicon';
