import { Alert, Button, Group, NumberInput, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { MAX_RETENTION_DAYS, RETENTION_TEXTS } from '../../../../shared/schemas/retention';
import { useTRPC } from '../../lib/trpc';
import { FormFailure } from '../../ui/FormFailure';
import { serverMessage } from '../auth/server-errors';
import { type RetentionChoice, retentionDays } from './retention-form';

function RetentionForm({ companyId, current }: { companyId: number; current: number | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<RetentionChoice>(current === null ? 'forever' : 'days');
  const [days, setDays] = useState<number | string>(current ?? 365);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(
    trpc.retention.set.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: 'green', message: RETENTION_TEXTS.saved });
        await queryClient.invalidateQueries({ queryKey: trpc.retention.get.queryKey({ companyId }) });
      },
      onError: (failure) => setError(serverMessage(failure, 'The retention could not be saved.')),
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = retentionDays(choice, days);
    setError('error' in chosen ? chosen.error : null);
    if (!('error' in chosen)) save.mutate({ companyId, days: chosen.days });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Video retention">
      <Stack gap="sm">
        <Radio.Group
          label="Keep videos"
          value={choice}
          onChange={(value) => setChoice(value === 'days' ? 'days' : 'forever')}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="forever" label="Forever" />
            <Radio value="days" label="For a number of days after upload" />
          </Stack>
        </Radio.Group>
        {choice === 'days' && (
          <NumberInput
            label="Days to keep"
            min={1}
            max={MAX_RETENTION_DAYS}
            allowDecimal={false}
            value={days}
            onChange={setDays}
            w={160}
          />
        )}
        <FormFailure message={error} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save retention
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** How long the company's videos are kept; its admins (and platform admins) change it. */
export function RetentionCard({ companyId }: { companyId: number }) {
  const trpc = useTRPC();
  const retention = useQuery(trpc.retention.get.queryOptions({ companyId }));
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h3">
          Video retention
        </Title>
        {retention.isError && (
          <Alert color="red" role="alert">
            {serverMessage(retention.error, 'The retention could not be loaded.')}
          </Alert>
        )}
        {retention.data && (
          <>
            <Text>
              {retention.data.retentionDays === null
                ? RETENTION_TEXTS.forever
                : RETENTION_TEXTS.kept(retention.data.retentionDays)}
            </Text>
            {retention.data.canChange ? (
              <RetentionForm
                key={String(retention.data.retentionDays)}
                companyId={companyId}
                current={retention.data.retentionDays}
              />
            ) : (
              <Text size="sm" c="dimmed">
                {RETENTION_TEXTS.onlyAdmins}.
              </Text>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
