import type { Cue } from './cue';
import { cleanCueText } from './srt-write';

/** A silence at least this long between two cues starts a new paragraph. */
export const PARAGRAPH_PAUSE_MS = 2000;

const MARKUP = /<\/?(?:[ibu]|font(?:\s[^>]*)?)>/gi;
/** Scripts written without spaces between words: their pieces join without one. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;

export interface TranscriptOptions {
  /** Starts each paragraph with the time its first cue is shown, `[00:01:23]`. */
  timestamps?: boolean;
}

/** `[HH:MM:SS]`, the second the paragraph starts in. */
export function formatParagraphTime(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `[${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}]`;
}

function joinPieces(pieces: readonly string[]): string {
  let joined = '';
  for (const piece of pieces) {
    const unspaced = UNSPACED.test(joined.at(-1) ?? '') || UNSPACED.test(piece[0] ?? '');
    joined += joined && !unspaced ? ` ${piece}` : piece;
  }
  return joined;
}

function plainLines(cue: Cue): string[] {
  return cleanCueText(cue.text.replace(MARKUP, '')).split('\n').filter(Boolean);
}

/**
 * Plain text of the subtitles: a cue's lines and neighbouring cues joined into paragraphs, a new
 * paragraph after a pause of PARAGRAPH_PAUSE_MS or more; paragraphs separated by a blank line.
 */
export function writeTranscript(cues: readonly Cue[], options: TranscriptOptions = {}): string {
  const paragraphs: { startMs: number; lines: string[] }[] = [];
  let previousEndMs = Number.NEGATIVE_INFINITY;
  for (const cue of [...cues].sort((a, b) => a.startMs - b.startMs)) {
    const lines = plainLines(cue);
    if (lines.length === 0) continue;
    const current = paragraphs.at(-1);
    if (current && cue.startMs - previousEndMs < PARAGRAPH_PAUSE_MS) current.lines.push(...lines);
    else paragraphs.push({ startMs: cue.startMs, lines });
    previousEndMs = Math.max(previousEndMs, cue.endMs);
  }
  if (paragraphs.length === 0) return '';
  const texts = paragraphs.map((paragraph) => {
    const text = joinPieces(paragraph.lines);
    return options.timestamps ? `${formatParagraphTime(paragraph.startMs)} ${text}` : text;
  });
  return `${texts.join('\n\n')}\n`;
}
