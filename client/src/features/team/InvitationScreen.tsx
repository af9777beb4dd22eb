import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Loader,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AUTH_MESSAGES, isStrongSignupPassword } from '../../../../shared/schemas/auth';
import { TEAM_MESSAGES } from '../../../../shared/schemas/team';
import { useTRPC } from '../../lib/trpc';
import { FormFailure } from '../../ui/FormFailure';
import { Screen } from '../../ui/Screen';
import { tokenOfLink } from '../account-mail/link-token';
import { serverMessage } from '../auth/server-errors';
import { rememberSignedIn } from '../auth/signed-in';

/** /invitation#token=…: a colleague's invitation; a name and a password make the account, in the company. */
export function InvitationScreen() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const token = tokenOfLink(useLocation().hash);
  const invitation = useQuery(
    trpc.team.invitation.queryOptions({ token }, { enabled: token !== '', retry: false }),
  );
  const [form, setForm] = useState({ username: '', password: '', passwordRetype: '', terms: false });
  const [error, setError] = useState<string | null>(null);
  const accept = useMutation(
    trpc.team.acceptInvitation.mutationOptions({
      onSuccess: (user) => {
        rememberSignedIn(user);
        navigate('/');
      },
      onError: (failure) => setError(serverMessage(failure, 'Something went wrong. Please try again.')),
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.username.trim() === '') return setError('Name is required');
    if (!isStrongSignupPassword(form.password)) return setError(AUTH_MESSAGES.signupPassword);
    if (form.password !== form.passwordRetype) return setError(AUTH_MESSAGES.passwordsDontMatch);
    if (!form.terms) return setError(AUTH_MESSAGES.terms);
    setError(null);
    accept.mutate({ token, ...form });
  };
  const set =
    (key: 'username' | 'password' | 'passwordRetype') => (event: { currentTarget: { value: string } }) => {
      const { value } = event.currentTarget;
      setForm((current) => ({ ...current, [key]: value }));
    };

  const details = invitation.data;
  return (
    <Screen title="Join your team" width="sm">
      {invitation.isLoading ? (
        <Loader aria-label="Checking the invitation" />
      ) : token === '' || !details?.valid ? (
        <Alert color="red" variant="light" role="alert">
          {TEAM_MESSAGES.invitationInvalid}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Join your team">
          <Stack gap="sm">
            <Text>
              You are invited to <strong>{details.companyName}</strong>. Your account uses {details.email}.
            </Text>
            <TextInput
              label="Name"
              autoComplete="name"
              value={form.username}
              onChange={set('username')}
              autoFocus
            />
            <PasswordInput
              label="Password"
              autoComplete="new-password"
              value={form.password}
              onChange={set('password')}
            />
            <PasswordInput
              label="Retype password"
              autoComplete="new-password"
              value={form.passwordRetype}
              onChange={set('passwordRetype')}
            />
            <Checkbox
              label={
                <>
                  I accept the{' '}
                  <Anchor component={Link} to="/terms" target="_blank">
                    terms and conditions
                  </Anchor>
                </>
              }
              checked={form.terms}
              onChange={(event) => {
                const { checked } = event.currentTarget;
                setForm((current) => ({ ...current, terms: checked }));
              }}
            />
            <FormFailure message={error} />
            <Button type="submit" loading={accept.isPending}>
              Join the team
            </Button>
          </Stack>
        </form>
      )}
    </Screen>
  );
}
