import { Select } from '@mantine/core';
import type { OutputLanguage } from '../../../../shared/languages';
import type { VideoLanguage } from '../../../../shared/schemas/video-languages';
import { switcherOptions } from './language-choice';

/**
 * The editor's "Subtitle language" (issue 40): the video's own subtitles and each translated added
 * language; choosing one opens its subtitles (the address says which: `?language=`).
 */
export function LanguageSwitcher({
  languages,
  value,
  onChange,
}: {
  /** Undefined while they load: the field is there, disabled, so nothing below it moves when they come. */
  languages: readonly VideoLanguage[] | undefined;
  value: OutputLanguage | undefined;
  onChange: (language: OutputLanguage) => void;
}) {
  const options = switcherOptions(languages ?? []);
  return (
    <Select
      aria-label="Subtitle language"
      size="xs"
      w={190}
      data={options}
      value={value ?? null}
      placeholder="Loading…"
      disabled={!languages || !value}
      allowDeselect={false}
      onChange={(chosen) => chosen && chosen !== value && onChange(chosen as OutputLanguage)}
    />
  );
}
