import { z } from 'zod';

/**
 * What open browsers of a company hear about: a new message, a video that changed, a payment
 * credited to the balance, a comment on a video's cues. `outcome` marks the event that ends a video's processing, so any screen
 * can announce it.
 */
export const companyEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), companyId: z.number() }),
  z.object({ type: z.literal('credit'), companyId: z.number(), sessionId: z.string() }),
  z.object({
    type: z.literal('video'),
    companyId: z.number(),
    videoId: z.number(),
    outcome: z.enum(['completed', 'failed']).optional(),
  }),
  // A comment on a cue of the video was added, resolved or removed: the editor's comments panel reads them again.
  z.object({
    type: z.literal('comment'),
    companyId: z.number(),
    videoId: z.number(),
    change: z.enum(['added', 'resolved', 'removed']),
  }),
]);
export type CompanyEvent = z.infer<typeof companyEvent>;

/**
 * The live stream's first message, sent once the server hears the company's events: what a screen
 * fetches after it misses none of them (one fetched while the stream was connecting may have).
 */
export type StreamListening = { type: 'listening' };
/** What the live stream sends: the listening mark, then the company's events. */
export type LiveStreamMessage = CompanyEvent | StreamListening;
