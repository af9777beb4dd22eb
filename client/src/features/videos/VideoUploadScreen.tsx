import { Alert, Center, Loader } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Screen } from '../../ui/Screen';
import { loadSavedUpload, type SavedUpload } from '../upload/saved-upload';
import { UploadTabs } from '../upload/UploadTabs';

type Restoring = { state: 'loading' } | { state: 'done'; saved: SavedUpload | null };

/**
 * /video/upload, where a buyer lands after a successful purchase: the upload form saved when credits
 * ran short, with the files kept in the browser, ready to send again.
 */
export function VideoUploadScreen() {
  const [restoring, setRestoring] = useState<Restoring>({ state: 'loading' });

  useEffect(() => {
    let current = true;
    void loadSavedUpload().then((saved) => {
      if (current) setRestoring({ state: 'done', saved });
    });
    return () => {
      current = false;
    };
  }, []);

  if (restoring.state === 'loading') {
    return (
      <Screen title="Upload Your Video">
        <Center py="xl">
          <Loader aria-label="Restoring your upload" />
        </Center>
      </Screen>
    );
  }
  const { saved } = restoring;
  const filesKept = Boolean(saved?.files.video);
  return (
    <Screen title="Upload Your Video">
      {saved && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle />} role="status">
          {filesKept
            ? 'Your upload is ready again: check the details and press Upload.'
            : 'Your details are restored: choose your files again and press Upload.'}
        </Alert>
      )}
      <UploadTabs restored={saved} />
    </Screen>
  );
}
