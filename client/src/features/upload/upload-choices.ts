import {
  DEFAULT_LANGUAGE,
  INPUT_LANGUAGE_CODES,
  INPUT_LANGUAGES,
  OUTPUT_LANGUAGE_CODES,
  OUTPUT_LANGUAGES,
} from '../../../../shared/languages';
import { DEFAULT_PLAN, PLAN_IDS, PLANS } from '../../../../shared/plans';

export interface GenerateSelection {
  plan: string;
  inLan: string;
  outLan: string;
}

function known(value: string | null | undefined, allowed: readonly string[]): value is string {
  return typeof value === 'string' && allowed.includes(value);
}

/**
 * PRODUCT.md §4: plan = saved value or 'full-text'; input and output language = saved or 'en'. A
 * saved value outside the lists of PRODUCT.md §9 (an older version, a hand edit) counts as not saved.
 */
export function initialSelection(
  saved: Partial<Record<keyof GenerateSelection, string | null>>,
): GenerateSelection {
  return {
    plan: known(saved.plan, PLAN_IDS) ? saved.plan : DEFAULT_PLAN,
    inLan: known(saved.inLan, INPUT_LANGUAGE_CODES) ? saved.inLan : DEFAULT_LANGUAGE,
    outLan: known(saved.outLan, OUTPUT_LANGUAGE_CODES) ? saved.outLan : DEFAULT_LANGUAGE,
  };
}

/** PRODUCT.md §9: the plan names, 20 marked as recommended; the stored value is the plan id. */
export const PLAN_OPTIONS = PLANS.map((plan) => ({
  value: plan.id,
  label: 'recommended' in plan && plan.recommended ? `${plan.name} (recommended)` : plan.name,
  description:
    plan.maxCharsPerSecond === null ? 'Every word kept' : `Up to ${plan.maxCharsPerSecond} characters/sec`,
}));

export const INPUT_LANGUAGE_OPTIONS = Object.entries(INPUT_LANGUAGES).map(([value, label]) => ({
  value,
  label,
}));
export const OUTPUT_LANGUAGE_OPTIONS = Object.entries(OUTPUT_LANGUAGES).map(([value, label]) => ({
  value,
  label,
}));

/** The plan's name (PRODUCT.md §9) for a stored `rso` value ('' for none). */
export function planName(rso: string | null | undefined): string {
  return PLANS.find((plan) => plan.id === rso)?.name ?? rso ?? '';
}

export function languageName(code: string | null | undefined): string {
  if (!code) return '';
  return (OUTPUT_LANGUAGES as Record<string, string>)[code] ?? code;
}

export interface LanguageOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/**
 * Marks the output languages the server's engines cannot reach from the chosen input language (from
 * `videos.capabilities`); with nothing known yet every option stays open and the server decides.
 */
export function markReachable(
  options: readonly LanguageOption[],
  reachable: readonly string[] | undefined,
): LanguageOption[] {
  if (!reachable) return [...options];
  return options.map((option) =>
    reachable.includes(option.value)
      ? option
      : { ...option, label: `${option.label} (not available yet)`, disabled: true },
  );
}

/** Said under the output language when the pair cannot be made on this server; null when it can. */
export function unreachableMessage(
  inLan: string,
  outLan: string,
  reachable: readonly string[] | undefined,
): string | null {
  if (!reachable || !outLan || reachable.includes(outLan)) return null;
  return `${languageName(outLan)} subtitles cannot be made from ${languageName(inLan)} on this server yet. Choose another output language.`;
}
