import { EMPTY_LEXICON, type LanguageLexicon, phrases, words } from './lexicon';

const PREPOSITIONS = words('в во на с со к ко по о об от до из у за под над при для без через между про');

export const ru: LanguageLexicon = {
  ...EMPTY_LEXICON,
  keepWithNext: [...PREPOSITIONS, ...words('не ни я ты он она мы вы они')],
  breakBefore: [
    ...PREPOSITIONS,
    ...words('и а но или что чтобы потому когда если как где который которая которые хотя пока'),
  ],
  abbreviations: words('г т.е т.д'),
  hesitations: words('э ээ э-э эм мм хм'),
  fillers: phrases('ну | как бы | в общем | типа | короче | так сказать'),
};
