import { OUTPUT_LANGUAGES, type OutputLanguage } from '../../../shared/languages';
import type { GlossaryTerms } from '../types';
import type { ChatMessage } from './chat-client';

export type { GlossaryTerms };

export const NO_GLOSSARY: GlossaryTerms = { keep: [], fixed: [] };

/** One cue as the model sees it; `problem` is set when it is asked again, naming what its answer missed. */
export interface PromptCue {
  id: number;
  text: string;
  max_characters?: number;
  problem?: string;
}

export interface CuePrompt {
  task: 'translate' | 'condense';
  from: OutputLanguage;
  to: OutputLanguage;
  cues: PromptCue[];
  /** Neighbouring subtitles, for context only. */
  before: string[];
  after: string[];
  glossary: GlossaryTerms;
}

const ANSWER_SHAPE =
  'Answer with JSON only, in exactly this shape: {"cues":[{"id":<the cue id>,"text":"<your subtitle>"}]}, ' +
  'one entry for every cue id you were given, no other ids.';

function glossaryLines(glossary: GlossaryTerms): string[] {
  const lines: string[] = [];
  if (glossary.keep.length > 0)
    lines.push(`Write these names exactly as given, never translated: ${glossary.keep.join('; ')}.`);
  for (const { term, translation } of glossary.fixed)
    lines.push(`Always translate "${term}" as "${translation}".`);
  return lines;
}

function instructions(prompt: CuePrompt): string {
  const from = OUTPUT_LANGUAGES[prompt.from];
  const to = OUTPUT_LANGUAGES[prompt.to];
  const task =
    prompt.task === 'translate'
      ? [
          `You translate video subtitles from ${from} into ${to}, written in ${to}'s usual script.`,
          'Translate every cue on its own, so it still matches what is said while it is on screen.',
          'Where a cue has max_characters, the translation must not be longer: say it more briefly, dropping filler words and hesitations, never facts.',
        ]
      : [
          `You shorten ${to} video subtitles so they can be read in time.`,
          'Each cue must become at most max_characters characters long (spaces count), in the same language.',
          'Drop filler words, hesitations and repetition; use shorter words; add nothing that was not said.',
        ];
  return [
    ...task,
    'Keep every number and every name exactly as written.',
    'The "before" and "after" subtitles are context only; do not answer them.',
    'A cue with a "problem" was answered before; fix what the problem says.',
    ...glossaryLines(prompt.glossary),
    ANSWER_SHAPE,
  ].join('\n');
}

/** The chat messages for one batch: the rules as the system message, the cues as a JSON document. */
export function cueMessages(prompt: CuePrompt): ChatMessage[] {
  const document = {
    task: prompt.task,
    from: prompt.from,
    to: prompt.to,
    before: prompt.before,
    cues: prompt.cues,
    after: prompt.after,
  };
  return [
    { role: 'system', content: instructions(prompt) },
    { role: 'user', content: JSON.stringify(document) },
  ];
}
