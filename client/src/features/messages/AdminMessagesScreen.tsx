import { Button, Collapse, Paper, Stack, Title } from '@mantine/core';
import { IconChevronDown, IconPlus } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Screen } from '../../ui/Screen';
import { LatestMessagesTable } from './LatestMessagesTable';
import { NewMessageForm } from './NewMessageForm';

const NEW_FORM_ID = 'new-message-form';

/** /admin/message/overview: the collapsible 'New' form above the 'Latest Messages' table (PRODUCT.md §2). */
export function AdminMessagesScreen() {
  // PRODUCT.md §4: the new-form panel is hidden by default; a toggle shows it.
  const [formOpen, setFormOpen] = useState(false);
  const [page, setPage] = useState(1);
  const toggle = useRef<HTMLButtonElement>(null);

  const onCreated = () => {
    setFormOpen(false);
    setPage(1);
    // The form vanishes under the keyboard user's focus; give it back to the toggle.
    toggle.current?.focus();
  };

  return (
    <Screen title="Messages">
      <Stack gap="sm">
        <div>
          <Button
            ref={toggle}
            variant={formOpen ? 'light' : 'filled'}
            leftSection={<IconPlus size={16} aria-hidden />}
            rightSection={
              <IconChevronDown
                size={16}
                aria-hidden
                style={{ transform: formOpen ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
              />
            }
            aria-expanded={formOpen}
            aria-controls={NEW_FORM_ID}
            onClick={() => setFormOpen((open) => !open)}
          >
            New
          </Button>
        </div>
        <Collapse expanded={formOpen} id={NEW_FORM_ID}>
          <Paper withBorder p="md" maw={640}>
            <NewMessageForm onCreated={onCreated} />
          </Paper>
        </Collapse>
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="latest-messages-heading">
        <Title order={2} id="latest-messages-heading">
          Latest Messages
        </Title>
        <LatestMessagesTable page={page} onPageChange={setPage} />
      </Stack>
    </Screen>
  );
}
