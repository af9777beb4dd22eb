import type { CuePosition } from './cue';

/** `{\an8}`: ASS's numpad alignment, which ffmpeg, libass and most players read in SRT too. */
const NUMPAD = /\\an([1-9])/g;
/** SSA's older `{\a6}`: 1–3 bottom, 5–7 top (+4), 9–11 middle (+8). */
const LEGACY = /\\a(\d{1,2})(?!\d)/g;
const LEGACY_TO_NUMPAD: Record<number, number> = { 1: 1, 2: 2, 3: 3, 5: 7, 6: 8, 7: 9, 9: 4, 10: 5, 11: 6 };

/** The position an override block sets, if it sets one; 2 (bottom centre) is the default place. */
export function positionIn(block: string): CuePosition | undefined | null {
  let found: number | null = null;
  for (const [, digit = ''] of block.matchAll(NUMPAD)) found = Number(digit);
  if (found === null) {
    for (const [, code = ''] of block.matchAll(LEGACY)) found = LEGACY_TO_NUMPAD[Number(code)] ?? found;
  }
  if (found === null) return null;
  return found === 2 ? undefined : (found as CuePosition);
}

/** An override block of ASS (`{\…}`), which ffmpeg also obeys in SRT. */
const OVERRIDE_BLOCK = /\{\\[^}]*\}/g;

/**
 * SRT text with its `{\…}` override blocks taken out, as ffmpeg reads them: the position they set
 * is kept apart, every other override (colour, font, karaoke) dropped.
 */
export function takeOverrideBlocks(text: string): { text: string; position: CuePosition | undefined | null } {
  let position: CuePosition | undefined | null = null;
  const stripped = text.replace(OVERRIDE_BLOCK, (block) => {
    const set = positionIn(block);
    if (set !== null) position = set;
    return '';
  });
  return { text: stripped, position };
}

export function positionTag(position: CuePosition | undefined): string {
  return position === undefined ? '' : `{\\an${position}}`;
}
