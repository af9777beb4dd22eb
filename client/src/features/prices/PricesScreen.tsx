import { Button, Group, List, NumberInput, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { formatEuros } from '../../../../shared/money';
import type { PriceList } from '../../../../shared/pricing';
import { useTRPC } from '../../lib/trpc';
import { FormCard } from '../../ui/FormCard';
import { FormFailure } from '../../ui/FormFailure';
import { LoadedRecord } from '../../ui/LoadedRecord';
import { Screen } from '../../ui/Screen';
import { serverMessage } from '../auth/server-errors';
import {
  changedPrices,
  draftFrom,
  examplePrices,
  PRICE_LIMIT_EUROS,
  type PriceDraft,
  type PriceErrors,
  priceRows,
  validatePrices,
} from './price-form';

const TEXTS = {
  saved: 'Prices updated',
  unchanged: 'Nothing changed',
  saveFailed: 'Failed to update the prices',
  loadFailed: 'The prices could not be loaded.',
} as const;

function describeSeconds(seconds: number): string {
  return seconds < 60 ? `${seconds} seconds` : `${seconds / 60} minute${seconds === 60 ? '' : 's'}`;
}

function PricesForm({ saved }: { saved: PriceList }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<PriceDraft>(() => draftFrom(saved));
  const [errors, setErrors] = useState<PriceErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const examples = examplePrices(draft);

  const updatePrice = useMutation(trpc.billing.updatePrice.mutationOptions());
  const save = useMutation({
    mutationFn: async () => {
      for (const change of changedPrices(draft, saved)) await updatePrice.mutateAsync(change);
    },
    onSuccess: async () => {
      notifications.show({ color: 'green', message: TEXTS.saved });
      await queryClient.invalidateQueries({ queryKey: trpc.billing.prices.queryKey() });
    },
    onError: async (error) => {
      setFailure(serverMessage(error, TEXTS.saveFailed));
      // A first price may have been saved before the second failed: show what the server holds.
      await queryClient.invalidateQueries({ queryKey: trpc.billing.prices.queryKey() });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = validatePrices(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (changedPrices(draft, saved).length === 0) {
      notifications.show({ color: 'gray', message: TEXTS.unchanged });
      return;
    }
    save.mutate();
  };

  const euroInput = {
    min: 0,
    max: PRICE_LIMIT_EUROS,
    allowNegative: false,
    decimalScale: 2,
    fixedDecimalScale: true,
    step: 0.01,
    prefix: '€',
  } as const;
  return (
    <FormCard label="Prices" onSubmit={submit} width={520}>
      {priceRows.map(({ product, field, label, hint }) => (
        <NumberInput
          key={product}
          label={label}
          description={hint}
          value={draft[field]}
          onChange={(value) => setDraft((current) => ({ ...current, [field]: value }))}
          error={errors[field]}
          {...euroInput}
        />
      ))}
      {examples && (
        <div>
          <Text size="sm" fw={500}>
            With these prices
          </Text>
          <List size="sm" aria-label="Example prices">
            {examples.map(({ seconds, price }) => (
              <List.Item key={seconds}>
                a video of {describeSeconds(seconds)} costs {formatEuros(price)}
              </List.Item>
            ))}
          </List>
        </div>
      )}
      <FormFailure message={failure} />
      <Group>
        <Button type="submit" loading={save.isPending}>
          Save Changes
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        New prices apply to uploads from now on; videos already uploaded keep the price they were charged.
      </Text>
    </FormCard>
  );
}

/** /admin/prices: admins manage prices (PRODUCT.md §1); the server computes every charge from these. */
export function PricesScreen() {
  const trpc = useTRPC();
  const prices = useQuery(trpc.billing.prices.queryOptions());
  return (
    <Screen title="Prices">
      <LoadedRecord
        data={prices.data}
        error={prices.isError ? serverMessage(prices.error, TEXTS.loadFailed) : null}
        loadingLabel="Loading"
        loaderPadding="xl"
      >
        {(saved) => <PricesForm key={priceRows.map(({ field }) => saved[field]).join('-')} saved={saved} />}
      </LoadedRecord>
    </Screen>
  );
}
