import { EMPTY_LEXICON, type LanguageLexicon, phrases, words } from './lexicon';

const PREPOSITIONS = words('di a da in con su per tra fra del della dei al alla nel nella');

export const it: LanguageLexicon = {
  ...EMPTY_LEXICON,
  intensifiers: words('davvero proprio semplicemente veramente onestamente praticamente'),
  hedges: phrases("un po' | un pochino | finora | in realtà | a dire il vero"),
  negations: words('non mai nessuno niente nulla'),
  keepWithNext: [
    ...PREPOSITIONS,
    ...words('il lo la i gli le un uno una non mi ti si ci vi io tu lui lei noi voi'),
  ],
  breakBefore: [...PREPOSITIONS, ...words('e ma o perché quando se che come mentre anche però quindi')],
  abbreviations: words('sig dott ecc'),
  hesitations: words('ehm eh uhm mmm boh'),
  fillers: phrases('cioè | insomma | tipo | diciamo | praticamente'),
};
