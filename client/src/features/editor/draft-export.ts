import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { subtitleExportName } from '../../../../shared/file-names';
import type { OutputLanguage } from '../../../../shared/languages';
import type { SubtitleFormat } from '../../../../shared/schemas/exports';
import type { Cue } from '../../../../shared/subtitles/cue';
import {
  isCueFileFormat,
  SUBTITLE_FILE_TYPES,
  writeCueFile,
} from '../../../../shared/subtitles/subtitle-files';
import { saveTextFile } from '../../lib/save-text';
import { useTRPCClient } from '../../lib/trpc';
import { serverMessage } from '../auth/server-errors';

interface ExportedVideo {
  id: number;
  title: string;
  filename: string;
  language: OutputLanguage;
  width: number;
  height: number;
}

/**
 * The editor's downloads in other formats: the text being edited, written here as the server would
 * write the saved version (the ASS with the burn-in's layout for this video's frame). The words and
 * timings are the speech engine's, which edits do not change: the server sends them.
 */
export function useDraftExport(video: ExportedVideo) {
  const client = useTRPCClient();
  const [busy, setBusy] = useState(false);
  const exportAs = async (format: SubtitleFormat, cues: readonly Cue[]) => {
    if (isCueFileFormat(format)) {
      const content = writeCueFile(format, cues, video);
      saveTextFile(
        content,
        subtitleExportName(video, video.language, SUBTITLE_FILE_TYPES[format].suffix),
        SUBTITLE_FILE_TYPES[format].mimeType,
      );
      return;
    }
    setBusy(true);
    try {
      const file = await client.videos.export.query({ id: video.id, format });
      saveTextFile(file.content, file.fileName, file.mimeType);
    } catch (error) {
      notifications.show({ color: 'red', message: serverMessage(error, 'The file could not be made') });
    } finally {
      setBusy(false);
    }
  };
  return { busy, exportAs };
}
