import { escapeSrtText } from './ass-text';
import { type Cue, inStartOrder } from './cue';
import { positionTag } from './cue-position';
import { formatTimestamp } from './timecode';

export interface SrtWriteOptions {
  lineEnding?: '\n' | '\r\n';
}

/** Clean SRT text lines: trimmed, no empty lines (an empty line would end the cue early). */
export function cleanCueText(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .join('\n');
}

/** Renumbered SRT, one blank line between cues, ending with a line break. Cues without text are left out. */
export function writeSrt(cues: readonly Cue[], options: SrtWriteOptions = {}): string {
  const lineEnding = options.lineEnding ?? '\n';
  const blocks: string[] = [];
  for (const cue of inStartOrder(cues)) {
    const text = cleanCueText(cue.text);
    if (text.length === 0) continue;
    const timing = `${formatTimestamp(cue.startMs)} --> ${formatTimestamp(cue.endMs)}`;
    // ffmpeg, libass and most players read `{\an8}` in SRT as the cue's place; so does inspectSrt.
    const written = escapeSrtText(text);
    blocks.push([String(blocks.length + 1), timing, positionTag(cue.position) + written].join('\n'));
  }
  if (blocks.length === 0) return '';
  const document = `${blocks.join('\n\n')}\n`;
  return lineEnding === '\n' ? document : document.replaceAll('\n', lineEnding);
}
