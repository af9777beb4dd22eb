import { Alert, Button, Checkbox, Group, Loader, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { OUTPUT_LANGUAGES, type OutputLanguage } from '../../../../shared/languages';
import { LANGUAGE_TEXTS } from '../../../../shared/schemas/video-languages';
import { useTRPC } from '../../lib/trpc';
import { serverMessage } from '../auth/server-errors';
import { addableOptions, addLanguagePrice } from './video-languages';

export interface AddLanguageTarget {
  id: number;
  name: string;
  /** Audio alone has no picture to burn into: no burned video is offered. */
  audioOnly: boolean;
  /** A language to choose at once (adding a failed one again). */
  language?: OutputLanguage;
}

/**
 * "Add a language" (issue 40): the languages the video does not have yet, the price from the server,
 * "Burn in this language too", then `videos.addLanguage`; the server's refusal is shown here in its
 * own words and the dialog stays open.
 */
export function AddLanguageDialog({
  target,
  onClose,
}: {
  target: AddLanguageTarget | null;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [language, setLanguage] = useState<OutputLanguage | null>(null);
  const [burn, setBurn] = useState(false);
  const languages = useQuery(
    trpc.videos.languages.queryOptions({ id: target?.id ?? 0 }, { enabled: target !== null, staleTime: 0 }),
  );
  const add = useMutation(
    trpc.videos.addLanguage.mutationOptions({
      onSuccess: async (added) => {
        notifications.show({
          color: 'green',
          message: `${OUTPUT_LANGUAGES[added.language]} is being added to ${target?.name ?? 'the video'}.`,
        });
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.videos.list.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.videos.languages.queryKey() }),
        ]);
        onClose();
      },
    }),
  );
  const reset = add.reset;
  // Each opening starts afresh, on the language it was opened for.
  useEffect(() => {
    setLanguage(target?.language ?? null);
    setBurn(false);
    reset();
  }, [target, reset]);

  // A failed language is added again from its chip, whether or not the server lists it as addable.
  const options = addableOptions([
    ...(languages.data?.addable ?? []),
    ...(target?.language ? [target.language] : []),
  ]);
  const price = languages.data
    ? addLanguagePrice(languages.data.priceCents, languages.data.burnPriceCents, burn)
    : null;
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title={`${LANGUAGE_TEXTS.addLanguage} to ${target?.name ?? ''}`}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (target && language) add.mutate({ id: target.id, language, burn });
        }}
      >
        <Stack gap="sm">
          {languages.isPending && (
            <Group gap="xs" role="status">
              <Loader size="xs" />
              <Text size="sm">Loading the languages…</Text>
            </Group>
          )}
          {languages.isError && (
            <Alert color="red" role="alert">
              {serverMessage(languages.error, 'The languages could not be loaded.')}
            </Alert>
          )}
          {languages.data && options.length === 0 && (
            <Text size="sm">This video has subtitles in every language already.</Text>
          )}
          {options.length > 0 && (
            <>
              <Select
                label="Language"
                placeholder="Choose a language"
                data={options}
                value={language}
                onChange={(value) => setLanguage(value as OutputLanguage | null)}
                searchable
                comboboxProps={{ withinPortal: false }}
              />
              {!target?.audioOnly && (
                <Checkbox
                  label="Burn in this language too"
                  checked={burn}
                  onChange={(event) => setBurn(event.currentTarget.checked)}
                />
              )}
              {price && (
                <Text size="sm">Price: {price}, charged now; refunded if the translation fails.</Text>
              )}
            </>
          )}
          {add.isError && (
            <Alert color="red" role="alert">
              {serverMessage(add.error, 'The language could not be added.')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!language} loading={add.isPending}>
              {LANGUAGE_TEXTS.addLanguage}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
