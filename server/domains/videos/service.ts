/**
 * What the other domains read and write of a video's rows (uploads, burn-in, generation, the editor,
 * styles): their one door to `repo.ts`, which they never import themselves (scripts/architecture.test.ts).
 */
export {
  findForBurnIn,
  insertSubtitleVersion,
  latestSubtitle,
  lockForRevision,
  processingState,
  startRevision,
} from './repo';
