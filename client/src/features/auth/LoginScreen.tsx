import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ComingSoon } from '../../ui/ComingSoon';
import { Screen } from '../../ui/Screen';

/** /login and /user/login: Email, Password and a Login button (later issue). */
export function LoginScreen() {
  return (
    <Screen title="Log In" width="sm">
      <ComingSoon what="Logging in" />
      <Text size="sm">
        No account yet?{' '}
        <Anchor component={Link} to="/signup">
          Sign Up
        </Anchor>
      </Text>
    </Screen>
  );
}
