import { Text } from '@mantine/core';

/** Body of a screen whose behaviour a later issue adds. */
export function ComingSoon({ what = 'This screen' }: { what?: string }) {
  return <Text c="dimmed">{what} is coming soon.</Text>;
}
