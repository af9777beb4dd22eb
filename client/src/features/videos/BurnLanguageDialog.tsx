import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { OUTPUT_LANGUAGES, type OutputLanguage } from '../../../../shared/languages';
import { formatEuros } from '../../../../shared/money';
import { useTRPC } from '../../lib/trpc';
import { serverMessage } from '../auth/server-errors';
import { BURN_OUTDATED_HINT } from './video-languages';

export interface BurnLanguageTarget {
  id: number;
  name: string;
  language: OutputLanguage;
  /** Burned before, from subtitles edited since. */
  outdated: boolean;
}

/**
 * "Burn in this language" (issue 40): the price from the server, confirmed, then
 * `videos.burnLanguage`; a refusal stays in the dialog in the server's words.
 */
export function BurnLanguageDialog({
  target,
  onClose,
}: {
  target: BurnLanguageTarget | null;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const languages = useQuery(
    trpc.videos.languages.queryOptions({ id: target?.id ?? 0 }, { enabled: target !== null, staleTime: 0 }),
  );
  const burn = useMutation(
    trpc.videos.burnLanguage.mutationOptions({
      onSuccess: async (burning) => {
        notifications.show({
          color: 'green',
          message: `The ${OUTPUT_LANGUAGES[burning.language]} video is being burned in.`,
        });
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.videos.list.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.videos.languages.queryKey() }),
        ]);
        onClose();
      },
    }),
  );
  const reset = burn.reset;
  useEffect(() => {
    if (target) reset();
  }, [target, reset]);
  const name = target ? OUTPUT_LANGUAGES[target.language] : '';
  const price = languages.data ? formatEuros(languages.data.burnPriceCents) : null;
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title={`Burn in ${name}`}
    >
      <Stack gap="sm">
        {target?.outdated && <Text size="sm">{BURN_OUTDATED_HINT}</Text>}
        <Text size="sm">
          The {name} subtitles of {target?.name} are burned into a video of their own
          {price ? `, for ${price}, charged now and refunded if the burn fails` : ''}.
        </Text>
        {languages.isError && (
          <Alert color="red" role="alert">
            {serverMessage(languages.error, 'The price could not be loaded.')}
          </Alert>
        )}
        {burn.isError && (
          <Alert color="red" role="alert">
            {serverMessage(burn.error, 'The video could not be burned in this language.')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!price}
            loading={burn.isPending}
            onClick={() => target && burn.mutate({ id: target.id, language: target.language })}
          >
            {price ? `Burn in ${name} for ${price}` : `Burn in ${name}`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
