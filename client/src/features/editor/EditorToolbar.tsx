import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Popover,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconArrowBackUp, IconArrowForwardUp } from '@tabler/icons-react';
import { memo, useState } from 'react';

/** What the toolbar's buttons ask the editor to do. */
export type ToolbarAction = 'undo' | 'redo' | 'split' | 'merge' | 'insert' | 'remove' | 'reflow';

export interface EditorToolbarProps {
  canUndo: boolean;
  canRedo: boolean;
  hasSelection: boolean;
  /** Stable: the toolbar is not drawn again while the user types. */
  onAction: (action: ToolbarAction) => void;
  onShift: (offsetMs: number, onlySelected: boolean) => void;
  /** Replaces every occurrence and answers how many were replaced. */
  onReplace: (find: string, replacement: string) => number;
  /** Find and replace is open (Ctrl+F opens it too). */
  findOpened: boolean;
  onFindOpened: (opened: boolean) => void;
}

/** Undo, redo and the operations on cues, above the cue list. */
export const EditorToolbar = memo(function EditorToolbar({
  canUndo,
  canRedo,
  hasSelection,
  onAction,
  onShift,
  onReplace,
  findOpened,
  onFindOpened,
}: EditorToolbarProps) {
  return (
    <Group gap={4} wrap="wrap">
      <Tooltip label="Undo (Ctrl+Z)">
        <ActionIcon variant="default" aria-label="Undo" disabled={!canUndo} onClick={() => onAction('undo')}>
          <IconArrowBackUp size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Redo (Ctrl+Shift+Z)">
        <ActionIcon variant="default" aria-label="Redo" disabled={!canRedo} onClick={() => onAction('redo')}>
          <IconArrowForwardUp size={16} />
        </ActionIcon>
      </Tooltip>
      <Button size="compact-xs" variant="default" onClick={() => onAction('split')} disabled={!hasSelection}>
        Split
      </Button>
      <Button size="compact-xs" variant="default" onClick={() => onAction('merge')} disabled={!hasSelection}>
        Merge
      </Button>
      <Button size="compact-xs" variant="default" onClick={() => onAction('insert')}>
        Insert
      </Button>
      <Button size="compact-xs" variant="default" onClick={() => onAction('remove')} disabled={!hasSelection}>
        Delete
      </Button>
      <Tooltip label="Break the selected cue’s lines again by the language’s rules">
        <Button
          size="compact-xs"
          variant="default"
          onClick={() => onAction('reflow')}
          disabled={!hasSelection}
        >
          Reflow
        </Button>
      </Tooltip>
      <ShiftPopover onShift={onShift} />
      <FindReplacePopover onReplace={onReplace} opened={findOpened} onOpened={onFindOpened} />
    </Group>
  );
});

function ShiftPopover({ onShift }: { onShift: EditorToolbarProps['onShift'] }) {
  const [seconds, setSeconds] = useState<number | string>(0.5);
  const [onlySelected, setOnlySelected] = useState(false);
  return (
    <Popover position="bottom" withArrow trapFocus>
      <Popover.Target>
        <Button size="compact-xs" variant="default">
          Shift
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <NumberInput
            label="Shift by (seconds, − for earlier)"
            value={seconds}
            onChange={setSeconds}
            step={0.1}
            decimalScale={3}
            size="xs"
          />
          <Checkbox
            label="Only the selected cue"
            checked={onlySelected}
            onChange={(event) => setOnlySelected(event.currentTarget.checked)}
            size="xs"
          />
          <Button size="xs" onClick={() => onShift(Math.round(Number(seconds) * 1000), onlySelected)}>
            Shift cues
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function FindReplacePopover({
  onReplace,
  opened,
  onOpened,
}: {
  onReplace: EditorToolbarProps['onReplace'];
  opened: boolean;
  onOpened: (opened: boolean) => void;
}) {
  const [find, setFind] = useState('');
  const [replacement, setReplacement] = useState('');
  const [result, setResult] = useState<string | null>(null);
  return (
    <Popover position="bottom" withArrow trapFocus opened={opened} onChange={onOpened}>
      <Popover.Target>
        <Button size="compact-xs" variant="default" onClick={() => onOpened(!opened)}>
          Find and replace
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <TextInput
            label="Find"
            value={find}
            onChange={(event) => setFind(event.currentTarget.value)}
            size="xs"
          />
          <TextInput
            label="Replace with"
            value={replacement}
            onChange={(event) => setReplacement(event.currentTarget.value)}
            size="xs"
          />
          <Button
            size="xs"
            disabled={find === ''}
            onClick={() => setResult(`${onReplace(find, replacement)} replaced`)}
          >
            Replace all
          </Button>
          {result && (
            <Text size="xs" role="status">
              {result}
            </Text>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
