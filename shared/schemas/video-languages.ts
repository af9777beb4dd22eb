import { z } from 'zod';
import { OUTPUT_LANGUAGE_CODES, type OutputLanguage } from '../languages';
import { id } from './accounts';

/**
 * More languages per video (issue 40): a finished video's current subtitles translated into another
 * output language, each language its own subtitles with its own versions, and its own burned video
 * on demand.
 */
export const addedLanguage = z.enum(OUTPUT_LANGUAGE_CODES, {
  error:
    'language must be one of the output languages (nl, en, fr, de, it, pt, es, sv, zh, hi, ja, ko, ru, th)',
});

/** `POST /api/videos/{id}/languages` body and `videos.addLanguage`: `burn` makes its burned video too. */
export const addLanguageInput = z.object({ id, language: addedLanguage, burn: z.boolean().default(false) });
export const burnLanguageInput = z.object({ id, language: addedLanguage });
export const videoLanguagesInput = z.object({ id });
/** `videos.downloadUrl`: the burned video, an added language's with `language`. */
export const hardcodedDownloadInput = z.object({
  id,
  videoName: z.string().max(300).optional(),
  language: addedLanguage.optional(),
});

export type LanguageStatus = 'translating' | 'ready' | 'failed';
export type LanguageBurnStatus = 'burning' | 'ready' | 'failed' | null;

/** One language of a video as screens show it (the video's own first, `own: true`). */
export interface VideoLanguage {
  language: OutputLanguage;
  own: boolean;
  status: LanguageStatus;
  progress: number;
  /** Plain words when it failed. */
  failureReason: string | null;
  burnStatus: LanguageBurnStatus;
  burnProgress: number;
  /** Plain words when its burned video failed (the video's own says it on its row). */
  burnFailureReason: string | null;
  /** The burned video shows older subtitles than the language's latest version (edited since). */
  burnOutdated: boolean;
}

/** `videos.languages`: the video's languages, those that can still be added, and their price. */
export interface VideoLanguages {
  languages: VideoLanguage[];
  addable: OutputLanguage[];
  /** The price of adding one language to this video, in cents. */
  priceCents: number;
  /** The price of burning one language's video, in cents. */
  burnPriceCents: number;
}

export const LANGUAGE_TEXTS = {
  addLanguage: 'Add a language',
  burnLanguage: 'Burn in this language',
  notFinished: 'A language can be added once the video’s subtitles are done.',
  alreadyAdded: 'This video already has subtitles in that language.',
  ownLanguage: 'These are already the video’s own subtitles’ language.',
  noEngine: 'No translation engine is set up that can translate between these two languages.',
  notReady: 'The subtitles in this language are still being made; they can be burned in once they are done.',
  translationFailed: 'Translating the subtitles failed. The charge was refunded.',
  /** What a language's failed burned video says when nothing more precise is known. */
  burnFailed: 'Burning the subtitles in this language failed.',
  downloadBurned: 'Download burned video',
  noBurnedVideo:
    'This video has no burned video in that language yet: burn it in from the language’s menu on My Videos first.',
} as const;
