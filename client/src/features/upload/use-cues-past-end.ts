import { useEffect, useState } from 'react';
import { isSubtitleInName } from '../../../../shared/schemas/subtitles-in';
import { cuesPastEnd, cuesPastEndWarning } from '../../../../shared/subtitles/cues-past-end';
import { decodeSrtBytes } from '../../../../shared/subtitles/srt-bytes';
import { inspectSubtitleFile } from '../../../../shared/subtitles/subtitle-in';

/** When each cue of a subtitle file starts; [] when it cannot be read (its problems are told elsewhere). */
async function cueStarts(file: Blob): Promise<{ startMs: number }[]> {
  try {
    return inspectSubtitleFile(decodeSrtBytes(new Uint8Array(await file.arrayBuffer()))).cues;
  } catch {
    return [];
  }
}

/**
 * The warning for subtitles that start after the chosen video ends (nothing would show them), once
 * both files are read; null otherwise. The upload goes on: it is a warning, not an error.
 */
export function useCuesPastEndWarning(srt: File | null, durationSeconds: number | null): string | null {
  const [read, setRead] = useState<{ file: File; starts: { startMs: number }[] } | null>(null);
  useEffect(() => {
    if (!srt || !isSubtitleInName(srt.name)) return;
    let current = true;
    void cueStarts(srt).then((starts) => {
      if (current) setRead({ file: srt, starts });
    });
    return () => {
      current = false;
    };
  }, [srt]);
  if (!read || read.file !== srt || durationSeconds === null) return null;
  return cuesPastEndWarning(cuesPastEnd(read.starts, durationSeconds), durationSeconds);
}
