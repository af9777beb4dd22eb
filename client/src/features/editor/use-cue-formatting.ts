import { type RefObject, useCallback, useMemo } from 'react';
import {
  type EditorDoc,
  type Mark,
  setPosition,
  toggleMark,
  updateText,
} from '../../../../shared/subtitles/editor';
import { selectionToFormat } from './CueTextField';

type Change = (operation: (doc: EditorDoc) => EditorDoc, coalesceKey?: string) => void;

/** The cue whose field has the focus, else the selected one. */
function cueToFormat(selected: string | null): string | null {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active.dataset.cueText) return active.dataset.cueText;
  return selected;
}

/**
 * Italic, bold and underline on the selected text of a cue (the whole cue when nothing is selected)
 * and its place at the top, each one undoable step of the history.
 */
export function useCueFormatting(change: Change, selected: RefObject<string | null>) {
  const format = useCallback(
    (mark: Mark) => {
      const id = cueToFormat(selected.current);
      if (!id) return;
      const selection = selectionToFormat(id);
      change((doc) => {
        const cue = doc.find((candidate) => candidate.id === id);
        if (!cue) return doc;
        return updateText(doc, id, toggleMark(cue.text, mark, selection?.start ?? 0, selection?.end ?? 0));
      });
    },
    [change, selected],
  );
  const onPosition = useCallback(
    (id: string, position: 8 | undefined) => change((doc) => setPosition(doc, id, position)),
    [change],
  );
  return useMemo(
    () => ({
      italic: () => format('i'),
      bold: () => format('b'),
      underline: () => format('u'),
      onPosition,
    }),
    [format, onPosition],
  );
}
