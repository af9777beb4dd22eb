import { defaultRangeExtractor, type Range, useVirtualizer } from '@tanstack/react-virtual';
import { memo, type Ref, useCallback, useEffect, useImperativeHandle, useRef } from 'react';
import type { EditorCue } from '../../../../shared/subtitles/editor';
import { CueRow, type CueRowProps } from './CueRow';
import classes from './editor.module.css';

const NO_PROBLEMS: readonly string[] = [];
/** A cue of two lines and its times, before the row is measured. */
const ESTIMATED_ROW_PX = 96;
/** Rows drawn beyond each edge of the view, so a short scroll shows rows already laid out. */
const OVERSCAN = 6;

export interface CueListHandle {
  /** Scrolls the cue into view (and puts the cursor in its text). */
  reveal(id: string, options?: { focus?: boolean }): void;
}

export interface CueListProps
  extends Pick<
    CueRowProps,
    'capCps' | 'onSelect' | 'onPick' | 'onText' | 'onTiming' | 'onCursor' | 'onPosition'
  > {
  ref: Ref<CueListHandle>;
  cues: readonly EditorCue[];
  problems: ReadonlyMap<string, readonly string[]>;
  selectedId: string | null;
}

/**
 * The cue list, with only the rows in view (and the selected one) in the page: 600 cues draw and
 * type as fast as 20, since the browser lays out a screenful of text fields, not all of them. Each
 * row says its place in the whole list (aria-posinset/aria-setsize) for screen readers.
 */
export const CueList = memo(function CueList({
  ref,
  cues,
  problems,
  selectedId,
  capCps,
  onSelect,
  onPick,
  onText,
  onTiming,
  onCursor,
  onPosition,
}: CueListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const selectedIndex = selectedId === null ? -1 : cues.findIndex((cue) => cue.id === selectedId);
  const keepMounted = useRef(selectedIndex);
  keepMounted.current = selectedIndex;
  // The selected row stays in the page when scrolled away, so its text field keeps the focus.
  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range);
    const selected = keepMounted.current;
    if (selected < 0 || indexes.includes(selected)) return indexes;
    return [...indexes, selected].sort((a, b) => a - b);
  }, []);
  const virtualizer = useVirtualizer({
    count: cues.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: OVERSCAN,
    getItemKey: (index) => cues[index]?.id ?? index,
    rangeExtractor,
  });

  const focusRequest = useRef<string | null>(null);
  useImperativeHandle(
    ref,
    () => ({
      reveal(id, options = {}) {
        const index = cues.findIndex((cue) => cue.id === id);
        if (index < 0) return;
        virtualizer.scrollToIndex(index, { align: 'auto' });
        if (options.focus) focusRequest.current = id;
      },
    }),
    [cues, virtualizer],
  );
  // A row asked to take the focus may only be drawn by the render after the scroll.
  useEffect(() => {
    const id = focusRequest.current;
    if (id === null) return;
    const text = scroller.current?.querySelector<HTMLElement>(`[data-cue-text="${id}"]`);
    if (!text) return;
    focusRequest.current = null;
    if (document.activeElement !== text) text.focus({ preventScroll: true });
  });

  return (
    <div ref={scroller} className={classes.cues}>
      <ul aria-label="Cues" className={classes.cueTrack} style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const cue = cues[item.index];
          if (!cue) return null;
          return (
            <CueRow
              key={cue.id}
              ref={virtualizer.measureElement}
              cue={cue}
              number={item.index + 1}
              total={cues.length}
              offset={item.start}
              problems={problems.get(cue.id) ?? NO_PROBLEMS}
              selected={cue.id === selectedId}
              capCps={capCps}
              onSelect={onSelect}
              onPick={onPick}
              onText={onText}
              onTiming={onTiming}
              onCursor={onCursor}
              onPosition={onPosition}
            />
          );
        })}
      </ul>
    </div>
  );
});
