import type { FastifyReply } from 'fastify';
import { downloadName, videoDownloadName } from '../../../shared/file-names';
import { AUDIO_ONLY_TEXTS } from '../../../shared/schemas/input-formats';
import { isAudioOnly } from '../../../shared/video-status';
import { Conflict, NotFound } from '../../errors';
import { attachment } from '../../http/content-disposition';
import type { SessionUser } from '../../http/session-user';
import type { Services } from '../../services';
import { mediaTypeOf } from '../../storage/media-types';
import { DOWNLOAD_LINK_SECONDS, signDownload, verifyDownload } from '../../storage/signed-urls';
import { stillMemberOf } from '../users/service';
import * as repo from './repo';

/**
 * A short-lived signed link to the hardcoded video, saved as `<name>_subtitled.mp4`: the name the
 * caller gives (the legacy route's `video_name`), else the video's title or file name.
 */
export async function hardcodedDownloadUrl(
  services: Services,
  user: SessionUser,
  videoId: number,
  videoName?: string,
) {
  const companyId = user.companyId;
  const video = companyId ? await repo.downloadKeys(services.db, companyId, videoId) : undefined;
  if (!video || !companyId) throw new NotFound('Video');
  if (isAudioOnly(video)) throw new Conflict(AUDIO_ONLY_TEXTS.noPictureToBurn);
  if (!video.hardcoded_key) throw new Conflict('The hardcoded video is not ready yet');
  const token = signDownload(services.secret, {
    key: video.hardcoded_key,
    filename: videoName
      ? downloadName(videoName, '_subtitled.mp4')
      : videoDownloadName(video, '_subtitled.mp4'),
    expiresAt: Date.now() + DOWNLOAD_LINK_SECONDS * 1000,
    holder: { userId: user.id, companyId },
  });
  return `${services.config.publicUrl}/api/files/${token}`;
}

export async function sendSignedDownload(services: Services, token: string, reply: FastifyReply) {
  const grant = verifyDownload(services.secret, token);
  // A link ends with its expiry, and when the user it was made for leaves the company.
  if (!grant?.holder || !(await stillMemberOf(services.db, grant.holder)))
    throw new NotFound('Download link (it may have expired)');
  // From a bucket the browser fetches the file itself, under the same name, for the link's remaining life.
  const seconds = Math.max(1, Math.ceil((grant.expiresAt - Date.now()) / 1000));
  const direct = await services.storage.directDownloadUrl(grant.key, attachment(grant.filename), seconds);
  if (direct) return reply.header('cache-control', 'private, no-store').redirect(direct, 302);
  const size = await services.storage.size(grant.key);
  if (size === null) throw new NotFound('File');
  return reply
    .header('content-type', mediaTypeOf(grant.key))
    .header('content-length', size)
    .header('content-disposition', attachment(grant.filename))
    .header('cache-control', 'private, no-store')
    .send(services.storage.read(grant.key));
}
