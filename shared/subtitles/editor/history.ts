/**
 * Undo and redo for the editor: whole documents, which share every unchanged cue with the one
 * before (model.ts), so a step costs one array of references.
 */
import type { EditorDoc } from './model';

export interface History {
  past: EditorDoc[];
  present: EditorDoc;
  future: EditorDoc[];
  /** The coalesce key of the change that made `present`; cleared by undo and redo. */
  coalesceKey?: string;
}

/**
 * Our choice: the past is bounded; the oldest steps are dropped beyond this many. 500 steps of a
 * 600-cue document hold about 2.4 MB of references.
 */
export const HISTORY_LIMIT = 500;

export function createHistory(doc: EditorDoc): History {
  return { past: [], present: doc, future: [] };
}

/**
 * Records a new document. Changes with the same `coalesceKey` one after another (typing in one
 * cue, e.g. `text:c12`) make one undo step; any other change starts a new one. A new change
 * clears what could be redone. The same document as the present records nothing.
 */
export function record(history: History, next: EditorDoc, options: { coalesceKey?: string } = {}): History {
  if (next === history.present) return history;
  const key = options.coalesceKey;
  if (key !== undefined && key === history.coalesceKey) {
    return { past: history.past, present: next, future: [], coalesceKey: key };
  }
  const past = [...history.past, history.present];
  if (past.length > HISTORY_LIMIT) past.splice(0, past.length - HISTORY_LIMIT);
  return key === undefined
    ? { past, present: next, future: [] }
    : { past, present: next, future: [], coalesceKey: key };
}

export function undo(history: History): History {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

export function redo(history: History): History {
  const [next, ...future] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future };
}

export function canUndo(history: History): boolean {
  return history.past.length > 0;
}

export function canRedo(history: History): boolean {
  return history.future.length > 0;
}
