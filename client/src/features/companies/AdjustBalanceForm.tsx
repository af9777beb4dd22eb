import { Button, Card, Group, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { z } from 'zod';
import { formatEuros } from '../../../../shared/money';
import { creditAdjustment } from '../../../../shared/schemas/accounts';
import { useTRPC } from '../../lib/trpc';
import { FormFailure } from '../../ui/FormFailure';
import { fieldErrors, serverMessage } from '../auth/server-errors';

type Errors = Partial<Record<'euros' | 'reason', string>>;

/**
 * Adds euros to a company's balance, or removes them with a negative amount, with the reason the
 * company reads in its ledger. The balance itself is never typed over.
 */
export function AdjustBalanceForm({
  companyId,
  balanceCents,
  onAdjusted,
}: {
  companyId: number;
  balanceCents: number;
  onAdjusted: () => Promise<unknown>;
}) {
  const trpc = useTRPC();
  const [euros, setEuros] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const adjust = useMutation(
    trpc.companies.adjustCredits.mutationOptions({
      onSuccess: async ({ balanceCents: after }) => {
        notifications.show({ color: 'green', message: `Balance adjusted: now ${formatEuros(after)}` });
        setEuros('');
        setReason('');
        await onAdjusted();
      },
      onError: (error) => {
        const fields = fieldErrors(error);
        setErrors({ euros: fields.euros?.[0], reason: fields.reason?.[0] });
        setFailure(serverMessage(error, 'The balance could not be adjusted'));
      },
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = creditAdjustment.safeParse({ euros: euros === '' ? 0 : euros, reason });
    if (!checked.success) {
      const fields = z.flattenError(checked.error).fieldErrors;
      setErrors({ euros: fields.euros?.[0], reason: fields.reason?.[0] });
      return;
    }
    setErrors({});
    adjust.mutate({ id: companyId, ...checked.data });
  };

  return (
    <Card withBorder padding="lg" maw={560} mt="md">
      <form onSubmit={submit} noValidate aria-label="Adjust balance">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h4">
              Balance
            </Title>
            <Text fw={600} role="status" aria-label="Company balance">
              {formatEuros(balanceCents)}
            </Text>
          </Group>
          <NumberInput
            label="Add or remove (€)"
            description="Negative to remove. Booked in the ledger as an admin adjustment."
            value={euros}
            onChange={setEuros}
            decimalScale={2}
            thousandSeparator=" "
            error={errors.euros}
          />
          <TextInput
            label="Reason"
            description="The company reads it in its ledger, e.g. “Invoice 2026-113 paid” or “Goodwill”."
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            maxLength={200}
            error={errors.reason}
          />
          <FormFailure message={failure} />
          <Group>
            <Button type="submit" variant="light" loading={adjust.isPending}>
              Adjust balance
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
