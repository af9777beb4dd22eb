import { useEffect, useState } from 'react';
import { isSubtitleInName } from '../../../../shared/schemas/subtitles-in';
import { checkSubtitleFile, type SubtitleCheck } from './srt-problems';

/**
 * The chosen subtitle file's problems (why the server would refuse it) and notes (what reading it
 * repaired or left out), read as soon as it is chosen (none while none is chosen, or while it is
 * read); `checking` until they are known, so the form waits for them before sending anything.
 */
export function useSrtProblems(srt: File | null): SubtitleCheck & { checking: boolean } {
  const [checked, setChecked] = useState<{ file: File; check: SubtitleCheck } | null>(null);
  useEffect(() => {
    if (!srt || !isSubtitleInName(srt.name) || srt.size === 0) return;
    let current = true;
    void checkSubtitleFile(srt).then((check) => {
      if (current) setChecked({ file: srt, check });
    });
    return () => {
      current = false;
    };
  }, [srt]);
  const known = checked && checked.file === srt;
  const applies = srt !== null && isSubtitleInName(srt.name) && srt.size > 0;
  return {
    problems: known ? checked.check.problems : [],
    notes: known ? checked.check.notes : [],
    checking: applies && !known,
  };
}
