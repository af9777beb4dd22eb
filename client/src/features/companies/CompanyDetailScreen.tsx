import {
  Alert,
  Button,
  Card,
  Center,
  Group,
  Loader,
  NumberInput,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import type { AppRouter } from '../../../../server/trpc/router';
import { cents, centsToEuros } from '../../../../shared/money';
import { ACCOUNT_MESSAGES, companyAdminUpdate } from '../../../../shared/schemas/accounts';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Screen } from '../../ui/Screen';
import { errorCode, fieldErrors, serverMessage } from '../auth/server-errors';
import { LedgerTable } from '../billing/LedgerTable';

type Company = inferRouterOutputs<AppRouter>['companies']['get'];
type Errors = Partial<Record<'name' | 'address' | 'credits', string>>;

const OVERVIEW = '/company/overview';
const TEXTS = {
  updated: 'Company updated',
  updateFailed: 'Failed to update the company',
  deleted: 'Company deleted',
  deleteFailed: 'Failed to delete the company',
  creditsRequired: 'Credits are required',
  loadFailed: 'The company could not be loaded.',
} as const;

function firstErrors(fields: Partial<Record<string, string[] | undefined>>): Errors {
  return { name: fields.name?.[0], address: fields.address?.[0], credits: fields.credits?.[0] };
}

function CompanyForm({ company }: { company: Company }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState(company.name);
  const [address, setAddress] = useState(company.address);
  const loadedCredits = centsToEuros(cents(company.creditsCents));
  const [credits, setCredits] = useState<number | string>(loadedCredits);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.companies.get.queryKey({ id: company.id }) }),
      queryClient.invalidateQueries({ queryKey: trpc.companies.list.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.companies.all.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.companies.ledger.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() }),
    ]);

  const update = useMutation(
    trpc.companies.update.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: 'green', message: TEXTS.updated });
        await refresh();
      },
      onError: (error) => {
        setErrors(firstErrors(fieldErrors(error)));
        setFailure(serverMessage(error, TEXTS.updateFailed));
      },
    }),
  );

  const remove = useMutation(
    trpc.companies.delete.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: 'green', message: TEXTS.deleted });
        await queryClient.invalidateQueries({ queryKey: trpc.companies.list.queryKey() });
        navigate(OVERVIEW);
      },
      onError: (error) => {
        setConfirmingDelete(false);
        // A 409 names what blocks the deletion (videos, a balance): show it as it is.
        const message = serverMessage(error, TEXTS.deleteFailed);
        setFailure(message);
        notifications.show({ color: 'red', message });
        if (errorCode(error) === 'NOT_FOUND') navigate(OVERVIEW);
      },
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = companyAdminUpdate.safeParse({ name, address, credits });
    const problems: Errors = checked.success ? {} : firstErrors(z.flattenError(checked.error).fieldErrors);
    if (credits === '') problems.credits = TEXTS.creditsRequired;
    setErrors(problems);
    if (!checked.success || credits === '') return;
    // Credits go only when the admin changed them: the server books the difference against the
    // current balance, and a purchase since this page loaded must not be undone by a name edit.
    const { credits: euros, ...nameAndAddress } = checked.data;
    update.mutate({
      id: company.id,
      ...nameAndAddress,
      ...(euros === loadedCredits ? {} : { credits: euros }),
    });
  };

  return (
    <>
      <Card withBorder padding="lg" maw={560}>
        <form onSubmit={submit} noValidate aria-label="Edit company">
          <Stack gap="sm">
            <TextInput
              label="Name"
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={errors.name}
            />
            <Textarea
              label="Address"
              autosize
              minRows={3}
              value={address}
              onChange={(event) => setAddress(event.currentTarget.value)}
              error={errors.address}
            />
            <NumberInput
              label="Credits (€)"
              description="A change is booked in the ledger as an admin adjustment."
              value={credits}
              onChange={setCredits}
              min={0}
              decimalScale={2}
              fixedDecimalScale
              thousandSeparator=" "
              error={errors.credits}
            />
            {failure && (
              <Alert color="red" role="alert" variant="light" p="xs">
                {failure}
              </Alert>
            )}
            <Group justify="space-between" mt="sm">
              <Group gap="sm">
                <Button type="submit" loading={update.isPending}>
                  Save Changes
                </Button>
                <Button variant="default" onClick={() => navigate(OVERVIEW)}>
                  Cancel
                </Button>
              </Group>
              <Button color="red" variant="light" onClick={() => setConfirmingDelete(true)}>
                Delete Company
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <ConfirmDialog
        opened={confirmingDelete}
        title="Delete Company"
        question={ACCOUNT_MESSAGES.confirmDeleteCompany}
        busy={remove.isPending}
        onConfirm={() => remove.mutate({ id: company.id })}
        onCancel={() => setConfirmingDelete(false)}
      />
    </>
  );
}

/** /company/detail/:id: edit name, address and credits, delete, and the company's ledger. */
export function CompanyDetailScreen() {
  const trpc = useTRPC();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const company = useQuery({ ...trpc.companies.get.queryOptions({ id }), enabled: valid });

  return (
    <Screen title={company.data ? `Company #${company.data.id}` : 'Company'}>
      {!valid || company.isError ? (
        <Alert color="red" role="alert">
          {valid ? serverMessage(company.error, TEXTS.loadFailed) : ACCOUNT_MESSAGES.companyNotFound}
        </Alert>
      ) : company.data ? (
        <>
          {/* A new balance from the server re-initialises the form, so Save never books a stale one. */}
          <CompanyForm key={`${company.data.id}:${company.data.creditsCents}`} company={company.data} />
          <Title order={2} size="h3" mt="md">
            Ledger
          </Title>
          <LedgerTable companyId={company.data.id} canRefund />
        </>
      ) : (
        <Center py="lg">
          <Loader aria-label="Loading the company" />
        </Center>
      )}
    </Screen>
  );
}
