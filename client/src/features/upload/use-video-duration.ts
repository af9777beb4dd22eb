import { useEffect, useRef, useState } from 'react';
import { readVideoDuration } from './video-duration';

export interface VideoDuration {
  /** Whole seconds; null when unknown (no file, not read yet, or unreadable). */
  seconds: number | null;
  reading: boolean;
  /** Resolves with the duration of the current file once read (for a submit that comes first). */
  settled: () => Promise<number | null>;
}

/** Reads the chosen video's duration from its metadata whenever the file changes. */
export function useVideoDuration(file: File | null): VideoDuration {
  const [state, setState] = useState<{ file: File | null; seconds: number | null }>({
    file: null,
    seconds: null,
  });
  const pending = useRef<Promise<number | null>>(Promise.resolve(null));

  useEffect(() => {
    let current = true;
    const reading = file ? readVideoDuration(file) : Promise.resolve(null);
    pending.current = reading;
    void reading.then((seconds) => {
      if (current) setState({ file, seconds });
    });
    return () => {
      current = false;
    };
  }, [file]);

  const known = state.file === file;
  return {
    seconds: known ? state.seconds : null,
    reading: Boolean(file) && !known,
    settled: () => pending.current,
  };
}
