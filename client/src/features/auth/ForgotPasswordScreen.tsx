import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ACCOUNT_MAIL_MESSAGES, AUTH_MESSAGES } from '../../../../shared/schemas/auth';
import { useTRPC } from '../../lib/trpc';
import { FormFailure } from '../../ui/FormFailure';
import { Screen } from '../../ui/Screen';
import { serverMessage } from './server-errors';

/** /forgot-password: the address to mail a reset link to; the answer never says whether it has an account. */
export function ForgotPasswordScreen() {
  const trpc = useTRPC();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mailStatus = useQuery(trpc.auth.mailStatus.queryOptions(undefined, { staleTime: 5 * 60_000 }));
  const request = useMutation(
    trpc.auth.requestPasswordReset.mutationOptions({
      onError: (failure) => setError(serverMessage(failure, 'Something went wrong. Please try again.')),
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) {
      setError(AUTH_MESSAGES.emailInvalid);
      return;
    }
    setError(null);
    request.mutate({ email });
  };

  return (
    <Screen title="Forgot password" width="sm">
      {mailStatus.data?.configured === false && (
        <Alert color="yellow" variant="light">
          {ACCOUNT_MAIL_MESSAGES.mailNotConfigured}
        </Alert>
      )}
      {request.isSuccess ? (
        <Alert color="green" variant="light" role="status">
          {request.data.message}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Forgot password">
          <Stack gap="sm">
            <Text size="sm">
              Enter the e-mail address of your account and we will send you a link to choose a new password.
            </Text>
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              autoFocus
            />
            <FormFailure message={error} />
            <Button type="submit" loading={request.isPending}>
              Send me a link
            </Button>
          </Stack>
        </form>
      )}
      <Text size="sm">
        <Anchor component={Link} to="/login">
          Back to Log In
        </Anchor>
      </Text>
    </Screen>
  );
}
