import { z } from 'zod';
import { INPUT_LANGUAGE_CODES, OUTPUT_LANGUAGE_CODES } from '../languages';
import { PLAN_IDS } from '../plans';

/** PRODUCT.md §5 texts for uploads and the videos screen; the server answers with the same words. */
export const UPLOAD_MESSAGES = {
  mp4Required: '* MP4 selection is required',
  mp4Type: '* Please select an MP4 file (more input formats coming soon)',
  tooBig: '* The file exceeds the maximum allowed size of 1.5GB',
  tooLong: '* The video exceeds the maximum allowed duration of 30 minutes',
  planRequired: 'Reading speed optimization selection is required',
  inputLanguageRequired: 'Input language selection is required',
  outputLanguageRequired: 'Output language selection is required',
  srtRequired: '* SRT selection is required.',
  srtType: '* Please select an SRT file.',
  srtEmpty: 'Selected subtitle file is empty.',
  editedSrtMissing: 'No subtitle file selected.',
  editedSrtType: 'Invalid file format. Please upload an SRT file.',
  uploadSuccessful: 'Upload successful!',
  uploading: 'Loading... Stay on this page until the file is uploaded',
} as const;

/**
 * Generate mode's choices, named as the legacy form sends them: the browser shows every message, the
 * server refuses with the first, the same words on both ends.
 */
export const generateChoices = z.object({
  rso: z.enum(PLAN_IDS, { error: UPLOAD_MESSAGES.planRequired }),
  in_lan: z.enum(INPUT_LANGUAGE_CODES, { error: UPLOAD_MESSAGES.inputLanguageRequired }),
  out_lan: z.enum(OUTPUT_LANGUAGE_CODES, { error: UPLOAD_MESSAGES.outputLanguageRequired }),
});
export type GenerateChoices = z.output<typeof generateChoices>;

export const VIDEO_TEXTS = {
  hardcodedFailed: 'Video generation failed',
  srtFailed: 'SRT generation failed.',
  searchPlaceholder: 'Search videos...',
  revisionsUsedUp: 'This video already has 2 edited subtitle versions, the most allowed.',
  revisionNotReady: 'The hardcoded video is still being made; upload the edited SRT when it is done.',
  noCompany: 'You need to belong to a company to upload videos. Please contact us for assistance.',
} as const;

/**
 * A re-burn bought after the free revisions (issue 39): the same words on the REST answer, the
 * editor's dialog and the ledger. Amounts arrive formatted (shared/money.ts formatEuros).
 */
export const REBURN_TEXTS = {
  usedUpBuy: 'Both free revisions are used: a re-burn of the segments that changed can be bought instead.',
  shortOfCredits: (price: string, balance: string, missing: string) =>
    `This re-burn costs ${price} and the balance is ${balance}: ${missing} more is needed. Buy credits on the Balance page first.`,
  priceChanged: (price: string) =>
    `The re-burn now costs ${price} (the subtitles or the price changed meanwhile); check the price and confirm again.`,
  ledgerNote: (filename: string, minutes: number) =>
    `Re-burn of ${filename}: ${minutes} changed minute${minutes === 1 ? '' : 's'} burned again`.slice(0, 200),
  refundNote: 'The re-burn failed; its charge came back.',
} as const;

/**
 * What a customer reads when a step fails for a reason of ours (the technical cause goes to admins).
 * Failures the customer can act on (no audio, no speech) say so in their own words.
 */
export const FAILURE_TEXTS = {
  subtitles: 'The subtitles could not be made; the team has been told.',
  video: 'The video with subtitles could not be made; the team has been told.',
  speechModel: 'The speech model could not be downloaded; the team has been told.',
  languageModel:
    'The language model that translates and shortens subtitles did not answer; the team has been told.',
  tooSlow:
    'Making this video took far longer than its length allows, so it was stopped; the team has been told.',
} as const;

/** The sentence a failed video's reason ends with when its charge came back. */
export function refundedNote(amount: string): string {
  return `Your ${amount} was refunded.`;
}

/** What a customer may know of the speech engine: never the technical cause, which admins see. */
export type PublicSpeechState =
  | { state: 'ready' }
  | { state: 'preparing'; percent: number | null }
  | { state: 'unavailable' };

/** Why generate mode cannot take a video now, in plain words; null when it can. */
export function speechNotice(speech: PublicSpeechState): string | null {
  if (speech.state === 'ready') return null;
  const instead = 'You can already upload a video with your own subtitles.';
  if (speech.state === 'preparing') {
    const progress = speech.percent === null ? '' : ` (${Math.floor(speech.percent)}% done)`;
    return `Automatic subtitles will be available in a few minutes: the speech engine is being prepared${progress}. ${instead}`;
  }
  return `Automatic subtitles are not available right now; the team has been told. ${instead}`;
}

/**
 * The form messages of PRODUCT.md §5 carry a leading "* " for the form; the server's errors say the same
 * without it.
 */
export function serverMessage(text: string): string {
  return text.replace(/^\* /, '');
}

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
