import { cueList } from './cues-past-end';

/** Characters named before "and N more". */
const LISTED_CHARACTERS = 6;

/** A character's name in the sentence: itself in quotes, and its code for one that may not show. */
function named(character: string): string {
  const code = (character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
  return `"${character}" (U+${code})`;
}

/**
 * The upload's warning (issue 35) for characters no font of ours draws, naming them and their cues;
 * null when every character can be drawn. A warning, not a refusal: the subtitles are kept.
 */
export function missingGlyphsWarning(
  found: readonly { character: string; cues: readonly number[] }[],
): string | null {
  if (found.length === 0) return null;
  const listed = found.slice(0, LISTED_CHARACTERS).map(({ character, cues }) => {
    const where = cues.length === 1 ? `subtitle ${cueList(cues)}` : `subtitles ${cueList(cues)}`;
    return `${named(character)} in ${where}`;
  });
  const more = found.length - listed.length;
  const list = more > 0 ? `${listed.join(', ')} and ${more} more` : listed.join(', ');
  const subject = found.length === 1 ? 'This character has' : 'These characters have';
  return `${subject} no font to draw ${found.length === 1 ? 'it' : 'them'} and will show as an empty box in the video: ${list}.`;
}
