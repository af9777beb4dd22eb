import { Button, Group, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import {
  SITE_LINK_KEYS,
  SITE_LINK_MAX_LENGTH,
  SITE_LINKS,
  type SiteLinkKey,
  siteLinkAddress,
} from '../../../../shared/site-links';
import { useTRPC } from '../../lib/trpc';
import { FormCard } from '../../ui/FormCard';
import { FormFailure } from '../../ui/FormFailure';
import { LoadedRecord } from '../../ui/LoadedRecord';
import { Screen } from '../../ui/Screen';
import { fieldErrors, serverMessage } from '../auth/server-errors';

type Addresses = Record<SiteLinkKey, string>;

const TEXTS = {
  saved: 'Links updated',
  unchanged: 'Nothing changed',
  saveFailed: 'Failed to update the links',
  loadFailed: 'The links could not be loaded.',
} as const;

function fallbackText(key: SiteLinkKey): string {
  const { fallback } = SITE_LINKS[key];
  return fallback ? `Empty: links to this site's ${fallback} page` : 'Empty: the link is hidden';
}

function addressErrors(addresses: Addresses): Partial<Record<SiteLinkKey, string>> {
  const errors: Partial<Record<SiteLinkKey, string>> = {};
  for (const key of SITE_LINK_KEYS) {
    if (addresses[key].trim() === '') continue;
    const checked = siteLinkAddress.safeParse(addresses[key]);
    if (!checked.success) errors[key] = checked.error.issues[0]?.message;
  }
  return errors;
}

function SiteLinksForm({ saved }: { saved: Addresses }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [addresses, setAddresses] = useState<Addresses>(saved);
  const [errors, setErrors] = useState<Partial<Record<SiteLinkKey, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const changed = SITE_LINK_KEYS.filter((key) => addresses[key].trim() !== saved[key]);

  const save = useMutation(
    trpc.siteLinks.update.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: 'green', message: TEXTS.saved });
        await queryClient.invalidateQueries({ queryKey: trpc.siteLinks.pathKey() });
      },
      onError: (error) => {
        const fields = fieldErrors(error);
        setErrors(Object.fromEntries(Object.entries(fields).map(([key, messages]) => [key, messages?.[0]])));
        setFailure(serverMessage(error, TEXTS.saveFailed));
      },
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = addressErrors(addresses);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (changed.length === 0) {
      notifications.show({ color: 'gray', message: TEXTS.unchanged });
      return;
    }
    save.mutate(Object.fromEntries(changed.map((key) => [key, addresses[key].trim()])));
  };

  return (
    <FormCard label="Links" onSubmit={submit} width={640}>
      {SITE_LINK_KEYS.map((key) => (
        <TextInput
          key={key}
          label={SITE_LINKS[key].label}
          description={fallbackText(key)}
          placeholder="https://…, mailto:… or /page"
          maxLength={SITE_LINK_MAX_LENGTH}
          value={addresses[key]}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setAddresses((current) => ({ ...current, [key]: value }));
          }}
          error={errors[key]}
        />
      ))}
      <FormFailure message={failure} />
      <Group>
        <Button type="submit" loading={save.isPending}>
          Save Changes
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        The menu, the footer and the notices about contacting you use these addresses. Every change is written
        to the audit trail.
      </Text>
    </FormCard>
  );
}

/** /admin/links: where the help centre, support, contact and social links point. */
export function SiteLinksScreen() {
  const trpc = useTRPC();
  const saved = useQuery(trpc.siteLinks.saved.queryOptions());
  return (
    <Screen title="Links">
      <LoadedRecord
        data={saved.data}
        error={saved.isError ? serverMessage(saved.error, TEXTS.loadFailed) : null}
        loadingLabel="Loading"
        loaderPadding="xl"
      >
        {(links) => <SiteLinksForm key={JSON.stringify(links)} saved={links} />}
      </LoadedRecord>
    </Screen>
  );
}
