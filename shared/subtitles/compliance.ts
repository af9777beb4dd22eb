import type { OutputLanguage } from '../languages';
import { PLANS, type PlanId } from '../plans';
import type { Cue } from './cue';
import { capStrictness, languageProfile } from './language-profile';
import { charactersPerSecond, isWithinCap } from './reading-speed';

/** What a plan achieved, stored with each generated SRT and shown to users and admins. */
export interface Compliance {
  plan: PlanId;
  /** Null for full-text, which caps nothing. */
  capCps: number | null;
  cueCount: number;
  withinCap: number;
  overCap: number;
  /** 0..1; 1 when there is no cap or no cue. */
  shareWithinCap: number;
  maxCps: number;
  meanCps: number;
  /** Set when the language makes the cap much stricter than for Latin-script text (zh, ja, ko). */
  note: string | null;
  /** Present when a language model condensed: how many cues it shortened and where the rules took over. */
  condensation?: Condensation;
}

export interface Condensation {
  by: 'language-model';
  /** Cues the model was asked to fit within the cap. */
  asked: number;
  /** Of those, cues whose checked answer fitted. */
  accepted: number;
  /** Cues whose answer missed the cap or a check, even when re-asked: the rule-based condenser ran on them. */
  fallback: number;
  /** Requests asked again: a malformed or incomplete answer, a cue over its cap, a number dropped. */
  retries: number;
}

/** Our choice: a language whose line holds less than half of 42 characters gets the note. */
const STRICT_LANGUAGE_RATIO = 2;

export function planCap(plan: PlanId): number | null {
  return PLANS.find((candidate) => candidate.id === plan)?.maxCharsPerSecond ?? null;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * SUBTITLE-STYLE.md: for zh, ja and ko the same cap applies per character, which is much stricter; say so
 * rather than silently relaxing it.
 */
export function strictnessNote(language: OutputLanguage, capCps: number | null): string | null {
  const profile = languageProfile(language);
  const ratio = capStrictness(profile);
  if (capCps === null || ratio < STRICT_LANGUAGE_RATIO) return null;
  return (
    `${profile.name} counts every character, and a line holds ${profile.maxLineWidth} characters instead of 42: ` +
    `a ${capCps} characters-per-second cap is about ${ratio.toFixed(1)} times stricter than for Latin-script languages.`
  );
}

export function measureCompliance(cues: readonly Cue[], plan: PlanId, language: OutputLanguage): Compliance {
  const capCps = planCap(plan);
  const speeds = cues.map(charactersPerSecond);
  const withinCap = cues.filter((cue) => isWithinCap(cue, capCps)).length;
  const total = speeds.reduce((sum, speed) => sum + speed, 0);
  return {
    plan,
    capCps,
    cueCount: cues.length,
    withinCap,
    overCap: cues.length - withinCap,
    shareWithinCap: cues.length === 0 ? 1 : Math.round((withinCap / cues.length) * 10_000) / 10_000,
    maxCps: round(Math.max(0, ...speeds)),
    meanCps: cues.length === 0 ? 0 : round(total / cues.length),
    note: strictnessNote(language, capCps),
  };
}

/** One line for users: what the plan achieved (shown on My Videos beside the reading speed). */
export function complianceSummary(compliance: Compliance): string {
  const speeds = `max ${compliance.maxCps.toFixed(1)}, mean ${compliance.meanCps.toFixed(1)} characters/second`;
  if (compliance.capCps === null) return `${compliance.cueCount} cues, ${speeds}`;
  const share = Math.round(compliance.shareWithinCap * 100);
  const within = `${share}% of ${compliance.cueCount} cues within ${compliance.capCps} characters/second`;
  return [`${within} (${speeds})`, compliance.note, condensationSummary(compliance.condensation)]
    .filter(Boolean)
    .join('. ');
}

/** Says what the language model did, and when the rule-based condenser had to take over. */
export function condensationSummary(condensation: Condensation | undefined): string | null {
  if (!condensation || condensation.asked === 0) return null;
  const shortened = `The language model fitted ${condensation.accepted} of ${condensation.asked} cues to the cap`;
  if (condensation.fallback === 0) return shortened;
  return `${shortened}; the rule-based condenser ran on ${condensation.fallback} where its answer missed`;
}
