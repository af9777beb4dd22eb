import { z } from 'zod';
import type { OutputLanguage } from '../../../shared/languages';
import { characterCount, inLanguageScript } from '../../../shared/subtitles';
import { type GlossaryTerms, NO_GLOSSARY } from './prompts';

/** The structured answer the instructions ask for: one entry per cue id. */
const cueAnswer = z.object({
  cues: z.array(z.object({ id: z.number().int(), text: z.string() })),
});

export type ParsedAnswer = { ok: true; texts: Map<number, string[]> } | { ok: false; reason: string };

/** Models often wrap JSON in a Markdown fence or a sentence; the first object in the text is the answer. */
function jsonPart(content: string): string {
  const unfenced = content.replace(/^\s*```(?:json)?\s*/i, '').replace(/\s*```\s*$/, '');
  const start = unfenced.indexOf('{');
  const end = unfenced.lastIndexOf('}');
  return start >= 0 && end > start ? unfenced.slice(start, end + 1) : unfenced;
}

/** The answer's texts by cue id (all of them, so a duplicate is seen), or why it is unusable. */
export function parseCueAnswer(content: string): ParsedAnswer {
  let json: unknown;
  try {
    json = JSON.parse(jsonPart(content));
  } catch {
    return { ok: false, reason: 'the answer is not JSON' };
  }
  const parsed = cueAnswer.safeParse(json);
  if (!parsed.success) return { ok: false, reason: 'the answer is not {"cues":[{"id","text"}]}' };
  const texts = new Map<number, string[]>();
  for (const { id, text } of parsed.data.cues) texts.set(id, [...(texts.get(id) ?? []), text]);
  return { ok: true, texts };
}

const normalised = (text: string) => text.replace(/\s+/g, ' ').trim().toLocaleLowerCase();

/** Numbers as written with digits, separators removed: "3,5" and "3.5" are one number. */
export function numbersIn(text: string): string[] {
  return Array.from(text.matchAll(/\p{Nd}+(?:[.,]\p{Nd}+)*/gu), (match) => match[0].replace(/[.,]/g, ''));
}

/** What the answer must keep exactly as written: the source's numbers and the glossary terms it contains. */
export function missingContent(
  source: string,
  answer: string,
  glossary: GlossaryTerms = NO_GLOSSARY,
): string[] {
  const answerNumbers = numbersIn(answer);
  const missing = numbersIn(source).filter((number) => !answerNumbers.includes(number));
  const lowerSource = source.toLocaleLowerCase();
  for (const term of glossary.keep) {
    if (lowerSource.includes(term.toLocaleLowerCase()) && !answer.includes(term)) missing.push(term);
  }
  for (const { term, translation } of glossary.fixed) {
    if (lowerSource.includes(term.toLocaleLowerCase()) && !answer.includes(translation))
      missing.push(translation);
  }
  return [...new Set(missing)];
}

/** A source that is one word or no words (a name, "OK", "12") may rightly come back as written. */
function mayStayAsWritten(source: string): boolean {
  return (
    source
      .trim()
      .split(/\s+/)
      .filter((word) => /\p{L}/u.test(word)).length <= 1
  );
}

/** The checks a translation must pass to be used at all: present once, not empty, in the target script, translated. */
export function translationProblem(
  source: string,
  answers: readonly string[] | undefined,
  to: OutputLanguage,
  keepTerms: readonly string[] = [],
): string | null {
  if (!answers || answers.length === 0) return 'the answer has no entry for this cue';
  if (answers.length > 1) return 'the answer has more than one entry for this cue';
  const text = answers[0]?.trim() ?? '';
  if (text.length === 0) return 'the translation is empty';
  // Names kept as written (Kubernetes in a Japanese cue) do not count against the script.
  const translatedPart = keepTerms.reduce((rest, term) => rest.split(term).join(' '), text);
  if (/\p{L}/u.test(translatedPart) && !inLanguageScript(translatedPart, to))
    return 'the translation is not in the script of the language';
  if (normalised(text) === normalised(source) && !mayStayAsWritten(source))
    return 'the translation is the source text';
  return null;
}

/** The checks a usable answer should also pass, told to the model when it is asked again. */
export function contentProblem(
  source: string,
  answer: string,
  maxCharacters: number | null,
  glossary: GlossaryTerms,
): string | null {
  const missing = missingContent(source, answer, glossary);
  if (missing.length > 0)
    return `your answer left out ${missing.map((word) => `"${word}"`).join(', ')}; keep them as written`;
  const length = characterCount(answer);
  if (maxCharacters !== null && length > maxCharacters)
    return `your answer has ${length} characters; at most ${maxCharacters} fit`;
  return null;
}
