import { Table, Text, UnstyledButton } from '@mantine/core';
import type { EditorDoc } from '../../../../shared/subtitles/editor/model';
import { formatCueTime } from './time-text';

/** The cues under review, read-only: a click on a cue's number picks it (and plays from it, where a video plays). */
export function ReviewCueTable({
  cues,
  selectedId,
  onPick,
}: {
  cues: EditorDoc;
  selectedId: string | null;
  onPick: (id: string) => void;
}) {
  return (
    <Table aria-label="Cues under review" striped>
      <Table.Tbody>
        {cues.map((cue, index) => (
          <Table.Tr key={cue.id} aria-selected={cue.id === selectedId}>
            <Table.Td>
              <UnstyledButton onClick={() => onPick(cue.id)} aria-label={`Cue ${index + 1}`}>
                <Text size="xs" fw={cue.id === selectedId ? 700 : 400}>
                  {index + 1} · {formatCueTime(cue.startMs)}
                </Text>
              </UnstyledButton>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'pre-line' }}>{cue.text}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
