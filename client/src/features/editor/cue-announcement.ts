import { type EditorCue, parseMarkup } from '../../../../shared/subtitles/editor';
import { formatCueTime } from './time-text';

const problemWords = (count: number) =>
  count === 0 ? 'no problems' : count === 1 ? '1 problem' : `${count} problems`;

/** What a screen reader says of a cue row: its number, times, place and how many rules it breaks. */
export function cueRowLabel(cue: EditorCue, number: number, problemCount: number): string {
  const place = cue.position === 8 ? ', at the top' : '';
  return `Cue ${number}, ${formatCueTime(cue.startMs)} to ${formatCueTime(cue.endMs)}${place}, ${problemWords(problemCount)}`;
}

/**
 * Said politely when the selection moves to a cue: where it is, its text as shown and how many rules
 * it breaks (the row itself describes them). It stays in the page after typing changes the cue, so
 * it holds no figures that typing makes wrong.
 */
export function selectedCueAnnouncement(
  cue: EditorCue,
  number: number,
  total: number,
  problemCount: number,
): string {
  const text = parseMarkup(cue.text).text.replace(/\n/g, ' ').trim() || 'no text';
  return `Cue ${number} of ${total}, ${formatCueTime(cue.startMs)} to ${formatCueTime(cue.endMs)}: ${text}. ${problemWords(problemCount)}.`;
}
