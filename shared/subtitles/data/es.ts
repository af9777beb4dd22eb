import { EMPTY_LEXICON, type LanguageLexicon, phrases, words } from './lexicon';

const PREPOSITIONS = words('de del a al en con por para sin sobre entre hasta desde hacia');

export const es: LanguageLexicon = {
  ...EMPTY_LEXICON,
  intensifiers: words('realmente simplemente básicamente literalmente sinceramente honestamente'),
  hedges: phrases('un poco | hasta ahora | la verdad | en realidad | para ser sincero'),
  negations: words('no nunca nada ningún ninguna nadie'),
  keepWithNext: [
    ...PREPOSITIONS,
    ...words('el la los las un una unos unas no me te se yo tú él ella nosotros vosotros ellos ellas mi su'),
  ],
  breakBefore: [...PREPOSITIONS, ...words('y e pero o u porque cuando si que como mientras aunque entonces')],
  abbreviations: words('sr sra dr etc'),
  hesitations: words('eh ehm mmm hmm'),
  fillers: phrases('o sea | pues | bueno | tipo | sabes | digamos'),
  keepRepeats: words('que'),
};
