import { Text } from '@mantine/core';

/** Generate mode: MP4, input and output language, plan, price and upload (later issue). */
export function GenerateUploadForm() {
  return <Text c="dimmed">Upload form coming soon</Text>;
}
