import { ComingSoon } from '../../ui/ComingSoon';
import { Screen } from '../../ui/Screen';

/** The company's videos with status, downloads and revisions (later issue). */
export function VideosScreen() {
  return (
    <Screen title="My Videos">
      <ComingSoon what="Your video list" />
    </Screen>
  );
}
