import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSrt } from './srt-parse';
import { decodeSubtitleBytes } from './subtitle-encoding';
import { readSubtitleText } from './subtitle-in';

/** Issue 36: UTF-16 and the common legacy encodings are converted, saying which was read; the files were made with iconv. */
const bytesOf = (name: string) =>
  new Uint8Array(readFileSync(path.join(import.meta.dirname, '../../test/fixtures/subtitles', name)));

describe('decodeSubtitleBytes', () => {
  it('lets no NUL out of a WebVTT file, whichever reader takes the text (PostgreSQL text cannot hold one)', () => {
    const bytes = new TextEncoder().encode('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nA\0B\n');
    const decoded = decodeSubtitleBytes(bytes);
    expect(decoded.text).not.toContain('\0');
    expect(decoded.notes).toEqual([
      'Line 4: a NUL character, which text should not hold, is shown as \uFFFD',
    ]);
    for (const format of ['webvtt', 'srt'] as const) {
      const { cues } = readSubtitleText(decoded.text, { format });
      expect(cues.map((cue) => cue.text).join(''), format).not.toContain('\0');
    }
  });

  it.each([
    ['utf16le-bom.srt', ['Hello, wörld'], 'The file was UTF-16 text: it was converted.'],
    ['utf16be-bom.srt', ['Hello, wörld'], 'The file was UTF-16 text: it was converted.'],
    [
      'cp1252-fr.srt',
      ['Café crème, à bientôt', 'Ça va très bien'],
      'The file is not UTF-8: it was read as Windows-1252 (Western European).',
    ],
    [
      'cp1251-ru.srt',
      ['Привет, как дела?', 'Всё хорошо, спасибо'],
      'The file is not UTF-8: it was read as Windows-1251 (Cyrillic).',
    ],
    [
      'shift-jis-ja.srt',
      ['こんにちは、元気ですか', '東京で会いましょう'],
      'The file is not UTF-8: it was read as Shift-JIS (Japanese).',
    ],
    [
      'gb18030-zh.srt',
      ['我们今天讨论这个问题', '他们说这个时候会来'],
      'The file is not UTF-8: it was read as GB18030 (Simplified Chinese).',
    ],
    [
      'big5-zh.srt',
      ['我們今天討論這個問題', '他們說這個時候會來'],
      'The file is not UTF-8: it was read as Big5 (Traditional Chinese).',
    ],
  ])('reads %s and says how', (name, texts, note) => {
    const decoded = decodeSubtitleBytes(bytesOf(name));
    expect(parseSrt(decoded.text).map((cue) => cue.text)).toEqual(texts);
    expect(decoded.notes).toEqual([note]);
  });

  it('reads UTF-8 as it is, saying nothing', () => {
    expect(
      decodeSubtitleBytes(new TextEncoder().encode('\uFEFF1\n00:00:01,000 --> 00:00:02,000\nCafé\n')),
    ).toEqual({
      text: '1\n00:00:01,000 --> 00:00:02,000\nCafé\n',
      notes: [],
    });
  });

  it('still refuses bytes whose encoding is not clear, naming the first that is not UTF-8', () => {
    const unclear = new Uint8Array([0x31, 0x0a, 0x80, 0x81, 0x82, 0x83, 0x0a]);
    expect(() => decodeSubtitleBytes(unclear)).toThrow(
      'Line 2: the file is not valid UTF-8 (byte 0x80 at offset 2); save it as UTF-8.',
    );
  });
});
