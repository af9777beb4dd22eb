import { describe, expect, it } from 'vitest';
import { csvLine, userText } from './csv';

describe('CSV lines', () => {
  it('quotes separators, quotes and line breaks, and leaves empty values empty', () => {
    expect(csvLine([1, 'plain', 'a,b', 'say "hi"', 'two\nlines', null, undefined, '-1.50'])).toBe(
      '1,plain,"a,b","say ""hi""","two\nlines",,,-1.50\r\n',
    );
  });

  it('keeps a typed text from running as a spreadsheet formula', () => {
    expect(userText('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")');
    expect(userText('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(userText('Quarterly talk')).toBe('Quarterly talk');
    expect(userText(null)).toBeNull();
  });
});
