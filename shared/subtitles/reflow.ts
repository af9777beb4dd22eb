import type { OutputLanguage } from '../languages';
import { type Cue, spokenSpan } from './cue';
import { groupIntoCues } from './cue-segmentation';
import { timeCues } from './cue-timing';
import { layoutLines, layoutText } from './line-breaking';
import { type ShapingContext, shapingContext } from './shaping-context';
import { MAX_CUE_MS } from './standards';
import { characterCount } from './text-width';
import type { LineToken, Token } from './tokens';

/** Tokens of a cue timed in proportion to their characters: SRT gives no word times. */
function timeProportionally(tokens: readonly LineToken[], cue: Cue): Token[] {
  const total = tokens.reduce((sum, token) => sum + characterCount(token.text), 0) || 1;
  const msPerCharacter = (cue.endMs - cue.startMs) / total;
  let done = 0;
  return tokens.map((token) => {
    const startMs = Math.round(cue.startMs + done * msPerCharacter);
    done += characterCount(token.text);
    return { ...token, startMs, endMs: Math.round(cue.startMs + done * msPerCharacter) };
  });
}

/** A cue that fits stays one cue with new line breaks; a run-on cue (more than 2 lines or 7 s) is split. */
function reshapeCue(cue: Cue, context: ShapingContext): Cue[] {
  const { tokens, layout } = layoutText(cue.text, context);
  if (tokens.length === 0) return [];
  if (layout.fits && cue.endMs - cue.startMs <= MAX_CUE_MS)
    return [{ ...cue, text: layout.lines.join('\n') }];
  // A split cue's pieces are timed in proportion to their characters, within when the words are spoken.
  const spoken = spokenSpan(cue);
  const spokenCue = { ...cue, startMs: spoken.startMs, endMs: spoken.endMs };
  return groupIntoCues(timeProportionally(tokens, spokenCue), context).map((group) => {
    const startMs = group[0]?.startMs ?? spoken.startMs;
    const endMs = group.at(-1)?.endMs ?? spoken.endMs;
    return { startMs, endMs, text: layoutLines(group, context).lines.join('\n'), spoken: { startMs, endMs } };
  });
}

/**
 * Reshapes cues from an SRT file for a language: natural line breaks within the line width, run-on
 * cues split, and the timing rules (5/6 s to 7 s, 80 ms apart). Words are not changed.
 */
export function reflowCues(cues: readonly Cue[], language: OutputLanguage): Cue[] {
  const context = shapingContext(language);
  const sorted = [...cues].sort((a, b) => a.startMs - b.startMs);
  const reshaped = sorted.flatMap((cue) => reshapeCue(cue, context));
  // Generated cues were timed already (with their out-time); SRT cues keep the file's times.
  const spans = timeCues(reshaped, { outTimePaddingMs: 0 });
  return reshaped.map((cue, index) => ({ ...cue, ...(spans[index] ?? cue) }));
}
