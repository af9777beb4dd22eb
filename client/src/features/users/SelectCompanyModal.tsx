import { Button, Checkbox, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatEuros } from '../../../../shared/money';
import { ACCOUNT_MESSAGES } from '../../../../shared/schemas/accounts';
import { useTRPC } from '../../lib/trpc';
import { FormFailure } from '../../ui/FormFailure';
import { errorCode, serverMessage } from '../auth/server-errors';
import type { AdminUser } from './user-types';

/** Client-only text: an assignment without a transfer has no message in PRODUCT.md. */
const COMPANY_ASSIGNED = 'Company assigned';

function assignmentError(error: unknown, transfer: boolean): string {
  if (errorCode(error) === 'NOT_FOUND') return serverMessage(error, ACCOUNT_MESSAGES.companyNotFound);
  return transfer ? ACCOUNT_MESSAGES.transferFailed : serverMessage(error, ACCOUNT_MESSAGES.transferFailed);
}

/** 'Select a Company': link a user to a company, optionally moving their private credits to it. */
export function SelectCompanyModal({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const companies = useQuery({ ...trpc.companies.all.queryOptions(), enabled: user !== null });
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [transfer, setTransfer] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setCompanyId(null);
    setTransfer(false);
    setError(null);
    onClose();
  };

  const assign = useMutation(
    trpc.users.assignCompany.mutationOptions({
      onSuccess: async ({ transferredCents }) => {
        notifications.show({
          color: 'green',
          message: transferredCents > 0 ? ACCOUNT_MESSAGES.eurosTransferred : COMPANY_ASSIGNED,
        });
        // PRODUCT.md §4: both lists refresh.
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.users.withoutCompany.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.users.list.queryKey() }),
        ]);
        close();
      },
      onError: (failure, input) => {
        const message = assignmentError(failure, input.transfer);
        setError(message);
        notifications.show({ color: 'red', message });
      },
    }),
  );

  const confirm = () => {
    if (!user) return;
    const company = companies.data?.find((candidate) => String(candidate.id) === companyId);
    if (!company) {
      setError(ACCOUNT_MESSAGES.companyNotFound);
      return;
    }
    setError(null);
    assign.mutate({ userId: user.id, companyId: company.id, transfer });
  };

  return (
    <Modal opened={user !== null} onClose={close} title="Select a Company" centered>
      {user && (
        <Stack gap="sm">
          <Text size="sm">
            {user.username} ({user.email}){user.suggestion ? ` suggested: “${user.suggestion}”` : ''}
          </Text>
          <Select
            label="Company"
            placeholder={companies.isPending ? 'Loading companies…' : 'Pick a company'}
            data={(companies.data ?? []).map((company) => ({
              value: String(company.id),
              label: `${company.name} (#${company.id})`,
            }))}
            value={companyId}
            onChange={setCompanyId}
            searchable
            nothingFoundMessage="No company matches"
            error={companies.isError ? 'The companies could not be loaded' : undefined}
            comboboxProps={{ withinPortal: true }}
          />
          <Checkbox
            label="Transfer private credits"
            description={`This user holds ${formatEuros(user.creditsCents)} of private credits.`}
            checked={transfer}
            onChange={(event) => setTransfer(event.currentTarget.checked)}
          />
          <FormFailure message={error} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close} disabled={assign.isPending}>
              Cancel
            </Button>
            <Button onClick={confirm} loading={assign.isPending} disabled={!companyId}>
              Confirm
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
