import {
  AspectRatio,
  Badge,
  Blockquote,
  Card,
  Center,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { INPUT_LANGUAGES, OUTPUT_LANGUAGES } from '../../../../shared/languages';
import { PLANS } from '../../../../shared/plans';
import { Screen } from '../../ui/Screen';
import { CUE_BY_PLAN, CUE_SECONDS, EXAMPLE_VIDEOS, type ExampleVideo } from './example-samples';

function planName(id: ExampleVideo['plan']): string {
  return PLANS.find((plan) => plan.id === id)?.name ?? id;
}

function ExampleVideoCard({ video }: { video: ExampleVideo }) {
  return (
    <Card withBorder padding="md">
      <Card.Section>
        <AspectRatio ratio={16 / 9}>
          {video.url ? (
            // biome-ignore lint/a11y/useMediaCaption: the subtitles are burned into the sample video itself.
            <video src={video.url} poster={video.poster} controls preload="none" />
          ) : (
            <Center bg="gray.1">
              <Text c="dimmed" size="sm">
                Sample video coming soon
              </Text>
            </Center>
          )}
        </AspectRatio>
      </Card.Section>
      <Stack gap={6} mt="md">
        <Title order={3} size="h5">
          {video.title}
        </Title>
        <Group gap={6}>
          <IconLanguage size={16} aria-hidden />
          <Text size="sm">
            {INPUT_LANGUAGES[video.spoken]} → {OUTPUT_LANGUAGES[video.subtitles]}
          </Text>
        </Group>
        <Badge variant="light">{planName(video.plan)}</Badge>
        <Text size="sm" c="dimmed">
          {video.description}
        </Text>
      </Stack>
    </Card>
  );
}

function PlanComparison() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {PLANS.map((plan) => {
        const cue = CUE_BY_PLAN[plan.id];
        const perSecond = (cue.length / CUE_SECONDS).toFixed(1);
        return (
          <Card key={plan.id} withBorder padding="md">
            <Group justify="space-between" gap="xs">
              <Title order={3} size="h5">
                {plan.name}
              </Title>
              {'recommended' in plan && plan.recommended ? <Badge color="green">Recommended</Badge> : null}
            </Group>
            <Text size="sm" c="dimmed">
              {plan.maxCharsPerSecond === null
                ? 'Full text: every spoken word, however fast.'
                : `Compressed to at most ${plan.maxCharsPerSecond} characters per second.`}
            </Text>
            <Blockquote p="sm" mt="sm" color="indigo">
              {cue}
            </Blockquote>
            <Text size="xs" c="dimmed" mt="xs">
              {cue.length} characters in {CUE_SECONDS} seconds: {perSecond} characters per second
            </Text>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

/** /examples: sample videos with translations, and full-text versus compressed subtitles. */
export function ExamplesScreen() {
  return (
    <Screen title="Example Videos">
      <Text>Sample videos subtitled and translated automatically, each with the reading speed it used.</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        {EXAMPLE_VIDEOS.map((video) => (
          <ExampleVideoCard key={video.title} video={video} />
        ))}
      </SimpleGrid>
      <Title order={2} mt="lg">
        Full-text versus compressed subtitles
      </Title>
      <Text>
        People read more slowly than they speak. Full-text subtitles keep every word, which can be hard to
        read when someone talks fast. Compressed subtitles keep the meaning in fewer words so viewers can read
        them and still watch the picture. Choose the reading speed as the plan when you upload; Minimal (up to
        20 characters per second) is recommended.
      </Text>
      <Text size="sm" c="dimmed">
        The same {CUE_SECONDS}-second sentence at each reading speed:
      </Text>
      <PlanComparison />
    </Screen>
  );
}
