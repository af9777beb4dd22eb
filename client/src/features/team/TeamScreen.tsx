import { Alert, Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { type FormEvent, useState } from 'react';
import type { AppRouter } from '../../../../server/app/trpc-router';
import { mailNotSentMessage } from '../../../../shared/schemas/auth';
import { formatDateTime } from '../../lib/dates';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { type Column, DataTable } from '../../ui/DataTable';
import { Screen } from '../../ui/Screen';
import { errorCode, serverMessage } from '../auth/server-errors';

type Team = inferRouterOutputs<AppRouter>['team']['overview'];
type Member = Team['members'][number];
type Invitation = Team['invitations'][number];

function InviteForm({ onInvited }: { onInvited: () => void }) {
  const trpc = useTRPC();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const invite = useMutation(
    trpc.team.invite.mutationOptions({
      onSuccess: (answer) => {
        notifications.show({
          color: answer.mailConfigured ? 'green' : 'yellow',
          message: answer.mailConfigured
            ? `Invitation sent to ${email}`
            : 'Invitation saved, but e-mail is not configured on this server: it was not sent.',
        });
        setEmail('');
        onInvited();
      },
      onError: (failure) => setError(serverMessage(failure, 'The invitation could not be sent')),
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    invite.mutate({ email });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Invite a colleague">
      <Stack gap="xs">
        <Group align="end" gap="sm">
          <TextInput
            label="Colleague's e-mail"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={error}
            w={{ base: '100%', sm: 340 }}
          />
          <Button type="submit" loading={invite.isPending}>
            Invite
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          The link in the e-mail works for 7 days and creates their account in your company.
        </Text>
      </Stack>
    </form>
  );
}

/** /team: the company's members and open invitations, for the company's admins. */
export function TeamScreen() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const team = useQuery(trpc.team.overview.queryOptions(undefined, { retry: false }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.team.overview.queryKey() });
  const [removing, setRemoving] = useState<Member | null>(null);
  const failed = (failure: unknown) =>
    notifications.show({
      color: 'red',
      message: serverMessage(failure, 'That did not work. Please try again.'),
    });

  const setAdmin = useMutation(trpc.team.setAdmin.mutationOptions({ onSuccess: refresh, onError: failed }));
  const remove = useMutation(
    trpc.team.removeMember.mutationOptions({
      onSuccess: () => {
        setRemoving(null);
        refresh();
      },
      onError: failed,
    }),
  );
  const revoke = useMutation(
    trpc.team.revokeInvitation.mutationOptions({ onSuccess: refresh, onError: failed }),
  );

  const memberColumns: Column<Member>[] = [
    {
      label: 'Name',
      render: (member) => (
        <Group gap={6} wrap="nowrap">
          <span>{member.username}</span>
          {member.admin && (
            <Badge size="xs" variant="light">
              Admin
            </Badge>
          )}
          {member.you && (
            <Badge size="xs" variant="outline">
              You
            </Badge>
          )}
        </Group>
      ),
    },
    { label: 'Email', render: (member) => member.email },
    {
      label: 'Actions',
      actions: true,
      render: (member) =>
        member.you ? null : (
          <Group gap={4} wrap="nowrap" justify="flex-end">
            <Button
              size="xs"
              variant="default"
              loading={setAdmin.isPending && setAdmin.variables?.userId === member.id}
              onClick={() => setAdmin.mutate({ userId: member.id, admin: !member.admin })}
              aria-label={`${member.admin ? 'Remove admin rights of' : 'Make admin'} ${member.username}`}
            >
              {member.admin ? 'Remove admin' : 'Make admin'}
            </Button>
            <Button
              size="xs"
              color="red"
              variant="light"
              onClick={() => setRemoving(member)}
              aria-label={`Remove ${member.username}`}
            >
              Remove
            </Button>
          </Group>
        ),
    },
  ];
  const invitationColumns: Column<Invitation>[] = [
    { label: 'Email', render: (invitation) => invitation.email },
    {
      label: 'Sent',
      render: (invitation) =>
        invitation.mailFailedAt ? (
          <Text size="sm" c="red">
            {mailNotSentMessage(invitation.email)} Withdraw it and invite again.
          </Text>
        ) : (
          formatDateTime(invitation.createdAt)
        ),
    },
    { label: 'Expires', render: (invitation) => formatDateTime(invitation.expiresAt) },
    {
      label: 'Actions',
      actions: true,
      render: (invitation) => (
        <Button
          size="xs"
          variant="light"
          color="red"
          onClick={() => revoke.mutate({ invitationId: invitation.id })}
          aria-label={`Withdraw the invitation of ${invitation.email}`}
        >
          Withdraw
        </Button>
      ),
    },
  ];

  if (team.isError)
    return (
      <Screen title="Team">
        <Alert color="yellow" role="alert">
          {errorCode(team.error) === 'FORBIDDEN'
            ? 'Only an admin of your company can manage the team.'
            : 'The team could not be loaded. Please try again.'}
        </Alert>
      </Screen>
    );
  return (
    <Screen title="Team">
      <Stack gap="lg">
        <InviteForm onInvited={refresh} />
        <Stack gap="xs">
          <Title order={2} size="h4">
            Members
          </Title>
          <DataTable
            caption="Members"
            columns={memberColumns}
            rows={team.data?.members}
            rowKey={(member) => member.id}
            isLoading={team.isPending}
          />
        </Stack>
        <Stack gap="xs">
          <Title order={2} size="h4">
            Open invitations
          </Title>
          <DataTable
            caption="Open invitations"
            columns={invitationColumns}
            rows={team.data?.invitations}
            rowKey={(invitation) => invitation.id}
            isLoading={team.isPending}
            empty="No open invitations."
          />
        </Stack>
      </Stack>
      <ConfirmDialog
        opened={removing !== null}
        title="Remove from the team"
        question={`Remove ${removing?.username ?? ''} (${removing?.email ?? ''}) from your company? They are logged out, their API tokens are revoked, and they keep an account without a company.`}
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate({ userId: removing.id })}
        onCancel={() => setRemoving(null)}
      />
    </Screen>
  );
}
