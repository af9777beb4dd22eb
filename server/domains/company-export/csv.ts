/** One CSV field, quoted when it holds a separator, a quote or a line break (RFC 4180). */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(fields: (string | number | null | undefined)[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/**
 * Text a user typed (a title, a note): a leading =, +, - or @ would run as a formula when the file
 * is opened in a spreadsheet, so such a text starts with a quote mark there.
 */
export function userText(value: string | null): string | null {
  return value !== null && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
