/** Subtitle shaping: SRT in and out, words to cues, line breaking, reading-speed plans, ASS for burn-in. */
export { type AssVideo, assFontSize, cuesToAss, formatAssTime } from './ass';
export { escapeAssText } from './ass-text';
export {
  type Compliance,
  type Condensation,
  complianceSummary,
  condensationSummary,
  measureCompliance,
  planCap,
  strictnessNote,
} from './compliance';
export { CONDENSATION_STEPS, type CondensationStep, condenseText } from './condensation';
export {
  type CondensationVerdict,
  type CondenseRequest,
  type Condenser,
  checkCondensedText,
  inLanguageScript,
} from './condenser';
export type { Cue } from './cue';
export { cueDurationMs, cueLines } from './cue';
export { type LanguageProfile, languageProfile } from './language-profile';
export { breakLines } from './line-breaking';
export { charactersPerSecond, isWithinCap, maxCharactersFor } from './reading-speed';
export {
  applyReadingSpeedPlan,
  applyReadingSpeedPlanWithCondenser,
  type CondenserReport,
  type CondenseTarget,
  condenseTargets,
  type PlanOptions,
  type PlanResult,
  withCueTexts,
} from './reading-speed-plan';
export type { SpeechRegion, TimedWord } from './recognised-words';
export { reflowCues } from './reflow';
export { decodeSrtBytes, findInvalidUtf8 } from './srt-bytes';
export {
  describeIssue,
  inspectSrt,
  parseSrt,
  SrtError,
  type SrtInspection,
  type SrtIssue,
} from './srt-parse';
export { type SrtWriteOptions, writeSrt } from './srt-write';
export * from './standards';
export {
  DEFAULT_SUBTITLE_STYLE,
  LEGACY_SUBTITLE_STYLE,
  SUBTITLE_STYLE_IDS,
  SUBTITLE_STYLES,
  type SubtitleStyle,
  type SubtitleStyleId,
  subtitleStyle,
} from './subtitle-style';
export { characterCount, displayWidth } from './text-width';
export { formatTimestamp, parseTimestamp } from './timecode';
export { type WordsToCuesOptions, wordsToCues } from './words-to-cues';
