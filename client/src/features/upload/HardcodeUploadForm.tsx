import { Text } from '@mantine/core';

/** Hardcode mode: MP4, SRT, title and description (later issue). */
export function HardcodeUploadForm() {
  return <Text c="dimmed">Upload form coming soon</Text>;
}
