import { breakBackslashEscapes } from './ass-text';
import { type Cue, type CuePosition, inStartOrder } from './cue';
import { cleanCueText } from './srt-write';

/** SRT's own styling tags are WebVTT tags too and stay; every other `<`, `>` and `&` is text. */
const STYLE_TAG = /(<\/?[ibu]>)/i;
const FONT_TAG = /<\/?font(?:\s[^>]*)?>/gi;

/** WebVTT time: HH:MM:SS.mmm. */
export function formatWebVttTime(totalMs: number): string {
  const ms = Math.max(0, Math.round(totalMs));
  const pad = (value: number, digits = 2) => String(value).padStart(digits, '0');
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor(ms / 60_000) % 60;
  const seconds = Math.floor(ms / 1000) % 60;
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(ms % 1000, 3)}`;
}

/**
 * Escapes cue text as WebVTT requires: `&`, `<` and `>` become character references, which also
 * keeps `-->` out of the text. ffmpeg escapes braces itself but passes `\N` on to libass as a break.
 */
export function escapeWebVttText(text: string): string {
  return breakBackslashEscapes(text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;'));
}

function webVttLine(line: string): string {
  return line
    .replace(FONT_TAG, '')
    .split(STYLE_TAG)
    .map((part) => (STYLE_TAG.test(part) ? part.toLowerCase() : escapeWebVttText(part)))
    .join('');
}

/** A cue's place as WebVTT settings: the row as `line`, the column as `align` (read back by webvtt-parse.ts). */
export function webVttSettings(position: CuePosition | undefined): string {
  if (position === undefined) return '';
  const row = Math.floor((position - 1) / 3);
  const column = (position - 1) % 3;
  const settings = [
    row === 2 ? 'line:0' : row === 1 ? 'line:50%' : '',
    ['align:left', '', 'align:right'][column] ?? '',
  ];
  const written = settings.filter(Boolean).join(' ');
  return written ? ` ${written}` : '';
}

/** A WebVTT file: header, then numbered cues; cues without text are left out, as in the SRT. */
export function writeWebVtt(cues: readonly Cue[]): string {
  const blocks = ['WEBVTT'];
  // WebVTT requires cues in order of their start.
  for (const cue of inStartOrder(cues)) {
    const text = cleanCueText(cue.text);
    if (text.length === 0) continue;
    const timing = `${formatWebVttTime(cue.startMs)} --> ${formatWebVttTime(cue.endMs)}${webVttSettings(cue.position)}`;
    blocks.push([String(blocks.length), timing, text.split('\n').map(webVttLine).join('\n')].join('\n'));
  }
  return `${blocks.join('\n\n')}\n`;
}
