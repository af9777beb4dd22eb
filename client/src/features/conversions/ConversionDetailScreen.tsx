import { Button, Group, NumberInput, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { AppRouter } from '../../../../server/app/trpc-router';
import { useTRPC } from '../../lib/trpc';
import { FormCard } from '../../ui/FormCard';
import { FormFailure } from '../../ui/FormFailure';
import { LoadedRecord } from '../../ui/LoadedRecord';
import { Screen } from '../../ui/Screen';
import { fieldErrors, serverMessage } from '../auth/server-errors';

type Conversion = inferRouterOutputs<AppRouter>['billing']['conversion'];

const OVERVIEW = '/conversion/overview';
const TEXTS = {
  saved: 'Conversion updated',
  saveFailed: 'Failed to update the conversion',
  loadFailed: 'The conversion could not be loaded.',
  required: 'Name, symbol and rate are required',
} as const;

function ConversionForm({ conversion }: { conversion: Conversion }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState(conversion.name);
  const [currency, setCurrency] = useState(conversion.currency);
  const [rate, setRate] = useState<number | string>(conversion.rate);
  const [failure, setFailure] = useState<string | null>(null);
  const [fields, setFields] = useState<Partial<Record<string, string[] | undefined>>>({});

  // The server checks the values (3-letter symbol, rate above 0) and its messages land by the fields.
  const save = useMutation(
    trpc.billing.updateConversion.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: 'green', message: TEXTS.saved });
        await queryClient.invalidateQueries({ queryKey: trpc.billing.conversions.queryKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.billing.conversion.queryKey() });
        navigate(OVERVIEW);
      },
      onError: (error) => {
        setFields(fieldErrors(error));
        setFailure(serverMessage(error, TEXTS.saveFailed));
      },
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFields({});
    if (name.trim() === '' || currency.trim() === '' || rate === '') {
      setFailure(TEXTS.required);
      return;
    }
    setFailure(null);
    save.mutate({ id: conversion.id, name, currency, rate: Number(rate) });
  };

  return (
    <FormCard label="Edit conversion" onSubmit={submit} width={480}>
      <TextInput
        label="Name"
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={fields.name?.[0]}
      />
      <TextInput
        label="Symbol"
        description="Three-letter currency code, e.g. USD"
        value={currency}
        onChange={(event) => setCurrency(event.currentTarget.value.toUpperCase())}
        maxLength={3}
        error={fields.currency?.[0]}
      />
      <NumberInput
        label="Rate"
        description="Units of this currency per euro"
        value={rate}
        onChange={setRate}
        min={0}
        decimalScale={6}
        error={fields.rate?.[0]}
      />
      <FormFailure message={failure} />
      <Group>
        <Button type="submit" loading={save.isPending}>
          Save Changes
        </Button>
        <Button variant="default" onClick={() => navigate(OVERVIEW)}>
          Cancel
        </Button>
      </Group>
    </FormCard>
  );
}

/** /conversion/detail/:id: an edit form where the legacy screen was empty (PRODUCT.md §2). */
export function ConversionDetailScreen() {
  const trpc = useTRPC();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const conversion = useQuery({ ...trpc.billing.conversion.queryOptions({ id }), enabled: valid });

  return (
    <Screen title="Conversion">
      <LoadedRecord
        data={conversion.data}
        error={
          !valid
            ? TEXTS.loadFailed
            : conversion.isError
              ? serverMessage(conversion.error, TEXTS.loadFailed)
              : null
        }
        loadingLabel="Loading the conversion"
      >
        {(loaded) => <ConversionForm conversion={loaded} />}
      </LoadedRecord>
    </Screen>
  );
}
