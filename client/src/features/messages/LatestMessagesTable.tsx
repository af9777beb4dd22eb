import { ActionIcon, Group, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconEye, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { MESSAGES_PAGE_SIZE } from '../../../../shared/limits';
import { MESSAGE_TEXTS } from '../../../../shared/schemas/messages';
import { formatDateTime } from '../../lib/dates';
import { useTRPC } from '../../lib/trpc';
import { Pagination } from '../../ui/Pagination';
import { QueryState } from '../../ui/QueryState';
import stackedTable from '../../ui/stacked-table.module.css';
import { DeleteMessageDialog } from './DeleteMessageDialog';
import { isoDateTime } from './format-date';
import { MessageDetailDialog } from './MessageDetailDialog';
import type { MessageRow } from './message-row';
import classes from './messages.module.css';
import { pageWithinTotal } from './page-after-change';

export interface LatestMessagesTableProps {
  page: number;
  onPageChange: (page: number) => void;
}

function MessageRowView({
  message,
  onView,
  onDelete,
}: {
  message: MessageRow;
  onView: () => void;
  onDelete: () => void;
}) {
  return (
    <Table.Tr>
      <Table.Td fw={500} className={classes.item} data-label="Title">
        {message.title}
      </Table.Td>
      <Table.Td data-label="Message">
        <Text size="sm" className={classes.preview}>
          {message.message}
        </Text>
      </Table.Td>
      <Table.Td data-label="Company">{message.companyName}</Table.Td>
      <Table.Td data-label="CreatedAt">
        <time dateTime={isoDateTime(message.createdAt)}>{formatDateTime(message.createdAt)}</time>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <Tooltip label="View">
            <ActionIcon variant="subtle" onClick={onView} aria-label={`View message ${message.title}`}>
              <IconEye size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete">
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={onDelete}
              aria-label={`Delete message ${message.title}`}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * 'Latest Messages' (PRODUCT.md §2): every company's messages, newest first, 5 a page, with view and delete.
 */
export function LatestMessagesTable({ page, onPageChange }: LatestMessagesTableProps) {
  const trpc = useTRPC();
  const [viewing, setViewing] = useState<MessageRow | null>(null);
  const [deleting, setDeleting] = useState<MessageRow | null>(null);
  const list = useQuery({
    ...trpc.messages.list.queryOptions({ page, pageSize: MESSAGES_PAGE_SIZE, allCompanies: true }),
    placeholderData: keepPreviousData,
  });

  const total = list.data?.total;
  useEffect(() => {
    // After a delete emptied the last page, show the page before it.
    if (total !== undefined && total > 0) {
      const within = pageWithinTotal(page, total, MESSAGES_PAGE_SIZE);
      if (within !== page) onPageChange(within);
    }
  }, [total, page, onPageChange]);

  return (
    <QueryState query={list} loading="Loading messages…" failed="Messages could not be loaded">
      {({ messages, total: count }) =>
        messages.length === 0 ? (
          <Text c="dimmed" role="status">
            {MESSAGE_TEXTS.noMessages}
          </Text>
        ) : (
          <Stack gap="md" aria-busy={list.isPlaceholderData}>
            <Table
              striped
              highlightOnHover
              verticalSpacing="sm"
              aria-label="Latest Messages"
              className={stackedTable.stacked}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Title</Table.Th>
                  <Table.Th>Message</Table.Th>
                  <Table.Th>Company</Table.Th>
                  <Table.Th>CreatedAt</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {messages.map((message) => (
                  <MessageRowView
                    key={message.id}
                    message={message}
                    onView={() => setViewing(message)}
                    onDelete={() => setDeleting(message)}
                  />
                ))}
              </Table.Tbody>
            </Table>
            <Pagination
              type="Messages"
              total={count}
              page={page}
              pageSize={MESSAGES_PAGE_SIZE}
              onPageChange={onPageChange}
            />
            <MessageDetailDialog message={viewing} onClose={() => setViewing(null)} />
            <DeleteMessageDialog message={deleting} onClose={() => setDeleting(null)} />
          </Stack>
        )
      }
    </QueryState>
  );
}
