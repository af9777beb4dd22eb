import { type LanguageLexicon, pairs, phrases, words } from './lexicon';

const PREPOSITIONS = words(`à en dans sur sous pour par avec sans chez vers entre contre depuis pendant
  après avant devant derrière selon malgré`);

export const fr: LanguageLexicon = {
  keepWithNext: [
    ...PREPOSITIONS,
    ...words(`le la les un une des du de au aux ce cet cette ces mon ma mes ton ta tes son sa ses notre nos
      votre vos leur leurs je tu il elle on nous vous ils elles ne me te se suis es est sommes êtes sont ai
      as avons avez ont très plus`),
  ],
  breakBefore: [
    ...PREPOSITIONS,
    ...words('et mais ou donc or ni car parce puisque quand lorsque si comme que qui dont où alors'),
  ],
  keepWithPrevious: [],
  abbreviations: words('m mme mlle dr etc'),
  hesitations: words('euh heu hum hmm bah'),
  fillers:
    phrases(`en fait | bon | ben | tu vois | tu sais | vous voyez | vous savez | genre | quoi | du coup |
    voilà | enfin`),
  openers: words('et alors'),
  intensifiers: words('vraiment carrément littéralement franchement simplement honnêtement'),
  hedges: phrases("un peu | aussi bien | jusqu'ici | en fait | pour être honnête"),
  negations: words('ne pas jamais rien aucun aucune'),
  keepRepeats: words('nous vous'),
  contractions: [],
  contractNotAfterComma: false,
  wordyPhrases: pairs(`à l'heure actuelle > actuellement | au jour d'aujourd'hui > aujourd'hui |
    en ce moment > maintenant | à cause du fait que > parce que | étant donné que > puisque |
    dans le but de > pour | afin de > pour | à plusieurs reprises > souvent |
    la plupart du temps > souvent | de temps en temps > parfois | en règle générale > en général |
    malgré le fait que > bien que | c'est la raison pour laquelle > c'est pourquoi |
    un grand nombre de > beaucoup de | il est nécessaire de > il faut | à ce moment-là > alors`),
};
