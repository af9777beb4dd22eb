import { Stack, Title } from '@mantine/core';
import { ContentSection } from '../content/ContentSection';
import { UploadTabs } from '../upload/UploadTabs';

/** /: the 'home' content page as the introduction (its title is the page heading), then the upload tabs. */
export function HomeScreen() {
  return (
    <Stack gap="lg">
      <ContentSection page="home" headingOrder={1} />
      <Stack gap="sm">
        <Title order={2}>Upload Your Video</Title>
        <UploadTabs />
      </Stack>
    </Stack>
  );
}
