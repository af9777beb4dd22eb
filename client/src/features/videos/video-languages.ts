import { OUTPUT_LANGUAGES, type OutputLanguage } from '../../../../shared/languages';
import { formatEuros } from '../../../../shared/money';
import type { LanguageBurnStatus, LanguageStatus } from '../../../../shared/schemas/video-languages';

/**
 * One added language of a My Videos row (issue 40), as `videos.list` gives it: its state, progress, why
 * it failed and whether its burned video is outdated (optional: a row from an older server has the state
 * alone).
 */
export interface LanguageChipView {
  language: OutputLanguage;
  status: LanguageStatus;
  burnStatus: LanguageBurnStatus;
  progress?: number;
  burnProgress?: number;
  burnOutdated?: boolean;
  failureReason?: string | null;
  burnFailureReason?: string | null;
}

const percent = (value: number | undefined) =>
  value === undefined ? '' : ` ${Math.max(0, Math.min(100, Math.round(value)))}%`;

/** What a language's chip says: its name and, unless it is simply done, how it stands. */
export function chipLabel(chip: LanguageChipView): string {
  const name = OUTPUT_LANGUAGES[chip.language];
  if (chip.status === 'translating') return `${name}: translating${percent(chip.progress)}`;
  if (chip.status === 'failed') return `${name}: failed`;
  if (chip.burnStatus === 'burning') return `${name}: burning${percent(chip.burnProgress)}`;
  return name;
}

/**
 * What a chip shows, short enough for a narrow table column: the name, and the percent while work runs
 * or "failed"; its accessible name (`chipLabel`) says the rest in words.
 */
export function chipText(chip: LanguageChipView): string {
  const name = OUTPUT_LANGUAGES[chip.language];
  if (chip.status === 'translating') return `${name}${percent(chip.progress)}`;
  if (chip.status === 'failed') return `${name} failed`;
  if (chip.burnStatus === 'burning') return `${name}${percent(chip.burnProgress)}`;
  return name;
}

/** The chip's colour: blue while work runs, red when it failed, green when ready. */
export function chipColor(chip: LanguageChipView): string {
  if (chip.status === 'failed') return 'red';
  if (chip.status === 'translating' || chip.burnStatus === 'burning') return 'blue';
  return 'teal';
}

/**
 * The list's chip with the latest of `videos.languages` (asked when its menu opens, for the burn's
 * price): the fresher of the two answers, and all of it for a row from an older server.
 */
export function withDetails(
  chip: LanguageChipView,
  languages: readonly (LanguageChipView & { own?: boolean })[] | undefined,
): LanguageChipView {
  const details = languages?.find((entry) => !entry.own && entry.language === chip.language);
  return details ? { ...chip, ...details } : chip;
}

/** A language the server is still working on: the row keeps being refreshed while the stream is down. */
export function languageInProgress(chip: Pick<LanguageChipView, 'status' | 'burnStatus'>): boolean {
  return chip.status === 'translating' || chip.burnStatus === 'burning';
}

/** The languages of a row, tolerating a row from before the server sent them. */
export function rowLanguages(row: { languages?: readonly LanguageChipView[] }): readonly LanguageChipView[] {
  return row.languages ?? [];
}

/** What "Burn in this language" may do for a language: nothing yet, burn, burn again, or wait. */
export type BurnChoice = 'unavailable' | 'burn' | 'reburn' | 'burning';

export function burnChoice(chip: LanguageChipView): BurnChoice {
  if (chip.status !== 'ready') return 'unavailable';
  if (chip.burnStatus === 'burning') return 'burning';
  if (chip.burnStatus === 'ready') return chip.burnOutdated ? 'reburn' : 'unavailable';
  return 'burn';
}

/** The label of the chip menu's burn item, with its price when known. */
export function burnItemLabel(choice: BurnChoice, priceCents: number | undefined): string {
  const price = priceCents === undefined ? '' : ` (${formatEuros(priceCents)})`;
  return `${choice === 'reburn' ? 'Burn in this language again' : 'Burn in this language'}${price}`;
}

/** The sentence under a burned language whose subtitles were edited since its video was made. */
export const BURN_OUTDATED_HINT =
  'Burned video is outdated: its subtitles were edited since. Burn in this language again to update it.';

/** The "Add a language" dialog's choices, in the order of the output languages. */
export function addableOptions(
  addable: readonly OutputLanguage[],
): { value: OutputLanguage; label: string }[] {
  return (Object.keys(OUTPUT_LANGUAGES) as OutputLanguage[])
    .filter((code) => addable.includes(code))
    .map((code) => ({ value: code, label: OUTPUT_LANGUAGES[code] }));
}

/** What adding a language costs, as the dialog says it: the translation, and the burn when asked. */
export function addLanguagePrice(priceCents: number, burnPriceCents: number, burn: boolean): string {
  return burn
    ? `${formatEuros(priceCents + burnPriceCents)} (translation ${formatEuros(priceCents)}, burned video ${formatEuros(burnPriceCents)})`
    : formatEuros(priceCents);
}

/** The editor's address for one language of a video: the own subtitles need no `?language=`. */
export function editorPath(videoId: number, language?: OutputLanguage): string {
  return language ? `/videos/${videoId}/edit?language=${language}` : `/videos/${videoId}/edit`;
}
