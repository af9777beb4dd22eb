/**
 * Every CSV the product writes (the company export, the glossary) is written by these, so each is
 * quoted and kept from running as a formula the same way.
 */

/**
 * One CSV field, quoted when it holds a separator (a comma, or the semicolon spreadsheets of many
 * locales use), a quote, a line break, or spaces at its ends (RFC 4180).
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",;\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(fields: (string | number | null | undefined)[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Text a user typed (a title, a note, a glossary term): a leading =, +, - or @ would run as a formula
 * when the file is opened in a spreadsheet, so such a text starts with a quote mark there.
 */
export function userText(value: string | null): string | null {
  return value !== null && FORMULA_START.test(value) ? `'${value}` : value;
}

/** The text `userText` wrote, read back: a file exported and imported again keeps its terms. */
export function typedText(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}
