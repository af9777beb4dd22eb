/** What a shortcut does in the editor. */
export type EditorAction =
  | 'playPause'
  | 'back1s'
  | 'forward1s'
  | 'backFrame'
  | 'forwardFrame'
  | 'setStart'
  | 'setEnd'
  | 'startEarlier'
  | 'startLater'
  | 'endEarlier'
  | 'endLater'
  | 'split'
  | 'merge'
  | 'nextCue'
  | 'previousCue'
  | 'undo'
  | 'redo'
  | 'find'
  | 'findNext'
  | 'findPrevious'
  | 'italic'
  | 'bold'
  | 'underline'
  | 'save'
  | 'help';

/** What a shortcut reads of a key press (a KeyboardEvent has all of it). */
export type KeyPress = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;

export interface Shortcut {
  action: EditorAction;
  /** As the shortcut sheet shows it. */
  keys: string;
  description: string;
  matches: (event: KeyPress) => boolean;
}

const mod = (event: KeyPress) => event.ctrlKey || event.metaKey;
const plain = (event: KeyPress) => !event.ctrlKey && !event.metaKey && !event.altKey;
const nudge = (event: KeyPress, shift: boolean) => event.altKey && !mod(event) && event.shiftKey === shift;

/**
 * Every shortcut works while typing in a cue, so none is a plain letter (but `?`, which only opens
 * the sheet outside a text field). The sheet on `?`, the README and the handler read this one list.
 */
