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
  languages: readonly VideoLanguage[];
  value: OutputLanguage;
  onChange: (language: OutputLanguage) => void;
}) {
  const options = switcherOptions(languages);
  return (
    <Select
      label="Subtitle language"
      size="xs"
      w={220}
      data={options.length > 0 ? options : [{ value, label: value }]}
      value={value}
      allowDeselect={false}
      onChange={(chosen) => chosen && chosen !== value && onChange(chosen as OutputLanguage)}
    />
  );
}
