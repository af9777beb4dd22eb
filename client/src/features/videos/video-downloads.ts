import { useState } from 'react';
import { srtDownloadName } from '../../../../shared/file-names';
import type { SubtitleFormat } from '../../../../shared/schemas/exports';
import { saveTextFile } from '../../lib/save-text';
import { useTRPCClient } from '../../lib/trpc';

/**
 * The downloads of a row. The hardcoded video: a short-lived signed link the server serves as
 * '<name>_subtitled.mp4' (an attachment, so the page stays). The SRT: its latest text saved as
 * '<name without extension>.srt'. The other formats: the file the server writes, under its name.
 * PRODUCT.md §8: failures are logged only.
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
    hardcoded: (video: { id: number }) =>
      run(`hardcoded:${video.id}`, async () => {
        // Saved under the video's title (several uploads of `clip.mp4` must not clash), by the server.
        const { url } = await client.videos.downloadUrl.query({ id: video.id });
        window.location.assign(url);
      }),
    srt: (video: { id: number; title: string; filename: string }) =>
      run(`srt:${video.id}`, async () => {
        const subtitles = await client.videos.subtitles.query({ id: video.id });
        saveTextFile(subtitles.srt, srtDownloadName(video));
      }),
    subtitles: (video: { id: number }, format: SubtitleFormat) =>
      run(`formats:${video.id}`, async () => {
        const file = await client.videos.export.query({ id: video.id, format });
        saveTextFile(file.content, file.fileName, file.mimeType);
      }),
  };
}
