import type { SubtitleFormat } from '../schemas/exports';
import { type AssVideo, cuesToAss } from './ass';
import type { Cue } from './cue';
import { writeSrt } from './srt-write';
import { writeTranscript } from './transcript';
import { writeWebVtt } from './webvtt';

export interface SubtitleFileType {
  /** Added to the video's name: `Talk.en` + `.vtt`. */
  suffix: string;
  mimeType: string;
  /** What a download menu calls it. */
  label: string;
}

export const SUBTITLE_FILE_TYPES: Record<SubtitleFormat, SubtitleFileType> = {
  srt: { suffix: '.srt', mimeType: 'application/x-subrip', label: 'SRT (.srt)' },
  vtt: { suffix: '.vtt', mimeType: 'text/vtt', label: 'WebVTT (.vtt)' },
  ass: { suffix: '.ass', mimeType: 'text/x-ssa', label: 'ASS (.ass)' },
  txt: { suffix: '.txt', mimeType: 'text/plain', label: 'Transcript (.txt)' },
  'timed-txt': { suffix: '.timed.txt', mimeType: 'text/plain', label: 'Transcript with times (.txt)' },
  'words-json': { suffix: '.words.json', mimeType: 'application/json', label: 'Words and timings (.json)' },
};

/** The formats written from cues alone; the words-and-timings file needs the recognised words. */
export type CueFileFormat = Exclude<SubtitleFormat, 'words-json'>;

export function isCueFileFormat(format: SubtitleFormat): format is CueFileFormat {
  return format !== 'words-json';
}

/**
 * Cues as a file of the format. The ASS is the burn-in's own script for the video (same fonts, size
 * and layout), so a player shows what the hardcoded video shows.
 */
export function writeCueFile(format: CueFileFormat, cues: readonly Cue[], video: AssVideo): string {
  switch (format) {
    case 'srt':
      return writeSrt(cues);
    case 'vtt':
      return writeWebVtt(cues);
    case 'ass':
      return cuesToAss(cues, video);
    case 'txt':
      return writeTranscript(cues);
    case 'timed-txt':
      return writeTranscript(cues, { timestamps: true });
  }
}
