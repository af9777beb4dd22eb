import { Button } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';

const askable = () => typeof Notification !== 'undefined' && Notification.permission === 'default';

/** Asks, on the user's click, for the browser's permission to announce finished videos in the background. */
export function NotifyWhenReadyButton() {
  const [visible, setVisible] = useState(askable);
  if (!visible) return null;
  return (
    <Button
      variant="subtle"
      leftSection={<IconBell size={16} aria-hidden />}
      onClick={() => void Notification.requestPermission().finally(() => setVisible(askable()))}
    >
      Notify me when a video is ready
    </Button>
  );
}
