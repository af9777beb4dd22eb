/**
 * What the other domains read and write of a video's rows (uploads, burn-in, generation, the editor,
 * styles, languages): their one door to `repo.ts`, which they never import themselves
 * (scripts/architecture.test.ts). A version is the video's own subtitles' unless it names an added
 * language (issue 40: `latestSubtitle(db, id, 'fr')`, `insertSubtitleVersion({ …, language: 'fr' })`).
 */
export {
  findForBurnIn,
  insertSubtitleVersion,
  isReadyLanguage,
  languagesOfVideos,
  latestSubtitle,
  lockForRevision,
  OWN_LANGUAGE,
  processingState,
  readyLanguages,
  startRevision,
} from './repo';
