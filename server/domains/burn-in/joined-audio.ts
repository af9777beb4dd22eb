import path from 'node:path';
import { probeVideo } from '../../media/probe';
import { SOURCE_LINK_SECONDS } from '../../media/remote-input';
import { joinedAudioFile } from '../../media/segment-files';
import type { Services } from '../../services';

/** Where a source in a bucket keeps its audio as the burned video carries it: beside the source. */
export function joinedAudioKey(sourceKey: string): string {
  return path.posix.join(path.posix.dirname(sourceKey), 'joined-audio.m4a');
}

export interface JoinAudio {
  /** ffmpeg's input for the join's audio: a path, or a link into the store. */
  input: string;
  copyAudio: boolean;
  /** After the join: keeps an audio file made for it (if the join was stored), and removes local files. */
  finish(joined: boolean): Promise<void>;
}

const nothingToFinish = async () => {};

/**
 * The audio input of a burn's join. A source on disk is read for its audio track alone (ffmpeg seeks
 * past the picture). Through a link into a bucket ffmpeg would read the whole source for it (over
 * HTTP it reads through what it skips), at every join: so the first join there extracts the audio
 * once, as the burned video carries it, and keeps it beside the source; a later join (a revision)
 * copies it from there, a few MB. Keeping it is a saving, not a step: a join that cannot store it,
 * or finds it gone, extracts it again.
 */
export async function joinAudio(
  services: Services,
  sourceKey: string,
  copyAudio: boolean,
  limits: { untilSeconds: number; timeLimitMs: number },
  signal?: AbortSignal,
): Promise<JoinAudio> {
  const { storage } = services;
  const source = await storage.rangedInput(sourceKey, SOURCE_LINK_SECONDS);
  if (storage.kind !== 's3') return { input: source, copyAudio, finish: nothingToFinish };
  const key = joinedAudioKey(sourceKey);
  if ((await storage.size(key)) !== null) {
    const input = await storage.rangedInput(key, SOURCE_LINK_SECONDS);
    return { input, copyAudio: true, finish: nothingToFinish };
  }
  const probe = await probeVideo(services.media.ffprobe, await storage.probeInput(sourceKey));
  if (!probe.audio) return { input: source, copyAudio, finish: nothingToFinish };
  const made = await joinedAudioFile({
    ffmpeg: services.media.ffmpeg,
    tmpDir: services.tmpDir,
    cpu: services.cpu,
    signal,
    source,
    copyAudio,
    ...limits,
  });
  return {
    input: made.output,
    copyAudio: true,
    async finish(joined) {
      try {
        if (joined) await storage.adopt(key, made.output);
      } catch (error) {
        services.logger.warn({ err: error, key }, 'could not keep the audio for the next join');
      } finally {
        await made.cleanup();
      }
    },
  };
}
