import { useCallback, useEffect, useRef } from 'react';
import type { ToolbarAction } from './EditorToolbar';
import { actionFor, type EditorAction, type KeyPress } from './shortcuts';

/** Every action of the editor: its shortcuts (shortcuts.ts), its toolbar, and "next problem". */
export type EditorActions = Record<EditorAction | ToolbarAction | 'nextProblem', () => void>;

function isTextField(target: EventTarget | null) {
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    (target instanceof HTMLElement && target.isContentEditable)
  );
}

/**
 * Runs the action a key press is a shortcut of, the browser's own handling of the key prevented;
 * answers the action, or null when the key is none of the editor's.
 */
export function runShortcut(
  event: KeyPress & { preventDefault(): void },
  inTextField: boolean,
  actions: EditorActions,
): EditorAction | null {
  const action = actionFor(event, inTextField);
  if (!action) return null;
  event.preventDefault();
  actions[action]();
  return action;
}

/**
 * The editor's shortcuts, listened to on the window, and stable handlers for the toolbar and the
 * parts around the cue list. `actions` is rebuilt by every render of the editor, so a shortcut always
 * sees the latest document and selection; the handlers read it through a ref.
 */
export function useEditorKeyboard(actions: EditorActions) {
  const handlers = useRef(actions);
  handlers.current = actions;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      runShortcut(event, isTextField(event.target), handlers.current);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  const onAction = useCallback((action: ToolbarAction) => handlers.current[action](), []);
  const onNextProblem = useCallback(() => handlers.current.nextProblem(), []);
  const onPlayPause = useCallback(() => handlers.current.playPause(), []);
  return { onAction, onNextProblem, onPlayPause };
}
