import { type RefObject, useCallback, useMemo, useRef } from 'react';
import type { EditorDoc } from '../../../../shared/subtitles/editor';
import { type FindReplaceHandle, FindReplacePanel } from './FindReplacePanel';

type Change = (operation: (doc: EditorDoc) => EditorDoc, coalesceKey?: string) => void;

/**
 * The find and replace panel, wired to the editor's document: replacements are one undoable step,
 * a match selects its cue and seeks to it. Built once per opening, so the toolbar holding it keeps
 * skipping the re-renders of typing; `next` is for F3 and Shift+F3.
 */
export function useFindReplace(options: {
  change: Change;
  latestDoc: RefObject<EditorDoc>;
  latestSelected: RefObject<string | null>;
  select: (id: string, options: { seek: boolean }) => void;
  opened: boolean;
  onOpened: (opened: boolean) => void;
}) {
  const { change, latestDoc, latestSelected, select, opened, onOpened } = options;
  const finder = useRef<FindReplaceHandle>(null);
  const onReplace = useCallback(
    (replaceIn: (doc: EditorDoc) => { doc: EditorDoc; count: number }) => {
      const base = latestDoc.current;
      const result = replaceIn(base);
      if (result.count > 0) change((current) => (current === base ? result.doc : replaceIn(current).doc));
      return result.count;
    },
    [change, latestDoc],
  );
  const current = useCallback(
    () => ({ doc: latestDoc.current, selectedId: latestSelected.current }),
    [latestDoc, latestSelected],
  );
  const onGoTo = useCallback((id: string) => select(id, { seek: true }), [select]);
  const panel = useMemo(
    () => (
      <FindReplacePanel
        ref={finder}
        opened={opened}
        onOpened={onOpened}
        current={current}
        onGoTo={onGoTo}
        onReplace={onReplace}
      />
    ),
    [opened, onOpened, current, onGoTo, onReplace],
  );
  const next = useCallback((step: 1 | -1) => finder.current?.next(step), []);
  return { panel, next };
}
