import path from 'node:path';
import type { Storage } from '../../storage/storage';

/**
 * Every file a video has in storage: all sit beside its source (`videos/<folder>/`), as the upload,
 * the generate chain, the burn-in and the editor's waveform write them.
 */
export function videoFileKeys(sourceKey: string | null, hardcodedKey: string | null): string[] {
  const beside = sourceKey
    ? [
        'source.mp4',
        'audio.wav',
        'words.json',
        'peaks.json',
        'joined-audio.m4a',
        'editor-preview.mp4',
        'hardcoded.mp4',
      ].map((name) => path.posix.join(path.posix.dirname(sourceKey), name))
    : [];
  return [
    ...new Set([...(sourceKey ? [sourceKey] : []), ...beside, ...(hardcodedKey ? [hardcodedKey] : [])]),
  ];
}

/** The keys above and whatever else sits in the video's folder (the burn-in's kept segments). */
export async function storedVideoFiles(
  storage: Pick<Storage, 'list'>,
  sourceKey: string | null,
  hardcodedKey: string | null,
): Promise<string[]> {
  const folder = sourceKey ? await storage.list(`${path.posix.dirname(sourceKey)}/`) : [];
  return [...new Set([...videoFileKeys(sourceKey, hardcodedKey), ...folder])];
}
