import { Alert, List } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

/**
 * What reading the chosen subtitle file repaired or left out, by line, and what the server warns
 * about it (characters no font draws, cues past the end); the upload goes ahead.
 */
export function SubtitleNotes({ notes }: { notes: readonly string[] }) {
  if (notes.length === 0) return null;
  return (
    <Alert
      variant="light"
      color="blue"
      icon={<IconInfoCircle size={18} aria-hidden />}
      title="About the subtitle file"
    >
      <List size="sm" spacing={2}>
        {notes.map((note) => (
          <List.Item key={note}>{note}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
