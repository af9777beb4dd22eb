import { memo, type RefObject, useEffect, useState } from 'react';
import type { EditorDoc } from '../../../../shared/subtitles/editor';
import { selectedCueAnnouncement } from './cue-announcement';
import classes from './editor.module.css';

export interface CueAnnouncerProps {
  selectedId: string | null;
  /** Read when the selection moves, not on every keystroke. */
  latest: RefObject<{ doc: EditorDoc; problems: ReadonlyMap<string, readonly string[]> }>;
  media: HTMLVideoElement | null;
}

/**
 * A polite live region that tells screen reader users which cue they moved to: its place, times,
 * text and problems. Quiet while the video plays, when the selection follows the playhead.
 */
export const CueAnnouncer = memo(function CueAnnouncer({ selectedId, latest, media }: CueAnnouncerProps) {
  const [message, setMessage] = useState('');
  useEffect(() => {
    if (!selectedId || (media && !media.paused)) return;
    const { doc, problems } = latest.current;
    const index = doc.findIndex((cue) => cue.id === selectedId);
    const cue = doc[index];
    if (cue)
      setMessage(selectedCueAnnouncement(cue, index + 1, doc.length, problems.get(cue.id)?.length ?? 0));
  }, [selectedId, latest, media]);
  return (
    <div className={classes.visuallyHidden} role="status" aria-live="polite" aria-atomic="true">
      {message}
    </div>
  );
});
