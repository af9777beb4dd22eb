import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  customFromPreset,
  isSubtitleStyleId,
  resolveStyle,
  type StyleChoice,
  styleInWords,
} from '../../../../shared/subtitles/subtitle-style';
import { useTRPC } from '../../lib/trpc';
import { serverMessage } from '../auth/server-errors';
import { CustomStyleEditor } from './CustomStyleEditor';
import { SubtitleStylePicker } from './SubtitleStylePicker';
import { useCompanyStyle } from './use-company-style';

/** The company's default subtitle style and its own style: every user of the company sees and changes them (issue 22). */
export function CompanyStyleCard({ companyId }: { companyId?: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const current = useCompanyStyle(companyId);
  const [chosen, setChosen] = useState<StyleChoice>(current.style);
  const [editing, setEditing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => setChosen(current.style), [current.style]);

  const saved = async (answer: { style: StyleChoice; custom: typeof current.custom }) => {
    setFailure(null);
    setEditing(false);
    notifications.show({
      color: 'green',
      message: `New uploads now get ${styleInWords(resolveStyle(answer.style, answer.custom))}.`,
    });
    await queryClient.invalidateQueries({ queryKey: trpc.subtitleStyles.companyDefault.queryKey() });
  };
  const onError = (error: unknown) => setFailure(serverMessage(error, 'The style could not be saved.'));
  const save = useMutation(
    trpc.subtitleStyles.setCompanyDefault.mutationOptions({ onSuccess: saved, onError }),
  );
  const saveCustom = useMutation(
    trpc.subtitleStyles.setCompanyCustom.mutationOptions({ onSuccess: saved, onError }),
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
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        {editing ? (
          <CustomStyleEditor
            initial={current.custom ?? customFromPreset(isSubtitleStyleId(chosen) ? chosen : 'broadcast')}
            saving={saveCustom.isPending}
            onSave={(settings) => saveCustom.mutate({ companyId, settings })}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <>
            <SubtitleStylePicker
              value={chosen}
              onChange={setChosen}
              custom={current.custom}
              label="Default style"
            />
            <Group>
              <Button
                onClick={() => save.mutate({ companyId, style: chosen })}
                loading={save.isPending}
                disabled={chosen === current.style}
              >
                Save default style
              </Button>
              <Button variant="default" onClick={() => setEditing(true)}>
                {current.custom ? 'Edit your own style' : 'Make your own style'}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
