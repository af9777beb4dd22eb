import { Button, Card, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconTicket, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import { isOwnRoute, useSiteLinks } from '../../lib/site-links';
import { Screen } from '../../ui/Screen';

/** /human: special requests go to independent subtitlers, via a support ticket or the community. */
/** A button's link props for an admin-set address: a route of the app, or a new tab (Link passes absolute addresses through). */
function linkProps(address: string) {
  const own = isOwnRoute(address);
  return {
    component: Link,
    to: address,
    target: own ? undefined : '_blank',
    rel: own ? undefined : 'noopener noreferrer',
  } as const;
}

export function HumanRequestsScreen() {
  const { supportTicket, community } = useSiteLinks();
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
        {supportTicket && (
          <Card withBorder padding="lg">
            <Stack gap="sm" align="flex-start">
              <IconTicket size={28} aria-hidden />
              <Title order={2} size="h4">
                Open a support ticket
              </Title>
              <Text size="sm">
                Describe your video and what you need; we put you in touch with a subtitler.
              </Text>
              <Button {...linkProps(supportTicket)}>Open a ticket</Button>
            </Stack>
          </Card>
        )}
        {community && (
          <Card withBorder padding="lg">
            <Stack gap="sm" align="flex-start">
              <IconUsersGroup size={28} aria-hidden />
              <Title order={2} size="h4">
                Join the community
              </Title>
              <Text size="sm">
                Members meet independent subtitlers directly and agree on the work together.
              </Text>
              <Button {...linkProps(community)} variant="light">
                Become a member
              </Button>
            </Stack>
          </Card>
        )}
      </SimpleGrid>
    </Screen>
  );
}
