import { describe, expect, it } from 'vitest';
import type { KeyPress } from './shortcuts';
import { type EditorActions, runShortcut } from './use-editor-keyboard';

function recorder() {
  const ran: string[] = [];
  const actions = new Proxy({} as EditorActions, {
    get: (_target, name) => () => ran.push(String(name)),
  });
  return { ran, actions };
}

const press = (key: Partial<KeyPress>) => {
  const event = {
    key: '',
    code: '',
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    prevented: false,
    preventDefault() {
      event.prevented = true;
    },
    ...key,
  };
  return event;
};

describe('the editor keyboard', () => {
  it('runs the action of a shortcut and keeps the browser from handling the key', () => {
    const { ran, actions } = recorder();
    const save = press({ key: 's', ctrlKey: true });
    expect(runShortcut(save, true, actions)).toBe('save');
    expect(save.prevented).toBe(true);
    expect(ran).toEqual(['save']);
  });

  it('leaves other keys alone, and "?" to a text field', () => {
    const { ran, actions } = recorder();
    const letter = press({ key: 'a' });
    expect(runShortcut(letter, true, actions)).toBeNull();
    expect(letter.prevented).toBe(false);
    const help = press({ key: '?', shiftKey: true });
    expect(runShortcut(help, true, actions)).toBeNull();
    expect(runShortcut(help, false, actions)).toBe('help');
    expect(ran).toEqual(['help']);
  });
});
