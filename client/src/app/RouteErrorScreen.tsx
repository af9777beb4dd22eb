import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';

/** Shown when a screen throws while rendering; details go to the console, not to the user. */
export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Container size="sm" py="xl" px={0}>
      <Stack>
        <Title order={1}>Something went wrong</Title>
        <Text>This page could not be shown. Please reload, or go back to the home page.</Text>
        <Anchor href="/">Go to the home page</Anchor>
      </Stack>
    </Container>
  );
}
