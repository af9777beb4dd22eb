import { EMPTY_LEXICON, type LanguageLexicon, phrases, words } from './lexicon';

const PREPOSITIONS = words('de do da dos das em no na nos nas por para com sem ao à');

export const pt: LanguageLexicon = {
  ...EMPTY_LEXICON,
  intensifiers: words('realmente simplesmente basicamente literalmente sinceramente honestamente'),
  hedges: phrases('um pouco | até agora | na verdade | para ser sincero'),
  negations: words('não nunca nada nenhum nenhuma ninguém'),
  keepWithNext: [
    ...PREPOSITIONS,
    ...words('o a os as um uma uns umas não me te se eu tu ele ela nós eles elas'),
  ],
  breakBefore: [...PREPOSITIONS, ...words('e mas ou porque quando se que como enquanto embora então')],
  abbreviations: words('sr sra dr etc'),
  hesitations: words('hum ahn eh hã hmm'),
  fillers: phrases('tipo | sabe | quer dizer | né | então tipo'),
};
