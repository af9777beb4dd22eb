import { Divider, Text } from '@mantine/core';
import { PRODUCT_NAME } from '../../lib/brand';
import { Screen } from '../../ui/Screen';
import { ContentSection } from '../content/ContentSection';

/** /about: the static about-us text, then the editable 'about' content page. */
export function AboutScreen() {
  return (
    <Screen title="About Us" width="md">
      <Text>
        {PRODUCT_NAME} turns your videos into subtitled videos automatically. Upload an MP4, choose the spoken
        language, the subtitle language and a reading speed, and you receive an SRT file and a video with the
        subtitles burned in.
      </Text>
      <Text>
        Your company holds a prepaid euro balance and pays per started minute of video, so there are no
        subscriptions. When a video needs a human touch, independent subtitlers can take it further.
      </Text>
      <Divider />
      <ContentSection page="about" />
    </Screen>
  );
}
