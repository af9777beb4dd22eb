import { Anchor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useLiveEvent } from '../../lib/live-events';
import { useTRPC } from '../../lib/trpc';
import { outcomeAnnouncement } from './outcome-announcement';

/** Shows the browser's own notification when the tab is in the background and the user allowed it. */
function notifyInBackground(title: string, body: string, tag: string, open: () => void): boolean {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return false;
  if (document.visibilityState !== 'hidden') return false;
  const notification = new Notification(title, { body, tag });
  notification.onclick = () => {
    window.focus();
    open();
    notification.close();
  };
  return true;
}

/**
 * Announces each video of the company that finished or failed, on whichever screen the user is: a
 * toast in the page, and the browser's notification while the tab is in the background.
 */
export function useVideoOutcomeAnnouncements(): void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useLiveEvent(['video'], (event) => {
    const { outcome, videoId } = event;
    if (!outcome) return;
    void queryClient
      .fetchQuery(trpc.videos.get.queryOptions({ id: videoId }, { staleTime: 0 }))
      .then((video) => {
        const { title, message } = outcomeAnnouncement(outcome, video);
        const tag = `video-${videoId}-${outcome}`;
        const openVideos = () => void navigate('/videos');
        notifyInBackground(title, message, tag, openVideos);
        notifications.show({
          id: tag,
          color: outcome === 'completed' ? 'green' : 'red',
          title,
          message: (
            <>
              {message}{' '}
              <Anchor component="button" type="button" size="sm" onClick={openVideos}>
                Open My Videos
              </Anchor>
            </>
          ),
          autoClose: outcome === 'completed' ? 10_000 : false,
        });
      })
      .catch(() => {
        // The video is gone or the user left the company: nothing to announce.
      });
  });
}
