import { Button, Card, Group, NumberInput, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTRPC } from '../../lib/trpc';
import { serverMessage } from '../auth/server-errors';

const SWITCHES = [
  { key: 'videoOutcome', label: 'A video of mine is finished or failed' },
  { key: 'receipts', label: 'A receipt for each purchase' },
  { key: 'messages', label: 'A new message from the admins' },
  { key: 'lowCredits', label: "My company's balance runs low (company admins)" },
] as const;

/** The profile's "E-mail notices": a switch each, and for company admins the low-balance level. */
export function NoticePreferencesCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const preferences = useQuery(trpc.notices.preferences.queryOptions());
  const refresh = (data: unknown) =>
    queryClient.setQueryData(trpc.notices.preferences.queryKey(), data as never);
  const update = useMutation(
    trpc.notices.update.mutationOptions({
      onSuccess: refresh,
      onError: (failure) =>
        notifications.show({ color: 'red', message: serverMessage(failure, 'Not saved') }),
    }),
  );
  const [threshold, setThreshold] = useState<number | string>('');
  const saveThreshold = useMutation(
    trpc.notices.setLowCreditThreshold.mutationOptions({
      onSuccess: (data) => {
        refresh(data);
        notifications.show({ color: 'green', message: 'Low-balance warning saved' });
      },
      onError: (failure) =>
        notifications.show({ color: 'red', message: serverMessage(failure, 'Not saved') }),
    }),
  );
  const current = preferences.data?.lowCreditThresholdCents;
  useEffect(() => {
    if (current !== undefined) setThreshold(current === null ? '' : current / 100);
  }, [current]);

  if (!preferences.data) return null;
  const data = preferences.data;
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={3} size="h4">
          E-mail notices
        </Title>
        {SWITCHES.filter(({ key }) => key !== 'lowCredits' || data.isCompanyAdmin).map(({ key, label }) => (
          <Switch
            key={key}
            label={label}
            checked={data[key]}
            disabled={update.isPending}
            onChange={(event) => update.mutate({ [key]: event.currentTarget.checked })}
          />
        ))}
        {data.isCompanyAdmin && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              saveThreshold.mutate({ euros: threshold === '' ? null : Number(threshold) });
            }}
          >
            <Group align="end" gap="sm">
              <NumberInput
                label="Warn the company admins when the balance falls below (€)"
                description="Leave empty for no warning."
                min={0}
                decimalScale={2}
                value={threshold}
                onChange={setThreshold}
                w={{ base: '100%', sm: 320 }}
              />
              <Button type="submit" variant="light" loading={saveThreshold.isPending}>
                Save
              </Button>
            </Group>
          </form>
        )}
        <Text size="xs" c="dimmed">
          Notices go to your e-mail address.
        </Text>
      </Stack>
    </Card>
  );
}
