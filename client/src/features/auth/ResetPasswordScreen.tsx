import { Alert, Anchor, Button, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'react-router';
import {
  ACCOUNT_MAIL_MESSAGES,
  AUTH_MESSAGES,
  isStrongSignupPassword,
} from '../../../../shared/schemas/auth';
import { useTRPC } from '../../lib/trpc';
import { FormFailure } from '../../ui/FormFailure';
import { Screen } from '../../ui/Screen';
import { tokenOfLink } from '../account-mail/link-token';
import { serverMessage } from './server-errors';

/** /reset-password#token=…: the e-mailed link; a new password, then Log In. */
export function ResetPasswordScreen() {
  const trpc = useTRPC();
  const token = tokenOfLink(useLocation().hash);
  const [password, setPassword] = useState('');
  const [passwordRetype, setPasswordRetype] = useState('');
  const [error, setError] = useState<string | null>(null);
  const linkState = useQuery(
    trpc.auth.passwordResetLinkValid.queryOptions({ token }, { enabled: token !== '', retry: false }),
  );
  const reset = useMutation(
    trpc.auth.resetPassword.mutationOptions({
      onError: (failure) => setError(serverMessage(failure, 'Something went wrong. Please try again.')),
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isStrongSignupPassword(password)) return setError(AUTH_MESSAGES.signupPassword);
    if (password !== passwordRetype) return setError(AUTH_MESSAGES.passwordsDontMatch);
    setError(null);
    reset.mutate({ token, password, passwordRetype });
  };

  const linkInvalid = token === '' || linkState.data?.valid === false;
  return (
    <Screen title="Choose a new password" width="sm">
      {reset.isSuccess ? (
        <Alert color="green" variant="light" role="status">
          {reset.data.message}{' '}
          <Anchor component={Link} to="/login">
            Log In
          </Anchor>
        </Alert>
      ) : linkState.isLoading ? (
        <Loader aria-label="Checking the link" />
      ) : linkInvalid ? (
        <Alert color="red" variant="light" role="alert">
          {ACCOUNT_MAIL_MESSAGES.resetLinkInvalid}{' '}
          <Anchor component={Link} to="/forgot-password">
            Send a new link
          </Anchor>
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Choose a new password">
          <Stack gap="sm">
            <Text size="sm">After this, every device logged in to your account is logged out.</Text>
            <Text size="sm">Your API tokens are revoked too: scripts that use one need a new token.</Text>
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              autoFocus
            />
            <PasswordInput
              label="Retype new password"
              autoComplete="new-password"
              value={passwordRetype}
              onChange={(event) => setPasswordRetype(event.currentTarget.value)}
            />
            <FormFailure message={error} />
            <Button type="submit" loading={reset.isPending}>
              Save new password
            </Button>
          </Stack>
        </form>
      )}
    </Screen>
  );
}
