import { Alert, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconKey } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { API_TOKEN_MESSAGES } from '../../../../shared/schemas/api-tokens';
import { formatDateTime } from '../../lib/dates';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { CopyValueButton } from '../../ui/CopyValueButton';
import { type Column, DataTable } from '../../ui/DataTable';
import { FormFailure } from '../../ui/FormFailure';
import { Screen } from '../../ui/Screen';
import { serverMessage } from '../auth/server-errors';
import { EXPIRY_OPTIONS, expiresInDays, expiryText } from './token-expiry';

interface TokenRow {
  id: number;
  name: string;
  createdAt: string | Date;
  expiresAt: string | Date | null;
  lastUsedAt: string | Date | null;
}

function NewTokenShownOnce({ name, token }: { name: string; token: string }) {
  return (
    <Alert color="green" title={`Your new token "${name}"`} icon={<IconKey size={18} aria-hidden />}>
      <Stack gap="xs">
        <Text size="sm">{API_TOKEN_MESSAGES.created}</Text>
        <TextInput
          label="Token"
          value={token}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          rightSection={<CopyValueButton value={token} what="token" />}
        />
        <Text size="sm" c="dimmed">
          Send it as <code>Authorization: Bearer …</code>, or pass it to <code>createApiClient</code>.
        </Text>
      </Stack>
    </Alert>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (created: { name: string; token: string }) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState('90');
  const [error, setError] = useState<string | null>(null);
  const create = useMutation(
    trpc.apiTokens.create.mutationOptions({
      onSuccess: async (created) => {
        setName('');
        setError(null);
        onCreated({ name: created.name, token: created.token });
        await queryClient.invalidateQueries({ queryKey: trpc.apiTokens.list.queryKey() });
      },
      onError: (failure) => setError(serverMessage(failure, 'The token could not be created.')),
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError('Give the token a name, e.g. "Nightly report"');
      return;
    }
    create.mutate({ name: name.trim(), expiresInDays: expiresInDays(expiry) });
  };
  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate aria-label="New API token">
        <Stack gap="sm">
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label="Token name"
              placeholder="Nightly report"
              value={name}
              maxLength={100}
              onChange={(event) => setName(event.currentTarget.value)}
              style={{ flex: '1 1 14rem' }}
            />
            <Select
              label="Expires after"
              data={EXPIRY_OPTIONS}
              value={expiry}
              allowDeselect={false}
              onChange={(value) => setExpiry(value ?? expiry)}
              w={140}
            />
            <Button type="submit" loading={create.isPending}>
              Create token
            </Button>
          </Group>
          <FormFailure message={error} />
        </Stack>
      </form>
    </Paper>
  );
}

/** /user/tokens: the user's personal API tokens for scripts (README, Typed access for scripts). */
export function ApiTokensScreen() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const tokens = useQuery(trpc.apiTokens.list.queryOptions());
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [revoking, setRevoking] = useState<TokenRow | null>(null);
  const revoke = useMutation(
    trpc.apiTokens.revoke.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: 'green', message: API_TOKEN_MESSAGES.revoked });
        setRevoking(null);
        await queryClient.invalidateQueries({ queryKey: trpc.apiTokens.list.queryKey() });
      },
      onError: (failure) =>
        notifications.show({
          color: 'red',
          message: serverMessage(failure, 'The token could not be revoked.'),
        }),
    }),
  );

  const columns: Column<TokenRow>[] = [
    { label: 'Name', render: (row) => row.name },
    { label: 'Created', render: (row) => formatDateTime(row.createdAt) },
    {
      label: 'Expires',
      render: (row) => expiryText(row.expiresAt) || formatDateTime(row.expiresAt ?? ''),
    },
    { label: 'Last used', render: (row) => (row.lastUsedAt ? formatDateTime(row.lastUsedAt) : 'Never used') },
    {
      label: 'Actions',
      actions: true,
      render: (row) => (
        <Button
          size="xs"
          color="red"
          variant="light"
          onClick={() => setRevoking(row)}
          aria-label={`Revoke ${row.name}`}
        >
          Revoke
        </Button>
      ),
    },
  ];

  return (
    <Screen title="API tokens" width="md">
      <Text>
        A token lets a script act as you: it has your rights on every API path. Keep it secret, give it an
        expiry where you can, and revoke it when the script no longer needs it.
      </Text>
      <CreateTokenForm onCreated={setCreated} />
      {created && <NewTokenShownOnce name={created.name} token={created.token} />}
      <Stack gap="sm" component="section" aria-labelledby="my-tokens-heading">
        <Title order={2} id="my-tokens-heading">
          My tokens
        </Title>
        <DataTable
          caption="My API tokens"
          columns={columns}
          rows={tokens.data}
          rowKey={(row) => row.id}
          isLoading={tokens.isPending}
          error={tokens.isError ? 'Your tokens could not be loaded.' : null}
          empty="You have no API tokens yet."
        />
      </Stack>
      <ConfirmDialog
        opened={revoking !== null}
        title="Revoke token"
        question={revoking ? API_TOKEN_MESSAGES.confirmRevoke(revoking.name) : ''}
        confirmLabel="Revoke"
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate({ id: revoking.id })}
        onCancel={() => setRevoking(null)}
      />
    </Screen>
  );
}
