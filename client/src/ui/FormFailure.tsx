import { Alert } from '@mantine/core';

/** Why a form could not be sent or saved, under its fields; nothing when there is no failure. */
export function FormFailure({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert" variant="light" p="xs">
      {message}
    </Alert>
  );
}
