import { Button, Group, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import type { AppRouter } from '../../../../server/app/trpc-router';
import { ACCOUNT_MESSAGES, companyInput } from '../../../../shared/schemas/accounts';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FormCard } from '../../ui/FormCard';
import { FormFailure } from '../../ui/FormFailure';
import { LoadedRecord } from '../../ui/LoadedRecord';
import { Screen } from '../../ui/Screen';
import { errorCode, fieldErrors, serverMessage } from '../auth/server-errors';
import { LedgerTable } from '../billing/LedgerTable';
import { RetentionCard } from '../company-data/RetentionCard';
import { GlossaryEditor } from '../glossary/GlossaryEditor';
import { CompanyStyleCard } from '../subtitle-styles/CompanyStyleCard';
import { AdjustBalanceForm } from './AdjustBalanceForm';

type Company = inferRouterOutputs<AppRouter>['companies']['get'];
type Errors = Partial<Record<'name' | 'address', string>>;

const OVERVIEW = '/company/overview';
const TEXTS = {
  updated: 'Company updated',
  updateFailed: 'Failed to update the company',
  deleted: 'Company deleted',
  deleteFailed: 'Failed to delete the company',
  loadFailed: 'The company could not be loaded.',
} as const;

function firstErrors(fields: Partial<Record<string, string[] | undefined>>): Errors {
  return { name: fields.name?.[0], address: fields.address?.[0] };
}

function CompanyForm({ company }: { company: Company }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState(company.name);
  const [address, setAddress] = useState(company.address);
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
    const checked = companyInput.safeParse({ name, address });
    setErrors(checked.success ? {} : firstErrors(z.flattenError(checked.error).fieldErrors));
    // Name and address only: the balance changes through AdjustBalanceForm, by a signed amount.
    if (checked.success) update.mutate({ id: company.id, ...checked.data });
  };

  return (
    <>
      <FormCard label="Edit company" onSubmit={submit} width={560}>
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
        <FormFailure message={failure} />
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
      </FormCard>
      <ConfirmDialog
        opened={confirmingDelete}
        title="Delete Company"
        question={ACCOUNT_MESSAGES.confirmDeleteCompany}
        busy={remove.isPending}
        onConfirm={() => remove.mutate({ id: company.id })}
        onCancel={() => setConfirmingDelete(false)}
      />
      <AdjustBalanceForm companyId={company.id} balanceCents={company.creditsCents} onAdjusted={refresh} />
    </>
  );
}

/** /company/detail/:id: edit name and address, adjust the balance, delete, and the company's ledger. */
export function CompanyDetailScreen() {
  const trpc = useTRPC();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const company = useQuery({ ...trpc.companies.get.queryOptions({ id }), enabled: valid });

  return (
    <Screen title={company.data ? `Company: ${company.data.name}` : 'Company'}>
      <LoadedRecord
        data={company.data}
        error={
          !valid
            ? ACCOUNT_MESSAGES.companyNotFound
            : company.isError
              ? serverMessage(company.error, TEXTS.loadFailed)
              : null
        }
        loadingLabel="Loading the company"
      >
        {(loaded) => (
          <>
            {/* A new balance from the server re-initialises the form, so Save never books a stale one. */}
            {/* Keyed by the company only: a new balance must not wipe what the admin is typing. */}
            <CompanyForm key={loaded.id} company={loaded} />
            <RetentionCard companyId={loaded.id} />
            <CompanyStyleCard companyId={loaded.id} />
            <Title order={2} size="h3" mt="md">
              Ledger
            </Title>
            <LedgerTable companyId={loaded.id} canRefund />
            <Title order={2} size="h3" mt="md">
              Glossary
            </Title>
            <GlossaryEditor companyId={loaded.id} />
          </>
        )}
      </LoadedRecord>
    </Screen>
  );
}
