import { Grid, Stack, Title } from '@mantine/core';
import { ContentSection } from '../content/ContentSection';
import { useShowcase } from '../showcase/use-showcase';
import { UploadTabs } from '../upload/UploadTabs';
import { DemoCarousel } from './DemoCarousel';
import { DEMO_POSTERS, type DemoSlide } from './demo-videos';

/**
 * /: the 'home' content page as the introduction (its title is the page heading), the videos an admin
 * published (posters until then), then the upload tabs.
 */
export function HomeScreen() {
  const { carousel, isLoading } = useShowcase();
  const slides: readonly DemoSlide[] = carousel.length
    ? carousel.map((video) => ({ title: video.title, url: video.subtitledUrl }))
    : DEMO_POSTERS;
  return (
    <Stack gap="lg">
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ContentSection page="home" headingOrder={1} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>{!isLoading && <DemoCarousel slides={slides} />}</Grid.Col>
      </Grid>
      <Stack gap="sm">
        <Title order={2}>Upload Your Video</Title>
        <UploadTabs />
      </Stack>
    </Stack>
  );
}
