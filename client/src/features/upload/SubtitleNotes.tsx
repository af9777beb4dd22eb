import { Alert, List } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

/** What reading the chosen subtitle file repaired or left out, by line; the upload goes ahead. */
export function SubtitleNotes({ notes }: { notes: readonly string[] }) {
  if (notes.length === 0) return null;
  return (
    <Alert
      variant="light"
      color="blue"
      icon={<IconInfoCircle size={18} aria-hidden />}
      title="The subtitle file was read with these changes"
    >
      <List size="sm" spacing={2}>
        {notes.map((note) => (
          <List.Item key={note}>{note}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
