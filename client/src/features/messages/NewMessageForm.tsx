import { Alert, Button, Group, List, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { MESSAGE_TEXTS } from '../../../../shared/schemas/messages';
import { useTRPC } from '../../lib/trpc';
import { checkMessageForm, EMPTY_MESSAGE_FORM, type MessageFormValues } from './message-form';

export interface NewMessageFormProps {
  /** After a successful create: the fields are cleared and the form hidden (PRODUCT.md §4). */
  onCreated: () => void;
}

function useCompanyOptions() {
  const trpc = useTRPC();
  const companies = useQuery(trpc.companies.all.queryOptions());
  const options = (companies.data ?? []).map((company) => ({
    value: String(company.id),
    label: company.name,
  }));
  return { companies, options };
}

/**
 * Title, Message and Company, then 'Create'; the messages of PRODUCT.md §5 are listed and nothing is sent
 * while any shows.
 */
export function NewMessageForm({ onCreated }: NewMessageFormProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<MessageFormValues>(EMPTY_MESSAGE_FORM);
  const [submitted, setSubmitted] = useState(false);
  const { companies, options } = useCompanyOptions();
  const create = useMutation(
    trpc.messages.create.mutationOptions({
      onSuccess: async () => {
        setValues(EMPTY_MESSAGE_FORM);
        setSubmitted(false);
        await queryClient.invalidateQueries(trpc.messages.pathFilter());
        onCreated();
      },
    }),
  );

  const check = checkMessageForm(values);
  const errors = submitted && !check.ok ? check.errors : [];
  const hasError = (text: string) => errors.includes(text);
  const update = (change: Partial<MessageFormValues>) => setValues((current) => ({ ...current, ...change }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (check.ok && !create.isPending) create.mutate(check.input);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="New message">
      <Stack gap="sm">
        <TextInput
          label="Title"
          withAsterisk
          value={values.title}
          onChange={(event) => update({ title: event.currentTarget.value })}
          error={hasError(MESSAGE_TEXTS.titleRequired)}
          maxLength={200}
        />
        <Textarea
          label="Message"
          withAsterisk
          autosize
          minRows={4}
          maxRows={12}
          value={values.message}
          onChange={(event) => update({ message: event.currentTarget.value })}
          error={hasError(MESSAGE_TEXTS.messageRequired)}
        />
        <Select
          label="Company"
          withAsterisk
          placeholder={companies.isPending ? 'Loading companies…' : 'Select a company'}
          data={options}
          value={values.company}
          onChange={(company) => update({ company })}
          searchable
          nothingFoundMessage="No company matches"
          error={
            companies.isError ? 'Companies could not be loaded.' : hasError(MESSAGE_TEXTS.companyRequired)
          }
          disabled={companies.isPending}
          comboboxProps={{ withinPortal: true }}
        />
        {errors.length > 0 && (
          <Alert color="red" icon={<IconAlertCircle />} role="alert" p="sm">
            <List size="sm" spacing={2}>
              {errors.map((error) => (
                <List.Item key={error}>{error}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {create.isError && (
          <Alert color="red" icon={<IconAlertCircle />} role="alert" p="sm">
            The message could not be created. Please try again.
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={create.isPending}>
            Create
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