export const SHORTCUTS: readonly Shortcut[] = [
  {
    action: 'playPause',
    keys: 'Ctrl+Space',
    description: 'Play or pause',
    matches: (event) => mod(event) && event.code === 'Space',
  },
  {
    action: 'back1s',
    keys: 'Alt+←',
    description: 'Back 1 second',
    matches: (event) => event.altKey && !event.shiftKey && event.key === 'ArrowLeft',
  },
  {
    action: 'forward1s',
    keys: 'Alt+→',
    description: 'Forward 1 second',
    matches: (event) => event.altKey && !event.shiftKey && event.key === 'ArrowRight',
  },
  {
    action: 'backFrame',
    keys: 'Alt+Shift+←',
    description: 'Back 1 frame',
    matches: (event) => event.altKey && event.shiftKey && event.key === 'ArrowLeft',
  },
  {
    action: 'forwardFrame',
    keys: 'Alt+Shift+→',
    description: 'Forward 1 frame',
    matches: (event) => event.altKey && event.shiftKey && event.key === 'ArrowRight',
  },
  // Ctrl+3 and Ctrl+4 as in Aegisub ("Snap start / end to video"), by the key's place: AZERTY types
  // '"' and "'" there. Both snap to a shot change or the neighbour's gap nearby (snapping.ts).
  {
    action: 'setStart',
    keys: 'Ctrl+[ or Ctrl+3',
    description: 'Start the selected cue at the playhead',
    matches: (event) => mod(event) && !event.altKey && (event.key === '[' || event.code === 'Digit3'),
  },
  {
    action: 'setEnd',
    keys: 'Ctrl+] or Ctrl+4',
    description: 'End the selected cue at the playhead',
    matches: (event) => mod(event) && !event.altKey && (event.key === ']' || event.code === 'Digit4'),
  },
  // By the key's place (code): Alt with a bracket types another character on some layouts (macOS).
  {
    action: 'startEarlier',
    keys: 'Alt+[',
    description: "Move the selected cue's start 1 frame earlier",
    matches: (event) => nudge(event, false) && event.code === 'BracketLeft',
  },
  {
    action: 'startLater',
    keys: 'Alt+]',
    description: "Move the selected cue's start 1 frame later",
    matches: (event) => nudge(event, false) && event.code === 'BracketRight',
  },
  {
    action: 'endEarlier',
    keys: 'Alt+Shift+[',
    description: "Move the selected cue's end 1 frame earlier",
    matches: (event) => nudge(event, true) && event.code === 'BracketLeft',
  },
  {
    action: 'endLater',
    keys: 'Alt+Shift+]',
    description: "Move the selected cue's end 1 frame later",
    matches: (event) => nudge(event, true) && event.code === 'BracketRight',
  },
  {
    action: 'split',
    keys: 'Ctrl+Enter',
    description: 'Split the selected cue at the text cursor (or the playhead)',
    matches: (event) => mod(event) && !event.shiftKey && event.key === 'Enter',
  },
  {
    action: 'merge',
    keys: 'Ctrl+Shift+Enter',
    description: 'Merge the selected cue with the next',
    matches: (event) => mod(event) && event.shiftKey && event.key === 'Enter',
  },
  {
    action: 'nextCue',
    keys: 'Alt+↓',
    description: 'Next cue',
    matches: (event) => event.altKey && event.key === 'ArrowDown',
  },
  {
    action: 'previousCue',
    keys: 'Alt+↑',
    description: 'Previous cue',
    matches: (event) => event.altKey && event.key === 'ArrowUp',
  },
  {
    action: 'undo',
    keys: 'Ctrl+Z',
    description: 'Undo',
    matches: (event) => mod(event) && !event.shiftKey && event.key.toLowerCase() === 'z',
  },
  {
    action: 'redo',
    keys: 'Ctrl+Shift+Z or Ctrl+Y',
    description: 'Redo',
    matches: (event) =>
      mod(event) && ((event.shiftKey && event.key.toLowerCase() === 'z') || event.key.toLowerCase() === 'y'),
  },
  {
    // Only the cues in view are in the page, so the browser's own find would miss the others.
    action: 'find',
    keys: 'Ctrl+F',
    description: 'Find and replace in every cue',
    matches: (event) => mod(event) && !event.shiftKey && event.key.toLowerCase() === 'f',
  },
  {
    action: 'findNext',
    keys: 'F3',
    description: 'Find the next match',
    matches: (event) => !mod(event) && !event.altKey && !event.shiftKey && event.key === 'F3',
  },
  {
    action: 'findPrevious',
    keys: 'Shift+F3',
    description: 'Find the previous match',
    matches: (event) => !mod(event) && !event.altKey && event.shiftKey && event.key === 'F3',
  },
  {
    action: 'italic',
    keys: 'Ctrl+I',
    description: 'Italic: the selected text of the cue, or the whole cue',
    matches: (event) => mod(event) && !event.shiftKey && !event.altKey && event.key.toLowerCase() === 'i',
  },
  {
    action: 'bold',
    keys: 'Ctrl+B',
    description: 'Bold: the selected text of the cue, or the whole cue',
    matches: (event) => mod(event) && !event.shiftKey && !event.altKey && event.key.toLowerCase() === 'b',
  },
  {
    action: 'underline',
    keys: 'Ctrl+U',
    description: 'Underline: the selected text of the cue, or the whole cue',
    matches: (event) => mod(event) && !event.shiftKey && !event.altKey && event.key.toLowerCase() === 'u',
  },
  {
    action: 'save',
    keys: 'Ctrl+S',
    description: 'Save the draft now (it also saves by itself)',
    matches: (event) => mod(event) && event.key.toLowerCase() === 's',
  },
  {
    action: 'help',
    keys: '?',
    description: 'Show these shortcuts (outside a text field)',
    matches: (event) => plain(event) && event.key === '?',
  },
];

/** A key a single control of the editor handles while it has the focus, for the shortcut sheet. */
export interface LocalKey {
  keys: string;
  /** The `KeyboardEvent.key` values it handles, as its handler compares them. */
  handled: readonly string[];
  description: string;
}

export const LOCAL_KEYS: readonly LocalKey[] = [
  { keys: 'Enter', handled: ['Enter'], description: 'In a cue’s text: a new line. In a time: apply it' },
  { keys: 'Escape', handled: ['Escape'], description: 'In a refused time: put the last good time back' },
  {
    keys: 'Enter / Shift+Enter',
    handled: ['Enter'],
    description: 'In the Find field: the next / previous match',
  },
];

/** The action a key press asks for; `?` only counts outside text fields. */
export function actionFor(event: KeyPress, inTextField: boolean): EditorAction | null {
  const shortcut = SHORTCUTS.find((candidate) => candidate.matches(event));
  if (!shortcut || (shortcut.action === 'help' && inTextField)) return null;
  return shortcut.action;
}
