import { z } from 'zod';
import { OUTPUT_LANGUAGE_CODES, type OutputLanguage } from '../languages';

/** Our choice: enough for a company's brands and jargon, small enough to send with every request. */
export const MAX_GLOSSARY_TERMS = 300;
export const MAX_TERM_LENGTH = 100;

const termText = z
  .string()
  .trim()
  .min(1, 'Write the term')
  .max(MAX_TERM_LENGTH, `At most ${MAX_TERM_LENGTH} characters`)
  .refine((text) => !/[\r\n]/.test(text), 'One line only');

export const glossaryTranslations = z.partialRecord(z.enum(OUTPUT_LANGUAGE_CODES), termText);

/** One glossary term as the screens and CSV import send it. */
export const glossaryTermInput = z
  .object({
    term: termText,
    /** Written exactly like this in every language (a brand or product name). */
    keepAsWritten: z.boolean(),
    /** Its fixed translation per output language; languages left out are translated freely. */
    translations: glossaryTranslations.default({}),
  })
  .refine((input) => input.keepAsWritten || Object.keys(input.translations).length > 0, {
    message: 'Keep the term as written, or give at least one translation',
    path: ['translations'],
  })
  .refine((input) => !input.keepAsWritten || Object.keys(input.translations).length === 0, {
    message: 'A term kept as written has no translations',
    path: ['translations'],
  });

export type GlossaryTermInput = z.infer<typeof glossaryTermInput>;

export interface GlossaryTerm {
  id: number;
  term: string;
  keepAsWritten: boolean;
  translations: Partial<Record<OutputLanguage, string>>;
}

/** Which company's glossary: one's own when left out (admins name any company). */
export const glossaryScope = z.object({ companyId: z.number().int().positive().optional() });
