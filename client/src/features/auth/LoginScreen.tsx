import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AUTH_MESSAGES } from '../../../../shared/schemas/auth';
import { hasSavedUploadData } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';
import { FormFailure } from '../../ui/FormFailure';
import { Screen } from '../../ui/Screen';
import { isLoginAttemptBlocked } from './login-attempts';
import { serverMessage } from './server-errors';
import { rememberSignedIn } from './signed-in';

/** /login and /user/login: Email, Password and a Login button; on success the user goes to /. */
export function LoginScreen() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  // PRODUCT.md §4: the counter lives for one visit of the page, so it is component state, not storage.
  const attempts = useRef(0);

  const login = useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: (user) => {
        rememberSignedIn(user);
        // An upload chosen before logging in waits on /video/upload.
        navigate(hasSavedUploadData() ? '/video/upload' : '/');
      },
      onError: (failure) => setError(serverMessage(failure, AUTH_MESSAGES.loginInvalid)),
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    attempts.current += 1;
    if (isLoginAttemptBlocked(attempts.current)) {
      notifications.show({ color: 'red', message: AUTH_MESSAGES.tooManyLogins });
      setError(AUTH_MESSAGES.tooManyLogins);
      return;
    }
    if (email.trim() === '' || password === '') {
      setError(AUTH_MESSAGES.loginMandatory);
      return;
    }
    setError(null);
    login.mutate({ email, password });
  };

  return (
    <Screen title="Log In" width="sm">
      <form onSubmit={submit} noValidate aria-label="Log In">
        <Stack gap="sm">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            autoFocus
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Anchor component={Link} to="/forgot-password" size="sm">
            Forgot password?
          </Anchor>
          <FormFailure message={error} />
          <Button type="submit" loading={login.isPending}>
            Login
          </Button>
        </Stack>
      </form>
      <Text size="sm">
        No account yet?{' '}
        <Anchor component={Link} to="/signup">
          Sign Up
        </Anchor>
      </Text>
    </Screen>
  );
}
