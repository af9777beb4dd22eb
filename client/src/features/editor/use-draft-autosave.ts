import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { OutputLanguage } from '../../../../shared/languages';
import { cuesFromDoc, type EditorDoc } from '../../../../shared/subtitles/editor';
import { useTRPC } from '../../lib/trpc';
import { errorCode } from '../auth/server-errors';

export type DraftStatus = 'saved' | 'unsaved' | 'saving' | 'conflict' | 'failed';

/**
 * Typing is saved once it pauses this long, not per keystroke: each save writes out and sends the
 * whole document (600 cues: about 40 kB) and moves the status badge through two states.
 */
export const SAVE_PAUSE_MS = 800;
/** Typing that never pauses is still saved this often. */
export const SAVE_AT_LEAST_EVERY_MS = 5000;

/** How long to wait before saving changes unsaved since `pendingSince`, at `now`. */
export function saveDelay(pendingSince: number, now: number): number {
  return Math.max(0, Math.min(SAVE_PAUSE_MS, pendingSince + SAVE_AT_LEAST_EVERY_MS - now));
}

/**
 * Keeps the server's draft up to date: once changes pause (SAVE_PAUSE_MS; one save at a time, the
 * changes made while one is on its way go in the next), on Ctrl+S, when the page is hidden or left,
 * and before "Save and burn in". The draft's revision guards against another tab or browser: a save based on
 * an older revision is refused, and the status says so instead of overwriting.
 */
export function useDraftAutosave(
  videoId: number,
  doc: EditorDoc,
  /** `language`: an added language's draft (issue 40); absent for the video's own subtitles. */
  opened: { revision: number; baseVersion: number | undefined; language?: OutputLanguage },
) {
  const trpc = useTRPC();
  const saveDraft = useMutation(trpc.editor.saveDraft.mutationOptions());
  const [status, setStatus] = useState<DraftStatus>('saved');
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const revision = useRef(opened.revision);
  // The version the first save builds on: refused if another tab burned in a newer one meanwhile.
  const baseVersion = opened.baseVersion;
  const language = opened.language;
  const saved = useRef(doc);
  const current = useRef(doc);
  current.current = doc;
  const inFlight = useRef<Promise<boolean> | null>(null);

  const saveNow = useCallback(async (): Promise<boolean> => {
    // Every caller waits for the save before it: two saves of one revision at once would conflict.
    while (inFlight.current) await inFlight.current;
    const sending = current.current;
    if (sending === saved.current) return true;
    const attempt = (async () => {
      setStatus('saving');
      try {
        const result = await saveDraft.mutateAsync({
          id: videoId,
          cues: cuesFromDoc(sending),
          revision: revision.current,
          baseVersion,
          ...(language ? { language } : {}),
        });
        revision.current = result.revision;
        saved.current = sending;
        setSavedAt(new Date());
        setStatus(current.current === sending ? 'saved' : 'unsaved');
        return true;
      } catch (error) {
        setStatus(errorCode(error) === 'CONFLICT' ? 'conflict' : 'failed');
        return false;
      }
    })();
    inFlight.current = attempt;
    try {
      return await attempt;
    } finally {
      inFlight.current = null;
    }
  }, [saveDraft.mutateAsync, videoId, baseVersion, language]);

  // Since when the document has changes no save has started to send.
  const pendingSince = useRef<number | null>(null);
  useEffect(() => {
    // A document back to the last saved one (an undo) while another save is on its way still goes:
    // that save will replace the saved one.
    if (doc === saved.current && !inFlight.current) {
      pendingSince.current = null;
      setStatus((now) => (now === 'unsaved' ? 'saved' : now));
      return;
    }
    setStatus((now) => (now === 'conflict' ? now : 'unsaved'));
    const now = Date.now();
    pendingSince.current ??= now;
    // Waits for a save on its way, then sends the latest document if it still differs.
    const timer = setTimeout(
      () => {
        pendingSince.current = null;
        void saveNow();
      },
      saveDelay(pendingSince.current, now),
    );
    return () => clearTimeout(timer);
  }, [doc, saveNow]);

  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') void saveNow();
    };
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      // Leaving the editor for another screen of the app.
      void saveNow();
    };
  }, [saveNow]);

  useEffect(() => {
    if (status === 'saved') return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [status]);

  return {
    status,
    savedAt,
    saveNow,
    /** The draft revision the server holds, after the last successful save. */
    revision: () => revision.current,
  };
}
