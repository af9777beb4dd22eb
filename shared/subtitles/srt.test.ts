import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Cue, inStartOrder } from './cue';
import { decodeSrtBytes } from './srt-bytes';
import { inspectSrt, parseSrt, SrtError } from './srt-parse';
import { writeSrt } from './srt-write';
import { formatTimestamp, parseTimestamp } from './timecode';

const TWO_CUES =
  '1\n00:00:01,000 --> 00:00:02,500\nHello there.\n\n2\n00:00:03,000 --> 00:00:04,000\nSecond line\nof text.\n';

function errorOf(text: string): SrtError {
  try {
    parseSrt(text);
  } catch (error) {
    if (error instanceof SrtError) return error;
  }
  throw new Error('expected an SrtError');
}

describe('parseSrt', () => {
  it('reads cues with their times and lines', () => {
    expect(parseSrt(TWO_CUES)).toEqual([
      { startMs: 1000, endMs: 2500, text: 'Hello there.' },
      { startMs: 3000, endMs: 4000, text: 'Second line\nof text.' },
    ]);
  });

  it('tolerates a BOM, CRLF, trailing spaces, extra blank lines and no final newline', () => {
    const messy = `\uFEFF\r\n\r\n1  \r\n00:00:01,000 --> 00:00:02,500   \r\nHello there.  \r\n\r\n\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nSecond line \r\nof text.`;
    expect(parseSrt(messy)).toEqual(parseSrt(TWO_CUES));
  });

  it('tolerates missing and wrong sequence numbers', () => {
    const numbering =
      '00:00:01,000 --> 00:00:02,500\nHello there.\n\n7\n00:00:03,000 --> 00:00:04,000\nSecond line\nof text.\n';
    expect(parseSrt(numbering)).toEqual(parseSrt(TWO_CUES));
  });

  it('tolerates a missing blank line between cues', () => {
    const joined =
      '1\n00:00:01,000 --> 00:00:02,500\nHello there.\n2\n00:00:03,000 --> 00:00:04,000\nSecond line\nof text.\n';
    expect(parseSrt(joined)).toEqual(parseSrt(TWO_CUES));
  });

  it('accepts a full stop before the milliseconds and ignores position coordinates', () => {
    expect(parseSrt('1\n00:00:01.5 --> 00:00:02.250 X1:10 X2:20\nHi\n')).toEqual([
      { startMs: 1500, endMs: 2250, text: 'Hi' },
    ]);
  });

  it('keeps text that follows a blank line inside a cue', () => {
    expect(parseSrt('1\n00:00:01,000 --> 00:00:02,000\nFirst\n\nstill first\n')[0]?.text).toBe(
      'First\nstill first',
    );
  });

  it('refuses a reversed cue and names its line', () => {
    const reversed = '1\n00:00:01,000 --> 00:00:02,000\nOne\n\n2\n00:00:02,000 --> 00:00:01,000\nTwo\n';
    const error = errorOf(reversed);
    expect(error.line).toBe(6);
    expect(error.message).toBe('Line 6: end time 00:00:01,000 is before start time 00:00:02,000');
  });

  it('refuses a cue that ends when it starts', () => {
    expect(errorOf('1\n00:00:02,000 --> 00:00:02,000\nZero\n').message).toMatch(
      /^Line 2: end time .* is the same as start time/,
    );
  });

  it('refuses timestamps that do not parse, naming the line', () => {
    expect(
      errorOf('1\n00:00:01,000 --> 00:00:02,000\nOk\n\n2\n00:00:6x,000 --> 00:01:02,000\nBad\n').message,
    ).toBe('Line 6: start time "00:00:6x,000" is not a valid time (expected HH:MM:SS,mmm)');
    expect(errorOf('1\n00:00:01,000 => 00:00:02,000\nArrow\n').line).toBe(2);
    expect(errorOf('1\n00:00:01,000 --> soon\nNo end\n').message).toContain('end time "soon"');
  });

  it('refuses a malformed timing line even without the blank line before it', () => {
    expect(
      errorOf('1\n00:00:01,000 --> 00:00:02,000\nOne\n2\n00:00:03,000 --> 00:00:0x,000\nTwo\n').line,
    ).toBe(5);
  });

  it('refuses text before the first cue and a number without timing', () => {
    expect(errorOf('Hello\n00:00:01,000 --> 00:00:02,000\nHi\n').message).toBe(
      'Line 1: expected a cue number or a timing line, found "Hello"',
    );
    expect(errorOf('1\nHello\n').message).toBe(
      'Line 2: expected a timing line after cue number 1, found "Hello"',
    );
  });

  it('refuses a file without cues', () => {
    expect(errorOf('\n\n  \n').message).toBe('The file contains no subtitles.');
  });

  it('warns about overlapping cues and drops cues without text', () => {
    const text =
      '1\n00:00:01,000 --> 00:00:03,000\nOne\n\n2\n00:00:02,000 --> 00:00:04,000\nTwo\n\n3\n00:00:05,000 --> 00:00:06,000\n';
    const inspection = inspectSrt(text);
    expect(inspection.errors).toEqual([]);
    expect(inspection.cues.map((cue) => cue.text)).toEqual(['One', 'Two']);
    expect(inspection.warnings).toEqual([
      { line: 6, message: 'cue starts before the previous cue ends' },
      { line: 10, message: 'cue has no text and was left out' },
    ]);
  });
});

