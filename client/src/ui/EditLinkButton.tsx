import { Button } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';

/** The Edit button at the end of an admin table's row: a link to the row's detail screen. */
export function EditLinkButton({
  to,
  name,
}: {
  to: string /** What is edited, for screen readers. */;
  name: string;
}) {
  return (
    <Button
      component={Link}
      to={to}
      size="xs"
      variant="light"
      leftSection={<IconPencil size={14} aria-hidden />}
      aria-label={`Edit ${name}`}
    >
      Edit
    </Button>
  );
}
