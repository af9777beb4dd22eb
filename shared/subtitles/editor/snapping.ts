/**
 * Where a cue edge lands when it is dragged, set from the playhead or nudged (issue 39): on a shot
 * change and at the two-frame gap from its neighbours, as subtitlers time by Netflix's Timed Text
 * Style Guide (Subtitle Timing Guidelines, docs/SUBTITLE-STYLE.md):
 *
 * - a start within 12 frames of a shot change goes onto it; an end within 12 frames of one goes to
 *   2 frames before it (ending on the cut, or one frame before, flashes the subtitle across it);
 * - an end within 12 frames of the next cue's start closes the gap to 2 frames ("chaining"); a start
 *   closer than 2 frames to the previous cue's end (or overlapping it by less than 12 frames) is
 *   pushed to 2 frames after it. The gap wins over the shot change: an overlap is the worse fault.
 *
 * Frames are those of the video (25 a second when unknown). Pure, for the browser and its tests.
 */
import { type EditorCue, type EditorDoc, keepsSpan, stepFrames } from './model';

export type Edge = 'startMs' | 'endMs';

export interface SnapContext {
  fps: number;
  /** The video's shot changes in ms, ascending. */
  shotChangesMs: readonly number[];
}

/** Netflix: "half a second", 12 frames at 24 fps. */
export const SHOT_CHANGE_FRAMES = 12;
/** The least gap between two cues, and between an end and the shot change after it. */
export const GAP_FRAMES = 2;

const framesMs = (frames: number, fps: number) => (frames * 1000) / fps;
/** How many frames apart two times are, rounded (times are whole ms, frames are not). */
export const framesApart = (a: number, b: number, fps: number) => Math.round((Math.abs(a - b) * fps) / 1000);

/** Where an edge belongs at a shot change: a start on it, an end two frames before it. */
export function shotChangePoint(shotMs: number, edge: Edge, fps: number): number {
  return edge === 'startMs' ? shotMs : Math.max(0, Math.round(shotMs - framesMs(GAP_FRAMES, fps)));
}

/**
 * The shot change nearest `ms` within 12 frames of it (before or after), if any: a binary search of
 * the ascending list, as every cue's edges are checked on every keystroke.
 */
export function shotChangeNear(ms: number, context: SnapContext): number | null {
  const shots = context.shotChangesMs;
  let low = 0;
  let high = shots.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((shots[middle] ?? 0) < ms) low = middle + 1;
    else high = middle;
  }
  let nearest: number | null = null;
  for (const shot of [shots[low - 1], shots[low]]) {
    if (shot === undefined || framesApart(ms, shot, context.fps) >= SHOT_CHANGE_FRAMES) continue;
    if (nearest === null || Math.abs(ms - shot) < Math.abs(ms - nearest)) nearest = shot;
  }
  return nearest;
}

/** The times an edge must keep its gap from: the end before its cue and the start after it. */
function neighbours(doc: EditorDoc, cue: EditorCue) {
  let previousEnd: number | null = null;
  let nextStart: number | null = null;
  for (const other of doc) {
    if (other.id === cue.id) continue;
    if (other.startMs < cue.startMs || (other.startMs === cue.startMs && other.endMs <= cue.startMs))
      previousEnd = previousEnd === null ? other.endMs : Math.max(previousEnd, other.endMs);
    else if (other.startMs >= cue.startMs && nextStart === null) nextStart = other.startMs;
  }
  return { previousEnd, nextStart };
}

/** The edge at the two-frame gap from its neighbour, when it comes close to it; else as it is. */
function keepGap(ms: number, edge: Edge, cue: EditorCue, doc: EditorDoc, fps: number): number {
  const { previousEnd, nextStart } = neighbours(doc, cue);
  const gap = framesMs(GAP_FRAMES, fps);
  const reach = framesMs(SHOT_CHANGE_FRAMES, fps);
  if (edge === 'startMs' && previousEnd !== null) {
    const point = Math.round(previousEnd + gap);
    if (ms < point && ms > point - reach) return point;
  }
  if (edge === 'endMs' && nextStart !== null) {
    const point = Math.round(nextStart - gap);
    // An end also chains forward: a gap of 12 frames or fewer closes to two.
    if (Math.abs(ms - point) < reach) return point;
  }
  return ms;
}

/**
 * Where an edge dragged (or set from the playhead) to `ms` lands: on a shot change within 12
 * frames, at the two-frame gap near a neighbour; `ms` itself when snapping would end the cue at or
 * before its start.
 */
export function snapEdge(doc: EditorDoc, id: string, edge: Edge, ms: number, context: SnapContext): number {
  const cue = doc.find((candidate) => candidate.id === id);
  if (!cue) return ms;
  const shot = shotChangeNear(ms, context);
  const onShot = shot === null ? ms : shotChangePoint(shot, edge, context.fps);
  const snapped = keepGap(onShot, edge, cue, doc, context.fps);
  return keepsSpan(cue, { [edge]: snapped }) ? snapped : ms;
}

/**
 * A cue moved whole (both edges by the same time): moved on by the smaller of its two edges' snaps,
 * so it keeps its duration.
 */
export function snapMove(
  doc: EditorDoc,
  id: string,
  timing: { startMs: number; endMs: number },
  context: SnapContext,
): { startMs: number; endMs: number } {
  const byStart = snapEdge(doc, id, 'startMs', timing.startMs, context) - timing.startMs;
  const byEnd = snapEdge(doc, id, 'endMs', timing.endMs, context) - timing.endMs;
  const shift =
    byStart === 0 ? byEnd : byEnd === 0 ? byStart : Math.abs(byStart) <= Math.abs(byEnd) ? byStart : byEnd;
  return { startMs: timing.startMs + shift, endMs: timing.endMs + shift };
}

/**
 * An edge moved by `frames` frames, then past any place an edge may not stand: within 12 frames of
 * a shot change it goes onto the shot change's point when moving towards it, out to 12 frames from
 * it when moving away; it stops at the two-frame gap from the neighbour it moves towards. Null when
 * it cannot move (the cue would end at or before its start).
 */
export function nudgeEdge(
  doc: EditorDoc,
  id: string,
  edge: Edge,
  frames: number,
  context: SnapContext,
): number | null {
  const cue = doc.find((candidate) => candidate.id === id);
  if (!cue || frames === 0) return null;
  const { fps } = context;
  const direction = Math.sign(frames);
  let target = stepFrames(cue[edge], frames, fps);
  // Each pass leaves one shot change's window; close shot changes may need several.
  for (let pass = 0; pass <= context.shotChangesMs.length; pass++) {
    const shot = shotChangeNear(target, context);
    if (shot === null) break;
    const point = shotChangePoint(shot, edge, fps);
    if (target === point) break;
    const towards = Math.sign(point - target) === direction && Math.sign(point - cue[edge]) === direction;
    if (towards) {
      target = point;
      break;
    }
    target = Math.round(shot + direction * framesMs(SHOT_CHANGE_FRAMES, fps));
  }
  const { previousEnd, nextStart } = neighbours(doc, cue);
  const gap = framesMs(GAP_FRAMES, fps);
  if (edge === 'startMs' && direction < 0 && previousEnd !== null) {
    const point = Math.round(previousEnd + gap);
    if (cue.startMs >= point && target < point) target = point;
  }
  if (edge === 'endMs' && direction > 0 && nextStart !== null) {
    const point = Math.round(nextStart - gap);
    if (cue.endMs <= point && target > point) target = point;
  }
  if (target === cue[edge] || !keepsSpan(cue, { [edge]: target })) return null;
  return target;
}