describe('writeSrt', () => {
  it('writes clean, renumbered SRT with \\n line endings and a final newline', () => {
    const cues: Cue[] = [
      { startMs: 3_723_004, endMs: 3_724_000, text: '  Hello  \n\nworld ' },
      { startMs: 3_725_000, endMs: 3_726_500, text: 'Again' },
    ];
    expect(writeSrt(cues)).toBe(
      '1\n01:02:03,004 --> 01:02:04,000\nHello\nworld\n\n2\n01:02:05,000 --> 01:02:06,500\nAgain\n',
    );
  });

  it('writes CRLF when asked and leaves out cues without text', () => {
    const cues: Cue[] = [
      { startMs: 0, endMs: 1000, text: '  ' },
      { startMs: 1000, endMs: 2000, text: 'Only' },
    ];
    expect(writeSrt(cues, { lineEnding: '\r\n' })).toBe('1\r\n00:00:01,000 --> 00:00:02,000\r\nOnly\r\n');
  });
});

describe('timestamps', () => {
  it('formats and parses back every millisecond value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 359_999_999 }),
        (ms) => parseTimestamp(formatTimestamp(ms)) === ms,
      ),
    );
  });
});

/** Text lines as a cue may hold them: trimmed, not empty, not shaped like a timing line. */
const cueLine = fc
  .string({ minLength: 1, maxLength: 30, unit: 'grapheme' })
  .map((line) => line.replace(/[\r\n]/g, ' ').trim())
  .filter((line) => line.length > 0 && !/^\d[\d:.,]*\s*-->\s*\d/.test(line) && !line.startsWith('\uFEFF'));

const cueArbitrary = fc
  .record({
    startMs: fc.integer({ min: 0, max: 36_000_000 }),
    durationMs: fc.integer({ min: 1, max: 10_000 }),
    lines: fc.array(cueLine, { minLength: 1, maxLength: 3 }),
  })
  .map(({ startMs, durationMs, lines }) => ({
    startMs,
    endMs: startMs + durationMs,
    text: lines.join('\n'),
  }));

describe('SRT round trip', () => {
  it('parses what it writes back to the same cues', () => {
    fc.assert(
      fc.property(fc.array(cueArbitrary, { minLength: 1, maxLength: 8 }), (cues) => {
        // Written in start order (issue 36), so read back in it.
        expect(parseSrt(writeSrt(cues))).toEqual(inStartOrder(cues));
      }),
    );
  });

  it('reads the same cues through BOM, CRLF, spaces, blank lines and wrong numbers', () => {
    const noise = fc.record({
      bom: fc.boolean(),
      crlf: fc.boolean(),
      blank: fc.nat(3),
      number: fc.nat(99),
      spaces: fc.nat(2),
    });
    fc.assert(
      fc.property(
        fc.array(cueArbitrary, { minLength: 1, maxLength: 6 }),
        noise,
        (cues, { bom, crlf, blank, number, spaces }) => {
          const lines = writeSrt(cues).split('\n');
          const messy = lines
            .map(
              (line, index) =>
                (/^\d\d:\d\d:\d\d,\d{3} --> /.test(lines[index + 1] ?? '') ? String(number) : line) +
                ' '.repeat(spaces),
            )
            .join('\n')
            .replaceAll('\n\n', `\n${'\n'.repeat(blank + 1)}`);
          const text = `${bom ? '\uFEFF' : ''}${crlf ? messy.replaceAll('\n', '\r\n') : messy}`;
          expect(parseSrt(text)).toEqual(inStartOrder(cues));
        },
      ),
    );
  });

  it('writes the same file twice (renumbering is idempotent)', () => {
    fc.assert(
      fc.property(fc.array(cueArbitrary, { maxLength: 6 }), (cues) => {
        const once = writeSrt(cues);
        expect(once === '' ? '' : writeSrt(parseSrt(once))).toBe(once);
      }),
    );
  });
});

