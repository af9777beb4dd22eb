import path from 'node:path';
import { text } from 'node:stream/consumers';
import { storedTranscript } from '../../engines/types';
import type { Services } from '../../services';

/** Where the recognised words (storedTranscript) of the video with this source are kept. */
export const transcriptKey = (sourceKey: string) =>
  path.posix.join(path.posix.dirname(sourceKey), 'words.json');

/** The recognised words as step 2 stored them, checked. */
export async function readStoredTranscript(services: Services, sourceKey: string) {
  return storedTranscript.parse(JSON.parse(await text(services.storage.read(transcriptKey(sourceKey)))));
}
