import { ActionIcon, Button, Group, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../lib/trpc';
import { CopyValueButton } from '../../ui/CopyValueButton';
import { FormFailure } from '../../ui/FormFailure';
import { serverMessage } from '../auth/server-errors';
import { generateResetPassword } from './reset-password';
import type { AdminUser } from './user-types';

const PASSWORD_RESET = 'Password reset';
const RESET_FAILED = 'Failed to reset the password';

function ResetPasswordForm({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const trpc = useTRPC();
  // A fresh suggestion each time the dialog opens (the form mounts with it).
  const [password, setPassword] = useState(() => generateResetPassword());
  const [error, setError] = useState<string | null>(null);
  const reset = useMutation(
    trpc.users.resetPassword.mutationOptions({
      onSuccess: () => {
        notifications.show({ color: 'green', message: `${PASSWORD_RESET} for ${user.username}` });
        onClose();
      },
      onError: (failure) => setError(serverMessage(failure, RESET_FAILED)),
    }),
  );

  return (
    <Stack gap="sm">
      <Text size="sm">
        New password for {user.username} ({user.email}). Copy it and give it to the user; it is set when you
        confirm.
      </Text>
      <Text size="sm">The user is then logged out everywhere, and their API tokens are revoked.</Text>
      <TextInput
        label="New password"
        value={password}
        readOnly
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        rightSectionWidth={64}
        rightSection={
          <Group gap={2} wrap="nowrap">
            <CopyValueButton value={password} what="password" />
            <Tooltip label="Generate another" withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={() => setPassword(generateResetPassword())}
                aria-label="Generate another password"
              >
                <IconRefresh size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        }
      />
      <FormFailure message={error} />
      <Group justify="flex-end" mt="sm">
        <Button variant="default" onClick={onClose} disabled={reset.isPending}>
          Cancel
        </Button>
        <Button onClick={() => reset.mutate({ userId: user.id, password })} loading={reset.isPending}>
          Confirm
        </Button>
      </Group>
    </Stack>
  );
}

/** 'Reset Password': a generated 9-character password, a copy button, sent on Confirm. */
export function ResetPasswordModal({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <Modal opened={user !== null} onClose={onClose} title="Reset Password" centered>
      {user && <ResetPasswordForm key={user.id} user={user} onClose={onClose} />}
    </Modal>
  );
}
