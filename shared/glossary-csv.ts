import { csvLine, typedText, userText } from './csv';
import { OUTPUT_LANGUAGE_CODES, type OutputLanguage } from './languages';
import type { GlossaryTerm, GlossaryTermInput } from './schemas/glossary';

/** The columns of a glossary CSV: the term, whether it is kept as written, one column per output language. */
export const GLOSSARY_CSV_COLUMNS = ['term', 'keep_as_written', ...OUTPUT_LANGUAGE_CODES] as const;

/** RFC 4180 CSV, a header row first, CRLF line ends; no term runs as a spreadsheet formula. */
export function glossaryToCsv(terms: readonly GlossaryTerm[]): string {
  const rows = terms.map((term) =>
    csvLine([
      userText(term.term),
      term.keepAsWritten ? 'yes' : 'no',
      ...OUTPUT_LANGUAGE_CODES.map((language) => userText(term.translations[language] ?? '')),
    ]),
  );
  return [csvLine([...GLOSSARY_CSV_COLUMNS]), ...rows].join('');
}

/** Splits CSV text into rows of fields (quotes, doubled quotes, commas and line breaks inside quotes). */
export function parseCsvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let inQuotes = false;
  const source = text.replace(/^\uFEFF/, '');
  for (let index = 0; index < source.length; index++) {
    const character = source[index];
    if (inQuotes) {
      if (character === '"' && source[index + 1] === '"') {
        field += '"';
        index++;
      } else if (character === '"') inQuotes = false;
      else field += character;
    } else if (character === '"' && field === '') inQuotes = true;
    else if (character === ',' || character === ';') {
      row.push(field);
      field = '';
    } else if (character === '\n' || character === '\r') {
      if (character === '\r' && source[index + 1] === '\n') index++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += character;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((cells) => cells.some((cell) => cell.trim() !== ''));
}

export type CsvReading = { ok: true; terms: GlossaryTermInput[] } | { ok: false; error: string };

const YES = new Set(['yes', 'true', '1', 'y', 'ja', 'x']);
const NO = new Set(['no', 'false', '0', 'n', 'nee', '']);

/**
 * A glossary CSV (as exported, or written by hand with at least a `term` column) to terms; an error
 * names the line. Rows without translations and without a keep column are kept as written.
 */
export function glossaryFromCsv(text: string): CsvReading {
  const [header, ...rows] = parseCsvRows(text);
  if (!header) return { ok: false, error: 'The file is empty' };
  const columns = header.map((cell) => cell.trim().toLowerCase());
  const termColumn = columns.indexOf('term');
  if (termColumn < 0) return { ok: false, error: 'The first line must name the columns, one of them "term"' };
  const keepColumn = columns.indexOf('keep_as_written');
  const languageColumns = OUTPUT_LANGUAGE_CODES.flatMap((language) => {
    const column = columns.indexOf(language);
    return column >= 0 ? [[language, column] as [OutputLanguage, number]] : [];
  });
  const terms: GlossaryTermInput[] = [];
  for (const [offset, cells] of rows.entries()) {
    const line = offset + 2;
    const term = typedText((cells[termColumn] ?? '').trim());
    if (!term) return { ok: false, error: `Line ${line}: the term is empty` };
    const translations = Object.fromEntries(
      languageColumns.flatMap(([language, column]) => {
        const value = typedText((cells[column] ?? '').trim());
        return value ? [[language, value]] : [];
      }),
    );
    const keepCell = keepColumn >= 0 ? (cells[keepColumn] ?? '').trim().toLowerCase() : '';
    if (!YES.has(keepCell) && !NO.has(keepCell))
      return { ok: false, error: `Line ${line}: keep_as_written must be yes or no, not "${keepCell}"` };
    const hasTranslations = Object.keys(translations).length > 0;
    if (YES.has(keepCell) && hasTranslations)
      return { ok: false, error: `Line ${line}: a term kept as written has no translations` };
    terms.push({ term, keepAsWritten: !hasTranslations, translations });
  }
  return { ok: true, terms };
}
