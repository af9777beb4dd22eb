import { Alert, Center, Loader, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

export interface LoadedRecordProps<Data> {
  data: Data | undefined;
  /** The text to show instead when loading failed (or the address names nothing); null while it has not. */
  error: string | null;
  /** The spinner's name for screen readers, e.g. "Loading the company". */
  loadingLabel: string;
  loaderPadding?: MantineSpacing;
  children: (data: Data) => ReactNode;
}

/** What an admin edit screen loaded: its error, a spinner while it loads, then the form drawn by `children`. */
export function LoadedRecord<Data>({
  data,
  error,
  loadingLabel,
  loaderPadding = 'lg',
  children,
}: LoadedRecordProps<Data>) {
  if (error !== null) {
    return (
      <Alert color="red" role="alert">
        {error}
      </Alert>
    );
  }
  if (data === undefined) {
    return (
      <Center py={loaderPadding}>
        <Loader aria-label={loadingLabel} />
      </Center>
    );
  }
  return children(data);
}
