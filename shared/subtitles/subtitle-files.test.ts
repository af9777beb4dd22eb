import { describe, expect, it } from 'vitest';
import { SUBTITLE_FORMATS } from '../schemas/exports';
import { cuesToAss } from './ass';
import type { Cue } from './cue';
import { languageProfile } from './language-profile';
import { parseSrt } from './srt-parse';
import { isCueFileFormat, SUBTITLE_FILE_TYPES, writeCueFile } from './subtitle-files';

/** An ASS script read the way libass reads one: sections, each `Format:` naming the fields of its lines. */
function parseAss(script: string) {
  const sections = new Map<string, string[]>();
  let current: string[] = [];
  for (const line of script.split('\n')) {
    const heading = /^\[(.+)\]$/.exec(line);
    if (heading) {
      current = [];
      sections.set(heading[1] ?? '', current);
    } else if (line.trim()) current.push(line);
  }
  const table = (name: string, kind: string) => {
    const lines = sections.get(name) ?? [];
    const format = (lines.find((line) => line.startsWith('Format: ')) ?? '').slice(8).split(', ');
    return lines
      .filter((line) => line.startsWith(`${kind}: `))
      .map((line) => {
        const values = line.slice(kind.length + 2).split(',');
        // The last field (a Dialogue's Text) keeps its commas.
        const fields = [...values.slice(0, format.length - 1), values.slice(format.length - 1).join(',')];
        if (values.length < format.length) throw new Error(`${kind} has too few fields: ${line}`);
        return Object.fromEntries(format.map((name, index) => [name, fields[index] ?? '']));
      });
  };
  const info = Object.fromEntries(
    (sections.get('Script Info') ?? []).map((line) => line.split(': ') as [string, string]),
  );
  return { info, styles: table('V4+ Styles', 'Style'), events: table('Events', 'Dialogue') };
}

const assTime = (text: string) => {
  const [hours = 0, minutes = 0, seconds = 0] = text.split(':').map(Number);
  return Math.round(((hours * 60 + minutes) * 60 + seconds) * 1000);
};

describe('subtitle files', () => {
  const video = { width: 1080, height: 1920, language: 'th' as const };
  const cues: Cue[] = [
    { startMs: 1000, endMs: 2500, text: 'สวัสดีครับ\nยินดีต้อนรับ' },
    { startMs: 3000, endMs: 4010, text: 'Commas, too, stay' },
  ];

  it("writes the burn-in's own ASS, which re-parses with the video's size, font and cue times", () => {
    const ass = writeCueFile('ass', cues, video);
    expect(ass).toBe(cuesToAss(cues, video));
    const parsed = parseAss(ass);
    expect(parsed.info).toMatchObject({ ScriptType: 'v4.00+', PlayResX: '1080', PlayResY: '1920' });
    expect(parsed.styles).toHaveLength(1);
    expect(parsed.styles[0]?.Fontname).toBe(languageProfile('th').fontFamily);
    expect(
      parsed.events.map((event) => [assTime(event.Start ?? ''), assTime(event.End ?? ''), event.Text]),
    ).toEqual([
      [1000, 2500, 'สวัสดีครับ\\Nยินดีต้อนรับ'],
      // An English cue in a Thai file is drawn in the Latin face (issue 35).
      [3000, 4010, '{\\fnNoto Sans Medium}Commas, too, stay'],
    ]);
  });

  it('writes the SRT as the SRT writer does, and every format the cues alone make', () => {
    expect(parseSrt(writeCueFile('srt', cues, video)).map((cue) => cue.text)).toEqual(
      cues.map((cue) => cue.text),
    );
    expect(writeCueFile('vtt', cues, video)).toMatch(/^WEBVTT\n/);
    expect(writeCueFile('txt', cues, video)).toBe('สวัสดีครับ ยินดีต้อนรับ Commas, too, stay\n');
    expect(writeCueFile('timed-txt', cues, video)).toBe('[00:00:01] สวัสดีครับ ยินดีต้อนรับ Commas, too, stay\n');
    expect(SUBTITLE_FORMATS.filter((format) => !isCueFileFormat(format))).toEqual(['words-json']);
    expect(new Set(SUBTITLE_FORMATS.map((format) => SUBTITLE_FILE_TYPES[format].suffix)).size).toBe(
      SUBTITLE_FORMATS.length,
    );
  });
});
