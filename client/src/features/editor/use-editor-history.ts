import { useCallback, useMemo, useState } from 'react';
import {
  canRedo,
  canUndo,
  createHistory,
  type EditorDoc,
  type History,
  record,
  redo,
  undo,
} from '../../../../shared/subtitles/editor';

/**
 * The document being edited and every step of it, for as long as the editor is open. `change`
 * applies an operation of the shared model; typing into one cue coalesces into one undo step.
 */
export function useEditorHistory(initial: EditorDoc) {
  const [history, setHistory] = useState<History>(() => createHistory(initial));
  const change = useCallback(
    (operation: (doc: EditorDoc) => EditorDoc, coalesceKey?: string) =>
      setHistory((current) => {
        const next = operation(current.present);
        return next === current.present ? current : record(current, next, { coalesceKey });
      }),
    [],
  );
  const actions = useMemo(
    () => ({
      change,
      undo: () => setHistory((current) => undo(current)),
      redo: () => setHistory((current) => redo(current)),
      /** Starts over from another document (a version), as one undoable step. */
      replace: (doc: EditorDoc) => setHistory((current) => record(current, doc)),
    }),
    [change],
  );
  return {
    doc: history.present,
    canUndo: canUndo(history),
    canRedo: canRedo(history),
    ...actions,
  };
}
