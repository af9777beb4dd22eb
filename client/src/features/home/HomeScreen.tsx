import { Grid, Stack, Title } from '@mantine/core';
import { ContentSection } from '../content/ContentSection';
import { UploadTabs } from '../upload/UploadTabs';
import { DemoCarousel } from './DemoCarousel';

/** /: the 'home' content page as the introduction (its title is the page heading), demos, then the upload tabs. */
export function HomeScreen() {
  return (
    <Stack gap="lg">
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ContentSection page="home" headingOrder={1} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <DemoCarousel />
        </Grid.Col>
      </Grid>
      <Stack gap="sm">
        <Title order={2}>Upload Your Video</Title>
        <UploadTabs />
      </Stack>
    </Stack>
  );
}
