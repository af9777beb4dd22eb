import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { z } from 'zod';
import { formatEuros } from '../../../../shared/money';
import { companyInput } from '../../../../shared/schemas/accounts';
import { useTRPC } from '../../lib/trpc';
import { FormFailure } from '../../ui/FormFailure';
import { fieldErrors, serverMessage } from '../auth/server-errors';

const CREATED = 'Company created';
const CREATE_FAILED = 'Failed to create the company';

type Errors = Partial<Record<'name' | 'address', string>>;

function CreateCompanyForm({ onClose }: { onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [address, setAddress] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const create = useMutation(
    trpc.companies.create.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: 'green', message: CREATED });
        await queryClient.invalidateQueries({ queryKey: trpc.companies.list.queryKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.companies.all.queryKey() });
        onClose();
      },
      onError: (error) => {
        const fields = fieldErrors(error);
        setErrors({ name: fields.name?.[0], address: fields.address?.[0] });
        setFailure(serverMessage(error, CREATE_FAILED));
      },
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // PRODUCT.md §5: name and address are required; the shared schema says so in the server's words.
    const checked = companyInput.safeParse({ name, address });
    if (!checked.success) {
      const fields = z.flattenError(checked.error).fieldErrors;
      setErrors({ name: fields.name?.[0], address: fields.address?.[0] });
      return;
    }
    setErrors({});
    setFailure(null);
    create.mutate({ ...checked.data, credits: 0 });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Create Company">
      <Stack gap="sm">
        <TextInput
          label="Name"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errors.name}
          data-autofocus
        />
        <Textarea
          label="Address"
          autosize
          minRows={3}
          value={address}
          onChange={(event) => setAddress(event.currentTarget.value)}
          error={errors.address}
        />
        <TextInput
          label="Balance"
          value={formatEuros(0)}
          readOnly
          variant="filled"
          description="New companies start at €0.00; change it on the company's page."
        />
        <FormFailure message={failure} />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The 'Create Company' modal of PRODUCT.md §2: name, address, read-only balance, Cancel, Create. */
export function CreateCompanyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Create Company" centered>
      {opened && <CreateCompanyForm onClose={onClose} />}
    </Modal>
  );
}
