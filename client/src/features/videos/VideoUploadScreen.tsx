import { ComingSoon } from '../../ui/ComingSoon';
import { Screen } from '../../ui/Screen';

/** Resumes the upload saved before buying credits (later issue). */
export function VideoUploadScreen() {
  return (
    <Screen title="Upload">
      <ComingSoon what="Resuming your saved upload" />
    </Screen>
  );
}
