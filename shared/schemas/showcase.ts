import { z } from 'zod';
import { id } from './accounts';

/** Where a published video shows: the home page's carousel, or the /examples page. */
export const SHOWCASE_PLACEMENTS = ['carousel', 'example'] as const;
export type ShowcasePlacement = (typeof SHOWCASE_PLACEMENTS)[number];
export const SHOWCASE_PLACEMENT_LABELS: Record<ShowcasePlacement, string> = {
  carousel: 'Home page carousel',
  example: 'Example Videos page',
};

export const SHOWCASE_TITLE_MAX = 120;
export const SHOWCASE_DESCRIPTION_MAX = 500;

export const showcasePublish = z.strictObject({
  videoId: id,
  placement: z.enum(SHOWCASE_PLACEMENTS),
  title: z.string().trim().min(1, 'Give the video a title').max(SHOWCASE_TITLE_MAX),
  description: z.string().trim().max(SHOWCASE_DESCRIPTION_MAX).default(''),
  /** Publishing shows a customer's video to everyone: the admin confirms its owner agreed. */
  ownerConsent: z.literal(true, { error: "Confirm that the video's owner agreed to show it publicly" }),
});
export type ShowcasePublish = z.input<typeof showcasePublish>;

/** A published video as the public pages show it; the files are served from /api/showcase/. */
export interface ShowcaseVideo {
  id: number;
  placement: ShowcasePlacement;
  title: string;
  description: string;
  inLan: string | null;
  outLan: string | null;
  rso: string | null;
  originalUrl: string;
  subtitledUrl: string;
}

export const SHOWCASE_FILES = ['original', 'subtitled'] as const;
export type ShowcaseFile = (typeof SHOWCASE_FILES)[number];

export function showcaseFileUrl(showcaseId: number, file: ShowcaseFile): string {
  return `/api/showcase/${showcaseId}/${file}.mp4`;
}
