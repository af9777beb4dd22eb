import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { srtDownloadName } from '../../../../shared/file-names';
import type { OutputLanguage } from '../../../../shared/languages';
import type { SubtitleFormat } from '../../../../shared/schemas/exports';
import type { SoftSubtitleFormat } from '../../../../shared/schemas/soft-subtitles';
import { saveBase64File, saveTextFile } from '../../lib/save-text';
import { useTRPCClient } from '../../lib/trpc';
import { serverMessage } from '../auth/server-errors';

/**
 * The downloads of a row. The hardcoded video: a short-lived signed link the server serves as
 * '<name>_subtitled.mp4' (an attachment, so the page stays). The SRT: its latest text saved as
 * '<name without extension>.srt'. The other formats: the file the server writes, under its name. The
 * video with subtitle tracks: made on asking, then a signed link like the hardcoded video's.
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
    /** One added language's SRT (issue 40), as the server names it. */
    languageSrt: (video: { id: number }, language: OutputLanguage) =>
      run(`formats:${video.id}`, async () => {
        const file = await client.videos.export.query({ id: video.id, format: 'srt', language });
        saveTextFile(file.content, file.fileName, file.mimeType);
      }),
    /** One added language's burned video (issue 40): a signed link, saved under the title and the language. */
    languageBurned: (video: { id: number }, language: OutputLanguage) =>
      run(`hardcoded:${video.id}`, async () => {
        const { url } = await client.videos.downloadUrl.query({ id: video.id, language });
        window.location.assign(url);
      }),
    subtitles: (video: { id: number }, format: SubtitleFormat) =>
      run(`formats:${video.id}`, async () => {
        const file = await client.videos.export.query({ id: video.id, format });
        saveTextFile(file.content, file.fileName, file.mimeType);
      }),
    /** Each language's SRT and WebVTT in one ZIP. */
    zip: (video: { id: number }) =>
      run(`formats:${video.id}`, async () => {
        const zip = await client.videos.subtitlesZip.query({ id: video.id });
        saveBase64File(zip.base64, zip.fileName, 'application/zip');
      }),
    /** The video with its subtitles as tracks: made by the server (seconds), then saved from its signed link. */
    tracks: (video: { id: number }, format: SoftSubtitleFormat) =>
      run(`tracks:${video.id}`, async () => {
        try {
          const { url } = await client.videos.softSubtitles.mutate({ id: video.id, format });
          window.location.assign(url);
        } catch (error) {
          // PRODUCT.md §8: the server's message where there is one (audio alone as MP4, a stream MP4 cannot take).
          notifications.show({ color: 'red', message: serverMessage(error, 'The file could not be made') });
          throw error;
        }
      }),
  };
}
