import { describe, expect, it } from 'vitest';
import { actionFor, type KeyPress, LOCAL_KEYS, SHORTCUTS } from './shortcuts';

const key = (press: Partial<KeyPress>): KeyPress => ({
  key: '',
  code: '',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...press,
});

describe('editor shortcuts', () => {
  it('map each key press to one action', () => {
    expect(actionFor(key({ key: ' ', code: 'Space', ctrlKey: true }), true)).toBe('playPause');
    expect(actionFor(key({ key: 'ArrowLeft', altKey: true }), true)).toBe('back1s');
    expect(actionFor(key({ key: 'ArrowLeft', altKey: true, shiftKey: true }), true)).toBe('backFrame');
    expect(actionFor(key({ key: 'Enter', ctrlKey: true }), true)).toBe('split');
    expect(actionFor(key({ key: 'Enter', ctrlKey: true, shiftKey: true }), true)).toBe('merge');
    expect(actionFor(key({ key: 'z', metaKey: true }), true)).toBe('undo');
    expect(actionFor(key({ key: 'Z', ctrlKey: true, shiftKey: true }), true)).toBe('redo');
    expect(actionFor(key({ key: 'y', ctrlKey: true }), true)).toBe('redo');
    expect(actionFor(key({ key: 's', ctrlKey: true }), false)).toBe('save');
    expect(actionFor(key({ key: 'f', ctrlKey: true }), true)).toBe('find');
  });

  it("nudge the selected cue's start and end by a frame with Alt and a bracket, by the key's place", () => {
    expect(actionFor(key({ key: '[', code: 'BracketLeft', altKey: true }), true)).toBe('startEarlier');
    expect(actionFor(key({ key: '“', code: 'BracketLeft', altKey: true }), true)).toBe('startEarlier');
    expect(actionFor(key({ key: ']', code: 'BracketRight', altKey: true }), true)).toBe('startLater');
    expect(actionFor(key({ key: '{', code: 'BracketLeft', altKey: true, shiftKey: true }), true)).toBe(
      'endEarlier',
    );
    expect(actionFor(key({ key: '}', code: 'BracketRight', altKey: true, shiftKey: true }), true)).toBe(
      'endLater',
    );
    // Ctrl+[ and Ctrl+] still set the edges at the playhead.
    expect(actionFor(key({ key: '[', code: 'BracketLeft', ctrlKey: true }), true)).toBe('setStart');
    expect(actionFor(key({ key: ']', code: 'BracketRight', ctrlKey: true }), true)).toBe('setEnd');
  });

  it('set the edges at the playhead with Ctrl+3 and Ctrl+4 too, as in Aegisub, on any layout', () => {
    expect(actionFor(key({ key: '3', code: 'Digit3', ctrlKey: true }), true)).toBe('setStart');
    expect(actionFor(key({ key: '4', code: 'Digit4', ctrlKey: true }), true)).toBe('setEnd');
    // AZERTY: the same keys type '"' and "'".
    expect(actionFor(key({ key: '"', code: 'Digit3', ctrlKey: true }), true)).toBe('setStart');
    expect(actionFor(key({ key: "'", code: 'Digit4', metaKey: true }), true)).toBe('setEnd');
    expect(actionFor(key({ key: '3', code: 'Digit3' }), true)).toBeNull();
  });

  it('leave typing alone: plain letters and ? in a text field do nothing', () => {
    expect(actionFor(key({ key: 'a' }), true)).toBeNull();
    expect(actionFor(key({ key: '?' }), true)).toBeNull();
    expect(actionFor(key({ key: '?' }), false)).toBe('help');
  });

  it('never give two actions the same keys', () => {
    const keys = SHORTCUTS.map((shortcut) => shortcut.keys);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('the README', () => {
  it('lists every shortcut of the editor', async () => {
    const { readFile } = await import('node:fs/promises');
    const readme = await readFile(new URL('../../../../README.md', import.meta.url), 'utf8');
    const section = readme.slice(
      readme.indexOf('## Subtitle editor'),
      readme.indexOf('\n## ', readme.indexOf('## Subtitle editor') + 1),
    );
    for (const shortcut of SHORTCUTS) expect(section, shortcut.action).toContain(shortcut.keys);
  });
});

describe('the shortcut sheet', () => {
  it('lists every key a handler of the editor compares against', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const folder = new URL('./', import.meta.url);
    const sources = (await readdir(folder)).filter(
      (name) => /\.tsx?$/.test(name) && !name.endsWith('.test.ts') && name !== 'shortcuts.ts',
    );
    const handled = new Set<string>();
    for (const name of sources) {
      const source = await readFile(new URL(name, folder), 'utf8');
      for (const [, key = ''] of source.matchAll(/\.key\s*[!=]==\s*'([^']+)'/g))
        handled.add(`${name}: ${key}`);
    }
    // A file the test reads at least: the find field's Enter and the time fields' Escape.
    expect([...handled]).toEqual(
      expect.arrayContaining(['FindReplacePanel.tsx: Enter', 'CueRow.tsx: Escape']),
    );
    const sheet = new Set(LOCAL_KEYS.flatMap((local) => local.handled));
    for (const entry of handled) expect(sheet, entry).toContain(entry.split(': ')[1]);
  });

  it('names every key of the global shortcuts and of single fields', () => {
    for (const shortcut of [...SHORTCUTS, ...LOCAL_KEYS]) {
      expect(shortcut.keys).not.toBe('');
      expect(shortcut.description).not.toBe('');
    }
    expect(actionFor(key({ key: 'i', ctrlKey: true }), true)).toBe('italic');
    expect(actionFor(key({ key: 'b', metaKey: true }), true)).toBe('bold');
    expect(actionFor(key({ key: 'u', ctrlKey: true }), true)).toBe('underline');
    expect(actionFor(key({ key: 'F3' }), true)).toBe('findNext');
    expect(actionFor(key({ key: 'F3', shiftKey: true }), true)).toBe('findPrevious');
  });
});
