import { useEffect, useState } from 'react';
import { isSubtitleInName } from '../../../../shared/schemas/subtitles-in';
import { srtProblems } from './srt-problems';

/**
 * The chosen SRT's problems, read as soon as it is chosen ([] while none is chosen, or while it is
 * read); `checking` until they are known, so the form waits for them before sending anything.
 */
export function useSrtProblems(srt: File | null): { problems: string[]; checking: boolean } {
  const [checked, setChecked] = useState<{ file: File; problems: string[] } | null>(null);
  useEffect(() => {
    if (!srt || !isSubtitleInName(srt.name) || srt.size === 0) return;
    let current = true;
    void srtProblems(srt).then((problems) => {
      if (current) setChecked({ file: srt, problems });
    });
    return () => {
      current = false;
    };
  }, [srt]);
  const known = checked && checked.file === srt;
  const applies = srt !== null && isSubtitleInName(srt.name) && srt.size > 0;
  return { problems: known ? checked.problems : [], checking: applies && !known };
}
