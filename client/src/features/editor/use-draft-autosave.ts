import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { cuesFromDoc, type EditorDoc } from '../../../../shared/subtitles/editor';
import { useTRPC } from '../../lib/trpc';
import { errorCode } from '../auth/server-errors';

/** How long after the last change the draft saves by itself. */
export const AUTOSAVE_MS = 2_000;

export type DraftStatus = 'saved' | 'unsaved' | 'saving' | 'conflict' | 'failed';

/**
 * Keeps the server's draft up to date: a few seconds after the last change, on Ctrl+S, and before
 * "Save and burn in". The draft's revision guards against another tab or browser: a save based on
 * an older revision is refused, and the status says so instead of overwriting.
 */
export function useDraftAutosave(
  videoId: number,
  doc: EditorDoc,
  opened: { revision: number; baseVersion: number | undefined },
) {
  const trpc = useTRPC();
  const saveDraft = useMutation(trpc.editor.saveDraft.mutationOptions());
  const [status, setStatus] = useState<DraftStatus>('saved');
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const revision = useRef(opened.revision);
  // The version the first save builds on: refused if another tab burned in a newer one meanwhile.
  const baseVersion = opened.baseVersion;
  const saved = useRef(doc);
  const current = useRef(doc);
  current.current = doc;
  const inFlight = useRef<Promise<boolean> | null>(null);

  const saveNow = useCallback(async (): Promise<boolean> => {
    if (inFlight.current) await inFlight.current;
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
  }, [saveDraft.mutateAsync, videoId, baseVersion]);

  useEffect(() => {
    if (doc === saved.current) return;
    setStatus((now) => (now === 'conflict' ? now : 'unsaved'));
    const timer = window.setTimeout(() => void saveNow(), AUTOSAVE_MS);
    return () => window.clearTimeout(timer);
  }, [doc, saveNow]);

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
