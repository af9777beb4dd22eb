import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Screen } from '../ui/Screen';

export function NotFoundScreen() {
  return (
    <Screen title="Page not found">
      <Text>There is no page at this address.</Text>
      <Anchor component={Link} to="/">
        Go to the home page
      </Anchor>
    </Screen>
  );
}
