import { useState } from 'react';
import { downloadName } from '../../../../shared/file-names';
import { useTRPCClient } from '../../lib/trpc';

function saveText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/x-subrip;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the object URL goes.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The two downloads of a row. The hardcoded video: a short-lived signed link the server serves as
 * '<name>_subtitled.mp4' (an attachment, so the page stays). The SRT: its latest text saved as
 * '<name without extension>.srt'. PRODUCT.md §8: failures are logged only.
 */
export function useVideoDownloads() {
  const client = useTRPCClient();
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (key: string, action: () => Promise<void>) => {
    setBusy(key);
    try {
      await action();
    } catch (error) {
      console.error('Download failed', error);
    } finally {
      setBusy(null);
    }
  };

  return {
    busy,
    hardcoded: (video: { id: number; filename: string }) =>
      run(`hardcoded:${video.id}`, async () => {
        const { url } = await client.videos.downloadUrl.query({ id: video.id, videoName: video.filename });
        window.location.assign(url);
      }),
    srt: (video: { id: number }) =>
      run(`srt:${video.id}`, async () => {
        const subtitles = await client.videos.subtitles.query({ id: video.id });
        saveText(subtitles.srt, downloadName(subtitles.name, '.srt', 'subtitles'));
      }),
  };
}
