import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTRPC } from '../../lib/trpc';

/** How often the server is asked while the copy is made, and when the editor stops asking. */
const ASK_EVERY_MS = 3000;
const GIVE_UP_AFTER_MS = 15 * 60 * 1000;

export interface EditorPreviewState {
  /** The copy's link once it is made. */
  url: string | null;
  /** Asked for and not made: the server failed, or it took longer than the editor waits. */
  failed: boolean;
}

/**
 * For a video this browser cannot play: asks the server for a copy it can (editor.preview), which
 * queues it once and answers its link when made, every few seconds until then.
 */
export function useEditorPreview(videoId: number, needed: boolean): EditorPreviewState {
  const trpc = useTRPC();
  const { mutateAsync: askForPreview } = useMutation(trpc.editor.preview.mutationOptions());
  const [state, setState] = useState<EditorPreviewState>({ url: null, failed: false });

  useEffect(() => {
    if (!needed) return;
    const giveUpAt = Date.now() + GIVE_UP_AFTER_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const ask = async () => {
      try {
        const answer = await askForPreview({ id: videoId });
        if (stopped) return;
        if (answer.status === 'ready') setState({ url: answer.mediaUrl, failed: false });
        else if (Date.now() > giveUpAt) setState({ url: null, failed: true });
        else timer = setTimeout(ask, ASK_EVERY_MS);
      } catch {
        if (!stopped) setState({ url: null, failed: true });
      }
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [needed, videoId, askForPreview]);

  return state;
}
