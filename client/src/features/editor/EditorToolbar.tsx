import { ActionIcon, Button, Checkbox, Group, NumberInput, Popover, Stack, Tooltip } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconBold,
  IconItalic,
  IconUnderline,
} from '@tabler/icons-react';
import { memo, type ReactNode, useState } from 'react';

/** What the toolbar's buttons ask the editor to do. */
export type ToolbarAction =
  | 'undo'
  | 'redo'
  | 'split'
  | 'merge'
  | 'insert'
  | 'remove'
  | 'reflow'
  | 'italic'
  | 'bold'
  | 'underline';

const FORMATS = [
  { action: 'bold', label: 'Bold (Ctrl+B)', Icon: IconBold },
  { action: 'italic', label: 'Italic (Ctrl+I)', Icon: IconItalic },
  { action: 'underline', label: 'Underline (Ctrl+U)', Icon: IconUnderline },
] as const;

export interface EditorToolbarProps {
  canUndo: boolean;
  canRedo: boolean;
  hasSelection: boolean;
  /** Stable: the toolbar is not drawn again while the user types. */
  onAction: (action: ToolbarAction) => void;
  onShift: (offsetMs: number, onlySelected: boolean) => void;
  /** Find and replace (FindReplacePanel), built by the editor. */
  findReplace: ReactNode;
}

/** Undo, redo and the operations on cues, above the cue list. */
export const EditorToolbar = memo(function EditorToolbar({
  canUndo,
  canRedo,
  hasSelection,
  onAction,
  onShift,
  findReplace,
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
      {FORMATS.map(({ action, label, Icon }) => (
        <Tooltip key={action} label={`${label}: the selected text, or the whole cue`}>
          <ActionIcon
            variant="default"
            aria-label={label}
            disabled={!hasSelection}
            // The text field keeps the focus and its selection, which the button formats.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onAction(action)}
          >
            <Icon size={16} />
          </ActionIcon>
        </Tooltip>
      ))}
      <ShiftPopover onShift={onShift} />
      {findReplace}
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
