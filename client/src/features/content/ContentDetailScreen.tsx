import { Alert, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { ContentEntry } from '../../../../shared/schemas/content';
import { useTRPC } from '../../lib/trpc';
import { QueryState } from '../../ui/QueryState';
import { Screen } from '../../ui/Screen';
import classes from './content.module.css';
import { type ContentFormValues, checkContentForm } from './content-form';
import { CONTENT_OVERVIEW_PATH } from './content-paths';

const HTML_ROWS = 13;

function BackButton() {
  return (
    <Button
      component={Link}
      to={CONTENT_OVERVIEW_PATH}
      variant="default"
      leftSection={<IconArrowLeft size={16} />}
    >
      Back
    </Button>
  );
}

/**
 * The home page's review widget is not a separate setting: it is part of the home page's html, pasted
 * as the provider's https iframe embed. It therefore passes the same sanitize policy as all page html
 * (server on save and on read, DOMPurify on render); script-tag embeds are removed by that policy.
 */
const HOME_HTML_HINT =
  "The review widget is part of this html: paste the review provider's https iframe embed here. " +
  'Scripts, event handlers and javascript: links are removed when saving.';

function ContentForm({ entry }: { entry: ContentEntry }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [values, setValues] = useState<ContentFormValues>({ title: entry.title, html: entry.html });
  const [touched, setTouched] = useState<Partial<Record<keyof ContentFormValues, boolean>>>({});
  const save = useMutation(
    trpc.content.update.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.content.pathFilter());
        await navigate(CONTENT_OVERVIEW_PATH);
      },
    }),
  );

  const { update, errors } = checkContentForm(values);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update && !save.isPending) save.mutate({ id: entry.id, ...update });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Edit content">
      <Stack gap="sm">
        <Text c="dimmed" size="sm">
          Public page: {entry.page}
        </Text>
        <TextInput
          label="Title"
          withAsterisk
          value={values.title}
          onChange={(event) => setValues({ ...values, title: event.currentTarget.value })}
          onBlur={() => setTouched({ ...touched, title: true })}
          error={touched.title || values.title !== entry.title ? errors.title : undefined}
          maxLength={200}
        />
        <Textarea
          label="Html"
          withAsterisk
          rows={HTML_ROWS}
          value={values.html}
          onChange={(event) => setValues({ ...values, html: event.currentTarget.value })}
          onBlur={() => setTouched({ ...touched, html: true })}
          error={touched.html || values.html !== entry.html ? errors.html : undefined}
          description={entry.page === 'home' ? HOME_HTML_HINT : undefined}
          classNames={{ input: classes.code }}
          spellCheck={false}
          resize="vertical"
        />
        {save.isError && (
          <Alert color="red" icon={<IconAlertCircle />} role="alert" p="sm">
            The changes could not be saved. Please try again.
          </Alert>
        )}
        <Group gap="sm">
          <Button type="submit" disabled={update === null} loading={save.isPending}>
            Save Changes
          </Button>
          <BackButton />
        </Group>
      </Stack>
    </form>
  );
}

/** /admin/content/detail/:id: a page's Title and Html; 'Save Changes' returns to the overview. */
export function ContentDetailScreen() {
  const trpc = useTRPC();
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0;
  const content = useQuery(trpc.content.get.queryOptions({ id }, { enabled: validId }));

  let body: ReactNode;
  if (!validId || content.error?.data?.httpStatus === 404) {
    body = (
      <Stack gap="sm" align="flex-start">
        <Text role="alert">This content page does not exist.</Text>
        <BackButton />
      </Stack>
    );
  } else {
    body = (
      <QueryState
        query={content}
        loading="Loading content…"
        failed="Content could not be loaded"
        actions={<BackButton />}
      >
        {(entry) => <ContentForm key={entry.id} entry={entry} />}
      </QueryState>
    );
  }

  return (
    <Screen title="Edit Content" width="md">
      {body}
    </Screen>
  );
}
