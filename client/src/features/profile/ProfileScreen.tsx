import { Alert, Button, Card, Group, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { AUTH_MESSAGES, profileFormError } from '../../../../shared/schemas/auth';
import { useTRPC } from '../../lib/trpc';
import { FormFailure } from '../../ui/FormFailure';
import { Screen } from '../../ui/Screen';
import { EmailVerificationNotice } from '../account-mail/EmailVerificationNotice';
import { NoticePreferencesCard } from '../account-mail/NoticePreferencesCard';
import { serverMessage } from '../auth/server-errors';
import { CompanyStyleCard } from '../subtitle-styles/CompanyStyleCard';
import { type ProfileForm, profileChanges } from './profile-form';
import { useMe } from './use-me';

interface Me {
  username: string;
  email: string;
  emailVerified: boolean;
  /** The address the latest confirmation mail could not be sent to, if it failed. */
  verificationMailFailedTo: string | null;
  company: { name: string } | null;
}

function ProfileField({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

function ProfileView({ me, onEdit }: { me: Me; onEdit: () => void }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        {!me.emailVerified && <EmailVerificationNotice failedTo={me.verificationMailFailedTo} />}
        <ProfileField label="My Name" value={me.username} />
        <ProfileField label="Email" value={me.email} />
        <ProfileField label="Company" value={me.company?.name ?? '-'} />
        <Group>
          <Button onClick={onEdit}>Change password</Button>
        </Group>
      </Stack>
    </Card>
  );
}

function ProfileEdit({ me, onDone }: { me: Me; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<ProfileForm>({ username: me.username, password: '', passwordRetype: '' });
  const [error, setError] = useState<string | null>(null);

  const update = useMutation(
    trpc.auth.updateProfile.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: 'green', message: AUTH_MESSAGES.updated });
        await queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() });
        onDone();
      },
      onError: (failure) => {
        notifications.show({ color: 'red', message: AUTH_MESSAGES.updateFailed });
        setError(serverMessage(failure, AUTH_MESSAGES.updateFailed));
      },
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = profileFormError(form, me.username);
    setError(problem);
    if (!problem) update.mutate(profileChanges(form, me.username));
  };

  const set = (key: keyof ProfileForm) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setForm((current) => ({ ...current, [key]: value }));
  };

  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate aria-label="Edit profile">
        <Stack gap="sm">
          <TextInput label="Name" autoComplete="username" value={form.username} onChange={set('username')} />
          <PasswordInput
            label="New Password"
            autoComplete="new-password"
            value={form.password}
            onChange={set('password')}
          />
          <PasswordInput
            label="Retype Password"
            autoComplete="new-password"
            value={form.passwordRetype}
            onChange={set('passwordRetype')}
          />
          <FormFailure message={error} />
          <Group>
            <Button type="submit" loading={update.isPending}>
              Save Changes
            </Button>
            <Button variant="default" onClick={onDone} disabled={update.isPending}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** /user/overview: view mode, and edit mode through Change password (PRODUCT.md §4, Profile). */
export function ProfileScreen() {
  const me = useMe();
  const [editing, setEditing] = useState(false);

  return (
    <Screen title="My Profile" width="sm">
      {me.isPending && <Loader aria-label="Loading your profile" />}
      {me.isError && (
        <Alert color="red" role="alert">
          Your profile could not be loaded. Please log in again.
        </Alert>
      )}
      {me.data &&
        (editing ? (
          <ProfileEdit me={me.data} onDone={() => setEditing(false)} />
        ) : (
          <ProfileView me={me.data} onEdit={() => setEditing(true)} />
        ))}
      {me.data && !editing && <NoticePreferencesCard />}
      {me.data && !editing && <CompanyStyleCard />}
    </Screen>
  );
}
