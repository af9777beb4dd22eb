import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { decodeSubtitleBytes } from '../../shared/subtitles/subtitle-encoding';
import { readSubtitleText, type SubtitleReading } from '../../shared/subtitles/subtitle-in';
import { SUBTITLE_FILE_LIMITS } from '../../shared/subtitles/text-lines';
import { media } from './media';

/**
 * The corpus of real-world subtitle cases (test/fixtures/subtitle-cases/, issue 36): each fixture,
 * the case it stands for and the public suite that exercises that case, as its README table lists them.
 */
export const CASES_DIR = path.join(import.meta.dirname, '../fixtures/subtitle-cases');

export interface SubtitleCase {
  file: string;
  /** A legacy encoding the file is written in (an iconv name ffmpeg's -sub_charenc takes), or null. */
  encoding: string | null;
  description: string;
  suites: string;
}

/** The README's table rows: `| file | encoding | case | exercised by |`. */
export function listedCases(): SubtitleCase[] {
  const readme = readFileSync(path.join(CASES_DIR, 'README.md'), 'utf8');
  return readme
    .split('\n')
    .filter((line) => /^\| `[^`]+` \|/.test(line))
    .map((line) => {
      const [file = '', encoding = '', description = '', suites = ''] = line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim());
      return {
        file: file.replace(/`/g, ''),
        encoding: encoding === '' || encoding === 'UTF-8' ? null : encoding,
        description,
        suites,
      };
    });
}

export function fixtureFiles(): string[] {
  return readdirSync(CASES_DIR)
    .filter((name) => /\.(srt|vtt|ass|ssa)$/.test(name))
    .sort();
}

/** A fixture as an upload reads it (bytes decoded, then read leniently within the limits): a reading with notes, or a refusal (an SrtError). */
export function readFixtureAsUpload(file: string): SubtitleReading {
  const decoded = decodeSubtitleBytes(readFileSync(path.join(CASES_DIR, file)));
  const reading = readSubtitleText(decoded.text, { limits: SUBTITLE_FILE_LIMITS });
  return { ...reading, notes: [...decoded.notes, ...reading.notes] };
}

export interface ComparableCue {
  startMs: number;
  endMs: number;
  /** Tags and override blocks removed, line breaks and runs of white space one space. */
  text: string;
}

/** ffmpeg's demuxer for a fixture, by its suffix (the product tells formats by content). */
const DEMUXERS: Record<string, string> = { '.srt': 'srt', '.vtt': 'webvtt', '.ass': 'ass', '.ssa': 'ass' };

/** Markup, not text: the tags SRT and WebVTT style with, WebVTT's inline times, ASS override blocks. */
const MARKUP = /<\/?(?:i|b|u|s|c|v|lang|ruby|rt|font)(?:[\s.][^>]*)?>|<\d+:[\d:.]+>|\{\\[^}]*\}/gi;

/** Cue text reduced to what a viewer reads: no markup, line breaks and runs of white space one space. */
export function normaliseText(text: string): string {
  return text
    .replace(MARKUP, '')
    .replace(/\\([{}])/g, '$1')
    .replace(/\\[Nnh]/g, ' ')
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
}

const FFMPEG_SRT_TIME = /^(\d+):(\d{2}):(\d{2}),(\d{3}) --> (\d+):(\d{2}):(\d{2}),(\d{3})$/;

function milliseconds(hours = '0', minutes = '0', seconds = '0', fraction = '0'): number {
  return ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000 + Number(fraction);
}

/** ffmpeg's own SRT output, which is regular: a number, a timing line, text lines, a blank line. */
function cuesOfFfmpegSrt(srt: string): ComparableCue[] {
  const cues: ComparableCue[] = [];
  const lines = srt.replace(/\r\n/g, '\n').split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const timing = FFMPEG_SRT_TIME.exec(lines[index] ?? '');
    if (!timing) continue;
    let next = index + 1;
    while (next < lines.length && !FFMPEG_SRT_TIME.test(lines[next + 1] ?? '')) next += 1;
    const text = lines.slice(index + 1, next);
    while (text.at(-1) === '') text.pop();
    const [, h1, m1, s1, f1, h2, m2, s2, f2] = timing;
    cues.push({
      startMs: milliseconds(h1, m1, s1, f1),
      endMs: milliseconds(h2, m2, s2, f2),
      text: normaliseText(text.join('\n')),
    });
    index = next - 1;
  }
  return cues;
}

const run = promisify(execFile);

/** A fixture as real ffmpeg reads it (`-f <demuxer> -i case -f srt -`), or why it could not. */
export async function readByFfmpeg(
  item: Pick<SubtitleCase, 'file' | 'encoding'>,
): Promise<{ cues: ComparableCue[] } | { error: string }> {
  const demuxer = DEMUXERS[path.extname(item.file)] ?? 'srt';
  const args = ['-nostdin', '-v', 'error', '-f', demuxer];
  if (item.encoding) args.push('-sub_charenc', item.encoding);
  args.push('-i', path.join(CASES_DIR, item.file), '-f', 'srt', '-');
  try {
    const { stdout } = await run(media.ffmpeg, args, { encoding: 'utf8', maxBuffer: 8 * 1024 * 1024 });
    return { cues: cuesOfFfmpegSrt(stdout) };
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? String(error);
    return { error: stderr.trim().split('\n').at(-1) ?? 'ffmpeg failed' };
  }
}

/** ffmpeg rounds ASS times to centiseconds; every other format it keeps to the millisecond. */
export const TIME_TOLERANCE_MS = 10;

/** Why two readings of one file differ, in a sentence; null when they agree. */
export function difference(product: ComparableCue[], ffmpeg: ComparableCue[]): string | null {
  const order = (a: ComparableCue, b: ComparableCue) =>
    a.startMs - b.startMs || a.endMs - b.endMs || a.text.localeCompare(b.text);
  const ours = [...product].sort(order);
  const theirs = [...ffmpeg].sort(order);
  if (ours.length !== theirs.length)
    return `the product read ${ours.length} cues, ffmpeg ${theirs.length}: ${JSON.stringify(ours)} / ${JSON.stringify(theirs)}`;
  for (const [index, cue] of ours.entries()) {
    const other = theirs[index] as ComparableCue;
    if (
      Math.abs(cue.startMs - other.startMs) > TIME_TOLERANCE_MS ||
      Math.abs(cue.endMs - other.endMs) > TIME_TOLERANCE_MS
    )
      return `cue ${index + 1}: the product ${cue.startMs}–${cue.endMs} ms, ffmpeg ${other.startMs}–${other.endMs} ms`;
    if (cue.text !== other.text)
      return `cue ${index + 1}: the product ${JSON.stringify(cue.text)}, ffmpeg ${JSON.stringify(other.text)}`;
  }
  return null;
}
