import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { OutputLanguage } from '../../../../shared/languages';
import { cuesFromDoc, type EditorDoc } from '../../../../shared/subtitles/editor';
import { useTRPC } from '../../lib/trpc';
import { errorCode } from '../auth/server-errors';

export type DraftStatus = 'saved' | 'unsaved' | 'saving' | 'conflict' | 'failed';

/**
 * Keeps the server's draft up to date: after every change (one save at a time; the changes made
 * while one is on its way go in the next), on Ctrl+S, when the page is hidden or left, and before
 * "Save and burn in". The draft's revision guards against another tab or browser: a save based on
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

  useEffect(() => {
    // A document back to the last saved one (an undo) while another save is on its way still goes:
    // that save will replace the saved one.
    if (doc === saved.current && !inFlight.current) return;
    setStatus((now) => (now === 'conflict' ? now : 'unsaved'));
    // Waits for a save on its way, then sends the latest document if it still differs.
    void saveNow();
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
