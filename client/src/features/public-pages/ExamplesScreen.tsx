import {
  AspectRatio,
  Badge,
  Blockquote,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { INPUT_LANGUAGES, OUTPUT_LANGUAGES } from '../../../../shared/languages';
import { PLANS } from '../../../../shared/plans';
import type { ShowcaseVideo } from '../../../../shared/schemas/showcase';
import { Screen } from '../../ui/Screen';
import { useShowcase } from '../showcase/use-showcase';
import { CUE_BY_PLAN, CUE_SECONDS } from './example-samples';

function planName(rso: string | null): string | undefined {
  return PLANS.find((plan) => plan.id === rso)?.name;
}

function languageName(code: string | null, names: Record<string, string>): string | undefined {
  return code ? (names[code] ?? code) : undefined;
}

function ExampleVideoCard({ video }: { video: ShowcaseVideo }) {
  const spoken = languageName(video.inLan, INPUT_LANGUAGES);
  const subtitles = languageName(video.outLan, OUTPUT_LANGUAGES);
  const plan = planName(video.rso);
  return (
    <Card withBorder padding="md">
      <Card.Section>
        <Tabs defaultValue="subtitled" keepMounted={false}>
          <Tabs.List grow>
            <Tabs.Tab value="subtitled">With subtitles</Tabs.Tab>
            <Tabs.Tab value="original">Original</Tabs.Tab>
          </Tabs.List>
          {(['subtitled', 'original'] as const).map((file) => (
            <Tabs.Panel key={file} value={file}>
              <AspectRatio ratio={16 / 9}>
                {/* biome-ignore lint/a11y/useMediaCaption: the subtitles are burned into the subtitled video itself. */}
                <video
                  src={file === 'subtitled' ? video.subtitledUrl : video.originalUrl}
                  controls
                  preload="metadata"
                  aria-label={`${video.title}, ${file === 'subtitled' ? 'with subtitles' : 'original'}`}
                />
              </AspectRatio>
            </Tabs.Panel>
          ))}
        </Tabs>
      </Card.Section>
      <Stack gap={6} mt="md">
        <Title order={3} size="h5">
          {video.title}
        </Title>
        {spoken && subtitles && (
          <Group gap={6}>
            <IconLanguage size={16} aria-hidden />
            <Text size="sm">
              {spoken} → {subtitles}
            </Text>
          </Group>
        )}
        {plan && <Badge variant="light">{plan}</Badge>}
        {video.description && (
          <Text size="sm" c="dimmed">
            {video.description}
          </Text>
        )}
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

/**
 * /examples: the videos an admin published as examples (original and subtitled), and full-text
 * versus compressed subtitles. Until one is published, only the comparison shows.
 */
export function ExamplesScreen() {
  const { examples } = useShowcase();
  return (
    <Screen title="Example Videos">
      {examples.length > 0 && (
        <>
          <Text>Videos subtitled and translated automatically, each with the reading speed it used.</Text>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            {examples.map((video) => (
              <ExampleVideoCard key={video.id} video={video} />
            ))}
          </SimpleGrid>
        </>
      )}
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
