import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { NotFound } from '../../errors';
import type { SessionUser } from '../../http/session-user';
import { jobs } from '../../jobs/catalog';
import { enqueue } from '../../jobs/queue';
import { renderEditorPreview } from '../../media/editor-preview';
import { SOURCE_LINK_SECONDS } from '../../media/remote-input';
import type { Services } from '../../services';
import { findForBurnIn } from '../videos/service';
import { companyVideo, editorMediaLink, linkHolder } from './service';

/** The copy of a source the editor plays when the browser cannot play the source: beside it. */
export function editorPreviewKey(sourceKey: string): string {
  return path.posix.join(path.posix.dirname(sourceKey), 'editor-preview.mp4');
}

export type EditorPreview =
  | { status: 'ready'; mediaUrl: string; mediaExpiresAt: number }
  | { status: 'making' };

/**
 * The editor's preview of a video of the caller's company: its link once made; until then it is
 * queued (asking again while it is made queues nothing more: a waiting job of the same key is
 * replaced, and a job that finds the preview made does nothing) and answered `making`.
 */
export async function editorPreview(
  services: Services,
  user: SessionUser,
  videoId: number,
): Promise<EditorPreview> {
  const video = await companyVideo(services.db, user, videoId);
  if (!video.source_key) throw new NotFound('Video file');
  const key = editorPreviewKey(video.source_key);
  if ((await services.storage.size(key)) !== null)
    return {
      status: 'ready',
      ...editorMediaLink(services, key, linkHolder(user)),
    };
  await enqueue(services.db, jobs.makeEditorPreview, { videoId });
  return { status: 'making' };
}

/** The job: the preview made from the source (read by ranges from a bucket) and stored beside it. */
export async function makeEditorPreview(
  services: Services,
  job: { videoId: number },
  signal?: AbortSignal,
): Promise<void> {
  const video = await findForBurnIn(services.db, job.videoId);
  if (!video?.source_key) return; // deleted meanwhile
  const key = editorPreviewKey(video.source_key);
  if ((await services.storage.size(key)) !== null) return;
  const workDir = await mkdtemp(path.join(services.tmpDir, 'preview-'));
  try {
    const output = path.join(workDir, 'editor-preview.mp4');
    const input = await services.storage.rangedInput(video.source_key, SOURCE_LINK_SECONDS);
    await renderEditorPreview(
      services.media.ffmpeg,
      {
        input,
        output,
        threads: services.cpu.threadsPerJob,
        mediaSeconds: video.duration_seconds,
        timeLimit: services.media.timeLimit,
      },
      { cwd: workDir, niceness: services.cpu.niceness, signal },
    );
    await services.storage.adopt(key, output);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
