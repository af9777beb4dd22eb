import { z } from 'zod';
import { MAX_SUBTITLE_CUE_TEXT, MAX_SUBTITLE_CUES, MAX_SUBTITLE_TEXT } from '../limits';
import type { CuePosition } from '../subtitles/cue';
import { id } from './accounts';
import { styleChoice } from './subtitle-styles';
import { addedLanguage } from './video-languages';

/** The most cues a draft holds, and the most characters of one cue's text. */
export const MAX_DRAFT_CUES = MAX_SUBTITLE_CUES;
export const MAX_CUE_TEXT = MAX_SUBTITLE_CUE_TEXT;
/** No cue of a video of at most 30 minutes (PRODUCT.md §9) ends near this; it keeps times sane. */
const MAX_CUE_MS = 24 * 60 * 60 * 1000;

/** What the editor answers in plain words. */
export const EDITOR_TEXTS = {
  changedElsewhere: "This video's subtitles were changed in another tab or browser. Reload to see them.",
  notReady: 'The subtitles are still being made; you can edit them when they are done.',
  nothingToBurnIn: 'There are no saved edits to burn in.',
  emptyDraft: 'The subtitles have no text: write at least one subtitle before burning them in.',
  /** A video this browser cannot play (HEVC outside Safari, say), while a copy it can play is made: its codec is not guessed. */
  makingPreview:
    "This browser cannot play this video's file. A copy it can play is being made and appears here by itself; meanwhile you can edit, time and save the subtitles.",
  /** No playable copy came. */
  previewFailed:
    'No copy of this video that this browser can play could be made. You can still edit and save the subtitles, and the video is burned in on the server as usual.',
  /** The browser cannot play the source's file at all. */
  unplayable:
    "This browser cannot play this file's format, so it is not heard or shown here. You can still edit and save the subtitles.",
  /** An added language (issue 40) still being translated. */
  languageNotReady:
    'The subtitles in this language are still being made; you can edit them when they are done.',
  /** An added language is burned from My Videos, charged; the editor's burn-in is the video's own. */
  languageNotBurned:
    'Subtitles in an added language are saved as a new version here; burn them in with “Burn in this language” in My Videos.',
} as const;

/**
 * Which subtitles the editor works on (issue 40): absent, or the video's own subtitles' language, for
 * its own; else one of the languages added to it, once translated.
 */
const editedLanguage = addedLanguage.optional();

/** A video in the editor, in one of its languages. */
export const editorVideoInput = z.object({ id, language: editedLanguage });

/** One cue as the editor saves it: whole milliseconds from the start of the video. */
export const editorCue = z
  .strictObject({
    startMs: z.number().int().min(0).max(MAX_CUE_MS),
    endMs: z.number().int().min(1).max(MAX_CUE_MS),
    text: z.string().max(MAX_CUE_TEXT, `A subtitle holds at most ${MAX_CUE_TEXT} characters`),
    /** Where the file placed it, as ASS numbers it (`{\an8}`: top centre); 2, the style's place, is left out. */
    position: z.literal([1, 3, 4, 5, 6, 7, 8, 9] as const satisfies readonly CuePosition[]).optional(),
  })
  .refine((cue) => cue.endMs > cue.startMs, {
    message: 'A subtitle must end after it starts',
    path: ['endMs'],
  });
export type EditorCue = z.infer<typeof editorCue>;

export const draftCues = z
  .array(editorCue)
  .max(MAX_DRAFT_CUES, `A draft holds at most ${MAX_DRAFT_CUES} subtitles`)
  .refine((cues) => cues.reduce((sum, cue) => sum + cue.text.length, 0) <= MAX_SUBTITLE_TEXT, {
    message: `The subtitles may hold at most ${MAX_SUBTITLE_TEXT.toLocaleString('en')} characters of text in all`,
  });

/** The draft revision the client last saw: 0 when there was no draft. */
const seenRevision = z.number().int().min(0);

export const saveDraftInput = z.object({
  id,
  language: editedLanguage,
  cues: draftCues,
  revision: seenRevision,
  /**
   * Optional: the subtitle version the client's cues started from. Given with revision 0, a draft is
   * refused as changed elsewhere when a newer version was made meanwhile.
   */
  baseVersion: z.number().int().min(0).optional(),
});
export type SaveDraftInput = z.input<typeof saveDraftInput>;

/** `style`: burn in with another subtitle style (shared/subtitles/subtitle-style.ts) too. */
export const saveAndBurnInInput = z.object({
  id,
  language: editedLanguage,
  revision: seenRevision,
  style: styleChoice.optional(),
});
export const versionInput = z.object({ id, versionId: id, language: editedLanguage });

/** The price of re-burning the draft at `revision` (or, with revision 0 and a style, the latest version). */
export const reburnQuoteInput = saveAndBurnInInput;
/** A re-burn bought past the free revisions, at the price the user confirmed (issue 39). */
export const buyReburnInput = saveAndBurnInInput.extend({
  priceCents: z.number().int().min(0).max(100_000_000),
});
