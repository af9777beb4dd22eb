import { Alert, Button, Group, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_MAIL_MESSAGES, mailNotSentMessage } from '../../../../shared/schemas/auth';
import { useTRPC } from '../../lib/trpc';
import { serverMessage } from '../auth/server-errors';

/**
 * On the profile of a user whose address is not confirmed: why it matters, and "Send again". When
 * the latest confirmation mail could not be sent (`failedTo`, its address), it says so instead of "we sent".
 */
export function EmailVerificationNotice({ failedTo }: { failedTo: string | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const mailStatus = useQuery(trpc.auth.mailStatus.queryOptions(undefined, { staleTime: 5 * 60_000 }));
  const resend = useMutation(
    trpc.auth.resendVerification.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() }),
    }),
  );
  return (
    <Alert
      color="yellow"
      variant="light"
      title="E-mail address not confirmed"
      aria-label="E-mail address not confirmed"
    >
      {failedTo && !resend.isSuccess ? (
        <Text size="sm" c="red" role="alert">
          {mailNotSentMessage(failedTo)} You need a confirmed address to buy credits.
        </Text>
      ) : (
        <Text size="sm">
          We sent a confirmation link to your e-mail address. You need a confirmed address to buy credits.
        </Text>
      )}
      {mailStatus.data?.configured === false ? (
        <Text size="sm" mt="xs">
          E-mail is not configured on this server, so no link can be sent.
        </Text>
      ) : (
        <Group mt="xs" gap="sm">
          <Button size="xs" variant="light" loading={resend.isPending} onClick={() => resend.mutate()}>
            Send again
          </Button>
          {resend.isSuccess && (
            <Text size="sm" role="status">
              {ACCOUNT_MAIL_MESSAGES.verificationSent}
            </Text>
          )}
          {resend.isError && (
            <Text size="sm" c="red" role="alert">
              {serverMessage(resend.error, 'The e-mail could not be sent. Please try again later.')}
            </Text>
          )}
        </Group>
      )}
    </Alert>
  );
}
