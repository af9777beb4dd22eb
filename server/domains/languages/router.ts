import {
  addLanguageInput,
  burnLanguageInput,
  videoLanguagesInput,
} from '../../../shared/schemas/video-languages';
import { authedProcedure, router } from '../../trpc/trpc';
import { addLanguage, burnLanguage, videoLanguages } from './service';

/**
 * The languages of a video (issue 40), merged into the videos router by the app
 * (server/app/trpc-router.ts) as `videos.languages`, `videos.addLanguage`, `videos.burnLanguage`:
 * the videos domain cannot import this one (languages imports videos).
 */
export const languagesRouter = router({
  /** The video's own language and the added ones, what may be added, and the prices. */
  languages: authedProcedure
    .input(videoLanguagesInput)
    .query(({ ctx, input }) => videoLanguages(ctx, ctx.user, input.id)),
  /** Translates the video's current subtitles into another language, charged once; `burn` buys its burned video too. */
  addLanguage: authedProcedure
    .input(addLanguageInput)
    .mutation(({ ctx, input }) => addLanguage(ctx, ctx.user, input)),
  /** Burns a ready added language into its own video, charged as a re-burn of the whole video. */
  burnLanguage: authedProcedure
    .input(burnLanguageInput)
    .mutation(({ ctx, input }) => burnLanguage(ctx, ctx.user, input)),
});
