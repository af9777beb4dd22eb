import { Alert, Anchor, Loader } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { useTRPC } from '../../lib/trpc';
import { Screen } from '../../ui/Screen';
import { serverMessage } from '../auth/server-errors';
import { tokenOfLink } from './link-token';

/** /verify-email#token=…: the confirmation link of the sign-up e-mail; confirms on opening. */
export function VerifyEmailScreen() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const token = tokenOfLink(useLocation().hash);
  const verify = useMutation(
    trpc.auth.verifyEmail.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() }),
    }),
  );
  const started = useRef(false);
  useEffect(() => {
    if (started.current || token === '') return;
    started.current = true;
    verify.mutate({ token });
  }, [token, verify]);

  return (
    <Screen title="Confirm your e-mail address" width="sm">
      {verify.isPending && <Loader aria-label="Confirming" />}
      {verify.isSuccess && (
        <Alert color="green" variant="light" role="status">
          {verify.data.message}{' '}
          <Anchor component={Link} to="/">
            Continue
          </Anchor>
        </Alert>
      )}
      {(verify.isError || token === '') && (
        <Alert color="red" variant="light" role="alert">
          {serverMessage(verify.error, 'This confirmation link has expired or has already been used.')} You
          can ask for a new one on{' '}
          <Anchor component={Link} to="/user/overview">
            your profile
          </Anchor>
          .
        </Alert>
      )}
    </Screen>
  );
}
