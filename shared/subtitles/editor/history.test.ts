import { describe, expect, it } from 'vitest';
import { canRedo, canUndo, createHistory, HISTORY_LIMIT, record, redo, undo } from './history';
import { deleteCue, docFromCues, type EditorDoc, updateText } from './model';

const start = docFromCues([
  { startMs: 0, endMs: 2000, text: 'Hello' },
  { startMs: 3000, endMs: 5000, text: 'World' },
]);

/** Typing `text` into cue `id` one character at a time, each keystroke recorded with the key. */
function type(history: ReturnType<typeof createHistory>, id: string, text: string, key?: string) {
  let result = history;
  for (let length = 1; length <= text.length; length++) {
    result = record(result, updateText(result.present, id, text.slice(0, length)), { coalesceKey: key });
  }
  return result;
}

const texts = (doc: EditorDoc) => doc.map((cue) => cue.text);

describe('history', () => {
  it('starts with nothing to undo or redo, and ignores undo and redo then', () => {
    const history = createHistory(start);
    expect(history).toEqual({ past: [], present: start, future: [] });
    expect(canUndo(history)).toBe(false);
    expect(canRedo(history)).toBe(false);
    expect(undo(history)).toBe(history);
    expect(redo(history)).toBe(history);
  });

  it('undoes and redoes changes in order', () => {
    let history = createHistory(start);
    history = record(history, updateText(history.present, 'c1', 'Hi'));
    history = record(history, deleteCue(history.present, 'c2'));
    expect(texts(history.present)).toEqual(['Hi']);
    history = undo(history);
    expect(texts(history.present)).toEqual(['Hi', 'World']);
    history = undo(history);
    expect(history.present).toBe(start);
    expect(canUndo(history)).toBe(false);
    expect(canRedo(history)).toBe(true);
    history = redo(redo(history));
    expect(texts(history.present)).toEqual(['Hi']);
    expect(canRedo(history)).toBe(false);
  });

  it('coalesces typing in one cue into one undo step while the key repeats', () => {
    let history = type(createHistory(start), 'c1', 'Hey there', 'text:c1');
    expect(history.past).toHaveLength(1);
    expect(history.present[0]?.text).toBe('Hey there');
    history = type(history, 'c2', 'Earth', 'text:c2');
    expect(history.past).toHaveLength(2);
    history = undo(history);
    expect(texts(history.present)).toEqual(['Hey there', 'World']);
    history = undo(history);
    expect(history.present).toBe(start);
  });

  it('does not coalesce without a key, nor across an undo or another change', () => {
    expect(type(createHistory(start), 'c1', 'abc').past).toHaveLength(3);
    let history = type(createHistory(start), 'c1', 'ab', 'text:c1');
    history = undo(history);
    history = type(history, 'c1', 'xy', 'text:c1');
    expect(history.past).toHaveLength(1);
    history = record(history, deleteCue(history.present, 'c2'));
    history = type(history, 'c1', 'z', 'text:c1');
    expect(history.past).toHaveLength(3);
  });

  it('clears what could be redone when a new change is recorded', () => {
    let history = record(createHistory(start), updateText(start, 'c1', 'One'));
    history = undo(history);
    expect(canRedo(history)).toBe(true);
    history = record(history, updateText(history.present, 'c2', 'Two'));
    expect(canRedo(history)).toBe(false);
    expect(texts(history.present)).toEqual(['Hello', 'Two']);
  });

  it('records nothing for an operation that changed nothing', () => {
    const history = createHistory(start);
    expect(record(history, updateText(start, 'c1', 'Hello'))).toBe(history);
  });

  it(`keeps at most ${HISTORY_LIMIT} steps, dropping the oldest`, () => {
    let history = createHistory(start);
    for (let step = 0; step < HISTORY_LIMIT + 20; step++) {
      history = record(history, updateText(history.present, 'c1', `Step ${step}`));
    }
    expect(history.past).toHaveLength(HISTORY_LIMIT);
    while (canUndo(history)) history = undo(history);
    expect(history.present[0]?.text).toBe('Step 19');
    expect(history.future).toHaveLength(HISTORY_LIMIT);
  });
});
