import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** What QueryState needs of a TanStack query. */
export interface LoadableQuery<Data> {
  data: Data | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export interface QueryStateProps<Data> {
  query: LoadableQuery<Data>;
  /** The loading line, e.g. "Loading messages…". */
  loading?: string;
  /** The error's title, e.g. "Messages could not be loaded". */
  failed: string;
  /** Buttons beside "Try again" (a way back). */
  actions?: ReactNode;
  children: (data: Data) => ReactNode;
}

/** A query's three states: a loading line, an error with "Try again", or its data drawn by `children`. */
export function QueryState<Data>({
  query,
  loading = 'Loading…',
  failed,
  actions,
  children,
}: QueryStateProps<Data>) {
  if (query.isPending) {
    return (
      <Group gap="sm" role="status" aria-live="polite">
        <Loader size="sm" />
        <Text c="dimmed">{loading}</Text>
      </Group>
    );
  }
  if (query.isError || query.data === undefined) {
    return (
      <Alert color="red" icon={<IconAlertCircle />} title={failed} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">Please check your connection and try again.</Text>
          <Group gap="sm">
            <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
              Try again
            </Button>
            {actions}
          </Group>
        </Stack>
      </Alert>
    );
  }
  return children(query.data);
}
