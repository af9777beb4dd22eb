import { useCallback, useMemo, useRef, useState } from 'react';
import type { OutputLanguage } from '../../../../shared/languages';
import type { PlanId } from '../../../../shared/plans';
import type { Cue } from '../../../../shared/subtitles/cue';
import {
  deleteCue,
  docFromCues,
  type EditorDoc,
  insertCue,
  mergeWithNext,
  reflowCue,
  shiftCues,
  splitCue,
  updateText,
} from '../../../../shared/subtitles/editor';
import { languageProfile } from '../../../../shared/subtitles/language-profile';
import { providePhraseLibrary } from '../../../../shared/subtitles/phrase-segmentation';
import { cueLanguage } from '../../../../shared/subtitles/scripts';
import { parseSrt } from '../../../../shared/subtitles/srt-parse';
import { useEditorHistory } from './use-editor-history';

/** What the editor opens on: the draft being edited, else the latest version's SRT, else nothing. */
export function openingCues(session: {
  draft: { cues: readonly Cue[] } | null;
  latest: { srt: string } | null;
}): readonly Cue[] {
  return session.draft ? session.draft.cues : session.latest ? parseSrt(session.latest.srt) : [];
}

/** The cue selected once `id` is deleted: the one after it, else the one before, else none. */
export function selectedAfterDelete(doc: EditorDoc, id: string): string | null {
  const index = doc.findIndex((cue) => cue.id === id);
  return doc[index + 1]?.id ?? doc[index - 1]?.id ?? null;
}

/** The cue `step` places from the selected one, kept within the list (the first with no selection). */
export function cueStepsAway(doc: EditorDoc, selected: string | null, step: number): string | null {
  const index = doc.findIndex((cue) => cue.id === selected);
  return doc[Math.min(doc.length - 1, Math.max(0, index + step))]?.id ?? null;
}

/**
 * The document being edited with its undo history, the selected cue and the caret, and every edit
 * of the cues. The handlers are stable and read the latest document and selection through refs, so
 * the rows and the toolbar they are handed to skip the re-renders of typing.
 */
export function useEditorDocument(session: Parameters<typeof openingCues>[0]) {
  const initial = useMemo(() => docFromCues(openingCues(session)), [session]);
  const history = useEditorHistory(initial);
  const { change } = history;
  const latestDoc = useRef(history.doc);
  latestDoc.current = history.doc;
  const [selectedId, setSelectedId] = useState<string | null>(initial[0]?.id ?? null);
  const latestSelected = useRef(selectedId);
  latestSelected.current = selectedId;
  const cursor = useRef<{ id: string; index: number } | null>(null);

  const onSelect = useCallback((id: string) => setSelectedId(id), []);
  const onText = useCallback(
    (id: string, text: string, index: number) => {
      cursor.current = { id, index };
      change((current) => updateText(current, id, text), `text:${id}`);
    },
    [change],
  );
  const onCursor = useCallback((id: string, index: number) => {
    cursor.current = { id, index };
  }, []);
  const onShift = useCallback(
    (offsetMs: number, onlySelected: boolean) => {
      const only = onlySelected && latestSelected.current ? [latestSelected.current] : undefined;
      change((current) => shiftCues(current, offsetMs, only));
    },
    [change],
  );

  const edits = useMemo(
    () => ({
      /** At the caret when it is in the selected cue's text, else at the playhead. */
      split(playheadMs: number) {
        const selected = latestSelected.current;
        if (!selected) return;
        const at = cursor.current?.id === selected ? { charIndex: cursor.current.index } : { ms: playheadMs };
        change((current) => splitCue(current, selected, at));
      },
      merge() {
        const selected = latestSelected.current;
        if (selected) change((current) => mergeWithNext(current, selected));
      },
      insert(playheadMs: number) {
        const selected = latestSelected.current;
        change((current) => insertCue(current, selected, playheadMs));
      },
      remove() {
        const selected = latestSelected.current;
        if (!selected) return;
        const next = selectedAfterDelete(latestDoc.current, selected);
        change((current) => deleteCue(current, selected));
        setSelectedId(next);
      },
      async reflow(video: { plan: PlanId | null; language: OutputLanguage }) {
        const selected = latestSelected.current;
        if (!selected) return;
        // Chinese, Japanese and Thai break lines at phrases: budoux loads with the first such reflow.
        const text = latestDoc.current.find((cue) => cue.id === selected)?.text ?? '';
        if (languageProfile(cueLanguage(text, video.language)).phraseModel)
          providePhraseLibrary(await import('budoux'));
        change((current) =>
          reflowCue(current, selected, { plan: video.plan ?? 'full-text', language: video.language }),
        );
      },
    }),
    [change],
  );

  return {
    ...history,
    latestDoc,
    selectedId,
    setSelectedId,
    latestSelected,
    onSelect,
    onText,
    onCursor,
    onShift,
    edits,
  };
}
