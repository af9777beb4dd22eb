import { Kbd, Modal, Table } from '@mantine/core';
import { memo } from 'react';
import { LOCAL_KEYS, SHORTCUTS } from './shortcuts';

/** Every key the editor handles: its shortcuts (anywhere in it) and the keys of single fields. */
export const ShortcutSheet = memo(function ShortcutSheet({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const rows = [
    ...SHORTCUTS.map(({ keys, description }) => ({ keys, description })),
    ...LOCAL_KEYS.map(({ keys, description }) => ({ keys, description })),
  ];
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts">
      <Table>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${row.keys}:${row.description}`}>
              <Table.Td>
                <Kbd>{row.keys}</Kbd>
              </Table.Td>
              <Table.Td>{row.description}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
});
