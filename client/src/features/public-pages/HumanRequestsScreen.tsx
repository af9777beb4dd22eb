import { Button, Card, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconTicket, IconUsersGroup } from '@tabler/icons-react';
import { EXTERNAL_LINKS } from '../../lib/external-links';
import { Screen } from '../../ui/Screen';

/** /human: special requests go to independent subtitlers, via a support ticket or the community. */
export function HumanRequestsScreen() {
  return (
    <Screen title="Special subtitling Requests" width="md">
      <Text>
        Some videos need more than automatic subtitles: creative translation, subtitles for the deaf and hard
        of hearing, strict broadcast rules or a language we do not offer yet. For these, independent
        professional subtitlers can help you.
      </Text>
      <List spacing="xs">
        <List.Item>Human translation and proofreading of your generated subtitles</List.Item>
        <List.Item>Subtitles following a client's or broadcaster's style guide</List.Item>
        <List.Item>Languages and formats outside the automatic service</List.Item>
      </List>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Card withBorder padding="lg">
          <Stack gap="sm" align="flex-start">
            <IconTicket size={28} aria-hidden />
            <Title order={2} size="h4">
              Open a support ticket
            </Title>
            <Text size="sm">
              Describe your video and what you need; we put you in touch with a subtitler.
            </Text>
            <Button
              component="a"
              href={EXTERNAL_LINKS.supportTicket}
              target="_blank"
              rel="noopener noreferrer"
            >
              Open a ticket
            </Button>
          </Stack>
        </Card>
        <Card withBorder padding="lg">
          <Stack gap="sm" align="flex-start">
            <IconUsersGroup size={28} aria-hidden />
            <Title order={2} size="h4">
              Join the community
            </Title>
            <Text size="sm">
              Members meet independent subtitlers directly and agree on the work together.
            </Text>
            <Button
              component="a"
              href={EXTERNAL_LINKS.community}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
            >
              Become a member
            </Button>
          </Stack>
        </Card>
      </SimpleGrid>
    </Screen>
  );
}
