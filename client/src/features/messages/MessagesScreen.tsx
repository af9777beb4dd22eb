import { Paper, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { MESSAGES_PAGE_SIZE } from '../../../../shared/limits';
import { MESSAGE_TEXTS } from '../../../../shared/schemas/messages';
import { formatDateTime } from '../../lib/dates';
import { useTRPC } from '../../lib/trpc';
import { Pagination } from '../../ui/Pagination';
import { QueryState } from '../../ui/QueryState';
import { Screen } from '../../ui/Screen';
import { isoDateTime } from './format-date';
import classes from './messages.module.css';
import { pageWithinTotal } from './page-after-change';
import { useMarkMessagesSeen } from './use-mark-messages-seen';

/** /message/overview: the company's messages, newest first, 5 a page. Opening it marks them seen. */
export function MessagesScreen() {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const list = useQuery({
    ...trpc.messages.list.queryOptions({ page, pageSize: MESSAGES_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  useMarkMessagesSeen();

  const total = list.data?.total;
  useEffect(() => {
    if (total !== undefined && total > 0)
      setPage((current) => pageWithinTotal(current, total, MESSAGES_PAGE_SIZE));
  }, [total]);

  return (
    <Screen title="Messages" width="md">
      <QueryState query={list} loading="Loading messages…" failed="Messages could not be loaded">
        {({ messages, total: count }) =>
          messages.length === 0 ? (
            <Text c="dimmed" role="status">
              {MESSAGE_TEXTS.noMessages}
            </Text>
          ) : (
            <Stack gap="md" aria-busy={list.isPlaceholderData}>
              <ul className={classes.list} aria-label="Messages">
                {messages.map((message) => (
                  <Paper key={message.id} component="li" withBorder p="md" className={classes.item}>
                    <Stack gap={4}>
                      <Title order={2} size="h4">
                        {message.title}
                      </Title>
                      <Text size="sm" c="dimmed">
                        <time dateTime={isoDateTime(message.createdAt)}>
                          {formatDateTime(message.createdAt)}
                        </time>
                      </Text>
                      <Text className={classes.body}>{message.message}</Text>
                    </Stack>
                  </Paper>
                ))}
              </ul>
              <Pagination
                type="Messages"
                total={count}
                page={page}
                pageSize={MESSAGES_PAGE_SIZE}
                onPageChange={setPage}
              />
            </Stack>
          )
        }
      </QueryState>
    </Screen>
  );
}
