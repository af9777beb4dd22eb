import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { SubtitleStyleId } from '../../../../shared/subtitles/subtitle-style';
import { SUBTITLE_STYLES } from '../../../../shared/subtitles/subtitle-style';
import { useTRPC } from '../../lib/trpc';
import { serverMessage } from '../auth/server-errors';
import { SubtitleStylePicker } from './SubtitleStylePicker';
import { useCompanyStyle } from './use-company-style';

/** The company's default subtitle style: every user of the company sees it and can change it (issue 22). */
export function CompanyStyleCard({ companyId }: { companyId?: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const current = useCompanyStyle(companyId);
  const [chosen, setChosen] = useState<SubtitleStyleId>(current.style);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => setChosen(current.style), [current.style]);

  const save = useMutation(
    trpc.subtitleStyles.setCompanyDefault.mutationOptions({
      onSuccess: async (answer) => {
        setFailure(null);
        notifications.show({
          color: 'green',
          message: `New uploads now get the ${SUBTITLE_STYLES[answer.style].name} style.`,
        });
        await queryClient.invalidateQueries({ queryKey: trpc.subtitleStyles.companyDefault.queryKey() });
      },
      onError: (error) => setFailure(serverMessage(error, 'The style could not be saved.')),
    }),
  );

  if (!current.known) return null;
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Your company's subtitle style
        </Title>
        <Text size="sm" c="dimmed">
          Uploads get this style unless they choose another. Everyone in your company can change it.
        </Text>
        <SubtitleStylePicker value={chosen} onChange={setChosen} label="Default style" />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group>
          <Button
            onClick={() => save.mutate({ companyId, style: chosen })}
            loading={save.isPending}
            disabled={chosen === current.style}
          >
            Save default style
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
