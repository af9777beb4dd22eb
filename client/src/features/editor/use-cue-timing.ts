import { notifications } from '@mantine/notifications';
import { type RefObject, useCallback, useMemo, useRef } from 'react';
import {
  type Edge,
  type EditorDoc,
  keepsSpan,
  nudgeEdge,
  type SnapContext,
  setTiming,
  snapEdge,
  snapMove,
} from '../../../../shared/subtitles/editor';
import { TIME_TEXTS } from './time-text';

type Timing = { startMs?: number; endMs?: number };
type Change = (operation: (doc: EditorDoc) => EditorDoc) => void;

/**
 * How a cue's times change: typed (as typed), dragged on the waveform or set from the playhead
 * (snapped to shot changes and neighbours), nudged a frame (past the places an edge may not stand);
 * see shared/subtitles/editor/snapping.ts. Every handler is stable and reads the latest document.
 */
export function useCueTiming(
  latestDoc: RefObject<EditorDoc>,
  change: Change,
  fps: number,
  shotChangesMs: readonly number[],
) {
  const snapContext = useMemo<SnapContext>(() => ({ fps, shotChangesMs }), [fps, shotChangesMs]);
  const context = useRef(snapContext);
  context.current = snapContext;
  const find = useCallback((id: string) => latestDoc.current.find((cue) => cue.id === id), [latestDoc]);

  // A time that would end a cue before its start is refused where it is typed (CueRow); one set from
  // the playhead on the wrong side of the other edge is refused here, and said.
  const onTiming = useCallback(
    (id: string, timing: Timing) => {
      const cue = find(id);
      if (!cue) return;
      if (!keepsSpan(cue, timing)) {
        notifications.show({ color: 'yellow', message: TIME_TEXTS.playheadOutside });
        return;
      }
      change((current) => setTiming(current, id, timing));
    },
    [change, find],
  );

  /** A region dragged or stretched: answers the times the cue has now, for the region to show. */
  const onDragged = useCallback(
    (id: string, timing: { startMs: number; endMs: number }) => {
      const cue = find(id);
      if (!cue) return timing;
      const doc = latestDoc.current;
      const moved = timing.startMs !== cue.startMs && timing.endMs !== cue.endMs;
      const edge: Edge = timing.startMs !== cue.startMs ? 'startMs' : 'endMs';
      const placed = moved
        ? snapMove(doc, id, timing, context.current)
        : { ...timing, [edge]: snapEdge(doc, id, edge, timing[edge], context.current) };
      if (!keepsSpan(cue, placed)) return { startMs: cue.startMs, endMs: cue.endMs };
      change((current) => setTiming(current, id, placed));
      return placed;
    },
    [change, find, latestDoc],
  );

  const fromPlayhead = useCallback(
    (id: string, edge: Edge, ms: number) =>
      onTiming(id, { [edge]: snapEdge(latestDoc.current, id, edge, ms, context.current) }),
    [onTiming, latestDoc],
  );

  const nudge = useCallback(
    (id: string, edge: Edge, frames: number) => {
      const ms = nudgeEdge(latestDoc.current, id, edge, frames, context.current);
      if (ms === null) notifications.show({ color: 'yellow', message: TIME_TEXTS.nudgeStopped });
      else change((current) => setTiming(current, id, { [edge]: ms }));
    },
    [change, latestDoc],
  );

  return { onTiming, onDragged, fromPlayhead, nudge };
}
