import { Button, Checkbox, Group, Popover, Stack, Text, TextInput } from '@mantine/core';
import { type Ref, useImperativeHandle, useMemo, useRef, useState } from 'react';
import {
  compileFind,
  type EditorDoc,
  type FindMatch,
  type FindQuery,
  findNext,
  replaceMatches,
} from '../../../../shared/subtitles/editor';
import { fieldRange } from './CueTextField';

export interface FindReplaceHandle {
  /** The next (1) or previous (−1) match, for F3 and Shift+F3. */
  next(step: 1 | -1): void;
}

export interface FindReplacePanelProps {
  ref: Ref<FindReplaceHandle>;
  opened: boolean;
  onOpened: (opened: boolean) => void;
  /** The latest document and selected cue, read when asked (the panel is not drawn per keystroke). */
  current: () => { doc: EditorDoc; selectedId: string | null };
  /** Selects the match's cue and seeks to it; the focus stays in the panel. */
  onGoTo: (cueId: string) => void;
  /** Applies a replacement to the document as one undoable step and answers how many it replaced. */
  onReplace: (replace: (doc: EditorDoc) => { doc: EditorDoc; count: number }) => number;
}

const HIGHLIGHT = 'find-match';

/** Marks the match in its cue's field once the list has drawn that row (a frame or two later). */
function highlight(match: FindMatch | null, framesLeft = 3) {
  const registry = typeof CSS !== 'undefined' ? CSS.highlights : undefined;
  if (!registry || typeof Highlight === 'undefined') return;
  registry.delete(HIGHLIGHT);
  if (!match) return;
  const field = document.querySelector<HTMLElement>(`[data-cue-text="${match.cueId}"]`);
  if (!field) {
    if (framesLeft > 0) requestAnimationFrame(() => highlight(match, framesLeft - 1));
    return;
  }
  registry.set(HIGHLIGHT, new Highlight(fieldRange(field, match.start, match.end)));
}

/**
 * Find and replace as in a text editor: Enter and Shift+Enter (F3, Shift+F3 anywhere) go to the
 * next and previous match, with match case, whole word and regular expressions; a pattern that is
 * not valid is said under the field. Replace the current match, those of the selected cue, or all.
 */
export function FindReplacePanel({
  ref,
  opened,
  onOpened,
  current,
  onGoTo,
  onReplace,
}: FindReplacePanelProps) {
  const [query, setQuery] = useState<FindQuery>({
    text: '',
    matchCase: false,
    wholeWord: false,
    regex: false,
  });
  const [replacement, setReplacement] = useState('');
  const [onlySelected, setOnlySelected] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const match = useRef<FindMatch | null>(null);
  const compiled = useMemo(() => compileFind(query), [query]);

  const change = (patch: Partial<FindQuery>) => {
    setQuery((before) => ({ ...before, ...patch }));
    match.current = null;
    setStatus(null);
    highlight(null);
  };

  const goTo = (step: 1 | -1) => {
    if (!compiled.pattern) return;
    const { doc, selectedId } = current();
    // From the current match, else from the start of the selected cue.
    const from = match.current
      ? { cueId: match.current.cueId, index: match.current.start }
      : selectedId
        ? { cueId: selectedId, index: step === 1 ? -1 : 0 }
        : null;
    const found = findNext(doc, compiled.pattern, from, step);
    match.current = found?.match ?? null;
    if (!found) {
      setStatus('No match');
      highlight(null);
      return;
    }
    const number = doc.findIndex((cue) => cue.id === found.match.cueId) + 1;
    setStatus(`Match ${found.number} of ${found.total}, in cue ${number}`);
    onGoTo(found.match.cueId);
    highlight(found.match);
  };
  useImperativeHandle(ref, () => ({ next: goTo }));

  const replaceCurrent = () => {
    const at = match.current;
    if (!at) return goTo(1);
    const count = onReplace((doc) => replaceMatches(doc, query, replacement, { match: at }));
    match.current = count > 0 ? { ...at, end: at.start } : at;
    goTo(1);
  };
  const replaceAll = () => {
    const { selectedId } = current();
    const ids = onlySelected ? (selectedId ? [selectedId] : []) : undefined;
    const count = onReplace((doc) => replaceMatches(doc, query, replacement, { ids }));
    match.current = null;
    highlight(null);
    setStatus(`${count} replaced`);
  };

  return (
    <Popover
      position="bottom"
      withArrow
      trapFocus
      opened={opened}
      onChange={(next) => {
        if (!next) highlight(null);
        onOpened(next);
      }}
    >
      <Popover.Target>
        <Button size="compact-xs" variant="default" onClick={() => onOpened(!opened)}>
          Find and replace
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" w={280}>
          <TextInput
            label="Find"
            value={query.text}
            error={compiled.error}
            onChange={(event) => change({ text: event.currentTarget.value })}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              goTo(event.shiftKey ? -1 : 1);
            }}
            size="xs"
          />
          <Group gap="xs">
            <Checkbox
              size="xs"
              label="Match case"
              checked={query.matchCase}
              onChange={(event) => change({ matchCase: event.currentTarget.checked })}
            />
            <Checkbox
              size="xs"
              label="Whole word"
              checked={query.wholeWord}
              onChange={(event) => change({ wholeWord: event.currentTarget.checked })}
            />
            <Checkbox
              size="xs"
              label="Regular expression"
              checked={query.regex}
              onChange={(event) => change({ regex: event.currentTarget.checked })}
            />
          </Group>
          <Group gap={4}>
            <Button size="compact-xs" variant="default" disabled={!compiled.pattern} onClick={() => goTo(-1)}>
              Previous
            </Button>
            <Button size="compact-xs" variant="default" disabled={!compiled.pattern} onClick={() => goTo(1)}>
              Next
            </Button>
          </Group>
          <TextInput
            label="Replace with"
            description={query.regex ? '$1, $2… put back the groups found' : undefined}
            value={replacement}
            onChange={(event) => setReplacement(event.currentTarget.value)}
            size="xs"
          />
          <Checkbox
            size="xs"
            label="Only in the selected cue"
            checked={onlySelected}
            onChange={(event) => setOnlySelected(event.currentTarget.checked)}
          />
          <Group gap={4}>
            <Button size="xs" variant="default" disabled={!compiled.pattern} onClick={replaceCurrent}>
              Replace
            </Button>
            <Button size="xs" disabled={!compiled.pattern} onClick={replaceAll}>
              Replace all
            </Button>
          </Group>
          <Text size="xs" role="status" mih="1.2em">
            {status}
          </Text>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
