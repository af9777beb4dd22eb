import { Alert, Badge, Card, Group, Progress, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/app/trpc-router';
import { formatDateTime } from '../../lib/dates';
import { useTRPC } from '../../lib/trpc';

const BADGES = {
  ready: { color: 'green', label: 'Ready' },
  preparing: { color: 'blue', label: 'Preparing' },
  unavailable: { color: 'red', label: 'Unavailable' },
} as const;

type LanguageModelState = inferRouterOutputs<AppRouter>['health']['engines']['languageModel'];

const MODEL_BADGES = {
  off: { color: 'gray', label: 'Off' },
  checking: { color: 'blue', label: 'Checking' },
  ready: { color: 'green', label: 'Answering' },
  unavailable: { color: 'red', label: 'Not answering' },
} as const;

/** LLM_URL's endpoint: whether it answered its last check, and the technical cause when not. */
function LanguageModelLine({ state }: { state: LanguageModelState }) {
  const badge = MODEL_BADGES[state.state];
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text fw={600}>Language model{state.state === 'off' ? '' : ` (${state.model})`}</Text>
        <Badge color={badge.color}>{badge.label}</Badge>
      </Group>
      {state.state === 'off' && (
        <Text size="sm" c="dimmed">
          Not configured: set LLM_URL and LLM_MODEL to translate without Google and to condense to the plans'
          caps.
        </Text>
      )}
      {state.state === 'unavailable' && (
        <Alert color="red" variant="light" title="Translations and condensing through it fail">
          <Text size="sm">
            Checked {formatDateTime(state.checkedAt)}: {state.cause}
          </Text>
        </Alert>
      )}
    </Stack>
  );
}

/** The engines this server runs with and whether generate mode takes videos, with the technical cause. */
export function EnginesCard() {
  const trpc = useTRPC();
  const engines = useQuery(
    trpc.health.engines.queryOptions(undefined, {
      refetchInterval: (query) => (query.state.data?.speech.state === 'ready' ? 60_000 : 5_000),
    }),
  );
  if (!engines.data) return null;
  const { speech, description } = engines.data;
  const badge = BADGES[speech.state];
  return (
    <Card withBorder padding="lg" mb="md" aria-label="Engines">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>Speech engine</Text>
          <Badge color={badge.color}>{badge.label}</Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        {speech.state === 'preparing' && (
          <Progress
            value={speech.percent ?? 0}
            animated={speech.percent === null}
            aria-label="Speech model download"
          />
        )}
        <LanguageModelLine state={engines.data.languageModel} />
        {speech.state === 'unavailable' && (
          <Alert color="red" variant="light" title="Generate mode is refusing uploads">
            <Text size="sm">
              Since {formatDateTime(speech.since)}: {speech.cause}
            </Text>
            <Text size="sm" mt="xs">
              The download is tried again by itself. Without internet access, fetch the model with npm run
              model -- pull elsewhere and copy it into DATA_DIR/models, or set WHISPER_MODEL to a model file.
            </Text>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
