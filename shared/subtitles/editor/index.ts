/**
 * The subtitle editor's model (issue 21): a document of cues with stable ids, its operations, undo
 * and redo, and the checks of SUBTITLE-STYLE.md. Pure TypeScript, for the browser and the server.
 */

export {
  type CompiledFind,
  compileFind,
  type FindFrom,
  type FindMatch,
  type FindQuery,
  findAll,
  findNext,
  replaceMatches,
} from './find';
export { canRedo, canUndo, createHistory, HISTORY_LIMIT, type History, record, redo, undo } from './history';
export {
  hasMark,
  MARKS,
  type Mark,
  type MarkedRun,
  type MarkedText,
  markupToSource,
  parseMarkup,
  runsOf,
  sourceOffset,
  toggleMark,
} from './markup';
export {
  cueIndex,
  cuesFromDoc,
  deleteCue,
  docFromCues,
  type EditorCue,
  type EditorDoc,
  insertCue,
  keepsSpan,
  mergeWithNext,
  NEW_CUE_MS,
  newCueId,
  reflowCue,
  setPosition,
  setTiming,
  shiftCues,
  splitCue,
  stepFrames,
  updateText,
} from './model';
export {
  cueProblems,
  nextProblem,
  OWN_SUBTITLES_CPS,
  type Problem,
  problemSummary,
  RULE_IDS,
  type RuleContext,
  type RuleId,
  readingSpeedLimit,
} from './rules';
export {
  type Edge,
  GAP_FRAMES,
  nudgeEdge,
  SHOT_CHANGE_FRAMES,
  type SnapContext,
  snapEdge,
  snapMove,
} from './snapping';
export { type DiffPart, diffWords, MAX_DIFF_EDITS } from './word-diff';
