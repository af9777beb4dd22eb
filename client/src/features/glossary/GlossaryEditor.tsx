import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  FileButton,
  Group,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { OUTPUT_LANGUAGE_CODES, OUTPUT_LANGUAGES, type OutputLanguage } from '../../../../shared/languages';
import { type GlossaryTerm, glossaryTermInput, MAX_TERM_LENGTH } from '../../../../shared/schemas/glossary';
import { saveTextFile } from '../../lib/save-text';
import { useTRPC } from '../../lib/trpc';
import { FormFailure } from '../../ui/FormFailure';
import { serverMessage } from '../auth/server-errors';

type Translations = Partial<Record<OutputLanguage, string>>;

interface Draft {
  id?: number;
  term: string;
  keepAsWritten: boolean;
  translations: Translations;
}

const EMPTY: Draft = { term: '', keepAsWritten: true, translations: {} };

function filled(translations: Translations): Translations {
  return Object.fromEntries(
    Object.entries(translations).filter(([, value]) => value && value.trim() !== ''),
  ) as Translations;
}

function TermForm({ companyId, draft, onDone }: { companyId?: number; draft: Draft; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [value, setValue] = useState<Draft>(draft);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(
    trpc.glossary.save.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: 'green', message: `"${value.term.trim()}" saved` });
        await queryClient.invalidateQueries({ queryKey: trpc.glossary.pathKey() });
        setValue(EMPTY);
        onDone();
      },
      onError: (failure) => setError(serverMessage(failure, 'The term could not be saved')),
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      term: value.term,
      keepAsWritten: value.keepAsWritten,
      translations: value.keepAsWritten ? {} : filled(value.translations),
    };
    const checked = glossaryTermInput.safeParse(input);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Check the term');
      return;
    }
    setError(null);
    save.mutate({ ...checked.data, companyId, id: value.id });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={value.id ? 'Edit term' : 'Add a term'}>
      <Stack gap="sm">
        <TextInput
          label="Term"
          description="As it is spoken and as it must be written, e.g. a brand or product name"
          maxLength={MAX_TERM_LENGTH}
          value={value.term}
          onChange={(event) => {
            const term = event.currentTarget.value;
            setValue((current) => ({ ...current, term }));
          }}
        />
        <SegmentedControl
          aria-label="How to translate it"
          value={value.keepAsWritten ? 'keep' : 'fixed'}
          onChange={(choice) => setValue((current) => ({ ...current, keepAsWritten: choice === 'keep' }))}
          data={[
            { value: 'keep', label: 'Keep as written' },
            { value: 'fixed', label: 'Fixed translations' },
          ]}
        />
        {!value.keepAsWritten && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {OUTPUT_LANGUAGE_CODES.map((language) => (
              <TextInput
                key={language}
                label={OUTPUT_LANGUAGES[language]}
                maxLength={MAX_TERM_LENGTH}
                value={value.translations[language] ?? ''}
                onChange={(event) => {
                  const text = event.currentTarget.value;
                  setValue((current) => ({
                    ...current,
                    translations: { ...current.translations, [language]: text },
                  }));
                }}
              />
            ))}
          </SimpleGrid>
        )}
        <FormFailure message={error} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {value.id ? 'Save Term' : 'Add Term'}
          </Button>
          {value.id && (
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

function translationsText(term: GlossaryTerm): string {
  return Object.entries(term.translations)
    .map(([language, text]) => `${OUTPUT_LANGUAGES[language as OutputLanguage]}: ${text}`)
    .join(' · ');
}

function CsvActions({ companyId }: { companyId?: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [replace, setReplace] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const exported = useQuery({ ...trpc.glossary.exportCsv.queryOptions({ companyId }), enabled: false });
  const importCsv = useMutation(
    trpc.glossary.importCsv.mutationOptions({
      onSuccess: async (result) => {
        setError(null);
        notifications.show({ color: 'green', message: `${result.imported} terms imported` });
        await queryClient.invalidateQueries({ queryKey: trpc.glossary.pathKey() });
      },
      onError: (failure) => setError(serverMessage(failure, 'The file could not be imported')),
    }),
  );
  const download = async () => {
    const { data } = await exported.refetch();
    if (data) saveTextFile(data.csv, data.filename, data.mediaType);
  };
  const upload = async (file: File | null) => {
    if (!file) return;
    importCsv.mutate({ companyId, csv: await file.text(), replace });
  };
  return (
    <Stack gap="xs">
      <Group>
        <Button variant="default" onClick={download} loading={exported.isFetching}>
          Export CSV
        </Button>
        <FileButton onChange={upload} accept=".csv,text/csv">
          {(props) => (
            <Button variant="default" loading={importCsv.isPending} {...props}>
              Import CSV
            </Button>
          )}
        </FileButton>
        <Checkbox
          label="Importing replaces the whole glossary"
          checked={replace}
          onChange={(event) => setReplace(event.currentTarget.checked)}
        />
      </Group>
      <Text size="xs" c="dimmed">
        Columns: term, keep_as_written (yes or no), then one column per language code (nl, en, fr, de, it, pt,
        es, sv, zh, hi, ja, ko, ru, th) for fixed translations.
      </Text>
      <FormFailure message={error} />
    </Stack>
  );
}

/**
 * A company's glossary: names spelled as written in every subtitle, and terms with fixed
 * translations. `companyId` is for admins looking at another company; users see their own.
 */
export function GlossaryEditor({ companyId }: { companyId?: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const terms = useQuery(trpc.glossary.list.queryOptions({ companyId }));
  const [editing, setEditing] = useState<Draft | null>(null);
  const remove = useMutation(
    trpc.glossary.remove.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.glossary.pathKey() }),
      onError: (failure) =>
        notifications.show({
          color: 'red',
          message: serverMessage(failure, 'The term could not be removed'),
        }),
    }),
  );
  if (terms.isError) return <Alert color="red">The glossary could not be loaded.</Alert>;
  if (!terms.data) return <Loader aria-label="Loading the glossary" />;
  return (
    <Stack gap="md">
      <Text size="sm">
        Speech recognition listens for these terms, and every translation and shortened subtitle keeps them:
        names as written, other terms with the translation you give for a language.
      </Text>
      <Card withBorder padding="lg">
        <TermForm
          key={editing?.id ?? 'new'}
          companyId={companyId}
          draft={editing ?? EMPTY}
          onDone={() => setEditing(null)}
        />
      </Card>
      {terms.data.length === 0 ? (
        <Text c="dimmed">No terms yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped aria-label="Glossary terms">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Term</Table.Th>
                <Table.Th>Translation</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {terms.data.map((term) => (
                <Table.Tr key={term.id}>
                  <Table.Td>{term.term}</Table.Td>
                  <Table.Td>
                    {term.keepAsWritten ? (
                      <Badge variant="light">Kept as written</Badge>
                    ) : (
                      translationsText(term)
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => setEditing({ ...term })}
                        aria-label={`Edit ${term.term}`}
                      >
                        Edit
                      </Button>
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        aria-label={`Remove ${term.term}`}
                        loading={remove.isPending && remove.variables?.id === term.id}
                        onClick={() => remove.mutate({ companyId, id: term.id })}
                      >
                        Remove
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <CsvActions companyId={companyId} />
    </Stack>
  );
}