describe('decodeSrtBytes', () => {
  const encode = (text: string) => new TextEncoder().encode(text);

  it('returns the text of UTF-8 files, with or without a BOM', () => {
    expect(decodeSrtBytes(encode('\uFEFF1\n00:00:01,000 --> 00:00:02,000\nCafé\n'))).toBe(
      '1\n00:00:01,000 --> 00:00:02,000\nCafé\n',
    );
    expect(decodeSrtBytes(encode('日本語'))).toBe('日本語');
  });

  it('refuses an empty or blank file', () => {
    expect(() => decodeSrtBytes(new Uint8Array())).toThrow('The file is empty.');
    expect(() => decodeSrtBytes(encode(' \n\n'))).toThrow('The file contains only blank space.');
  });

  it('names the line of the first byte that is not UTF-8', () => {
    const latin1 = new Uint8Array([...encode('1\n00:00:01,000 --> 00:00:02,000\nCaf'), 0xe9, 0x0a]);
    expect(() => decodeSrtBytes(latin1)).toThrow(
      'Line 3: the file is not valid UTF-8 (byte 0xE9 at offset 35); save it as UTF-8.',
    );
  });

  it('refuses overlong forms, surrogates and UTF-16', () => {
    expect(() => decodeSrtBytes(new Uint8Array([0x41, 0xc0, 0xaf]))).toThrow(/offset 1/);
    expect(() => decodeSrtBytes(new Uint8Array([0xed, 0xa0, 0x80]))).toThrow(/offset 0/);
    expect(() => decodeSrtBytes(new Uint8Array([0xff, 0xfe, 0x31, 0x00]))).toThrow(
      'The file is UTF-16 text; save it as UTF-8.',
    );
  });

  it('refuses a NUL byte but in a WebVTT file, whose signature shows it is text (the spec shows U+FFFD)', () => {
    expect(() => decodeSrtBytes(encode('1\n00:00:01,000 --> 00:00:02,000\nA\0B\n'))).toThrow(
      'Line 3: the file contains a NUL byte; it is not a text file.',
    );
    expect(decodeSrtBytes(encode('WEBVTT\n\n00:01.000 --> 00:02.000\nA\0B\n'))).toContain('A\uFFFDB');
    expect(() => decodeSrtBytes(encode('WEBVTT\0\n\n00:01.000 --> 00:02.000\nAB\n'))).toThrow(/NUL byte/);
  });

  it('accepts every well-formed UTF-8 string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 1 }), (text) => {
        fc.pre(text.trim().length > 0 && !text.includes('\0'));
        expect(decodeSrtBytes(encode(text))).toBe(text.replace(/^\uFEFF/, ''));
      }),
    );
  });
});

describe('SRT text as its writer escapes it (issue 36)', () => {
  it('reads character references as the characters they stand for', () => {
    const [cue] = parseSrt('1\n00:00:01,000 --> 00:00:02,000\nCaf&#233; &quot;ouvert&quot; &amp; &#x263A;\n');
    expect(cue?.text).toBe('Café "ouvert" & ☺');
  });

  it('reads back the braces, codes and tags it wrote, as the user typed them', () => {
    const typed = '{b} {\\an8} \\N <x> <2 a> C:\\x & }{';
    const [cue] = parseSrt(writeSrt([{ startMs: 0, endMs: 1000, text: typed }]));
    expect(cue?.text).toBe(typed);
    expect(cue?.position).toBeUndefined();
  });
});
