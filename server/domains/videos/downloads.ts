import type { FastifyReply } from 'fastify';
import { downloadName, languageVideoDownloadName, videoDownloadName } from '../../../shared/file-names';
import type { OutputLanguage } from '../../../shared/languages';
import { AUDIO_ONLY_TEXTS } from '../../../shared/schemas/input-formats';
import { LANGUAGE_TEXTS } from '../../../shared/schemas/video-languages';
import { isAudioOnly } from '../../../shared/video-status';
import { Conflict, Missing, NotFound } from '../../errors';
import { attachment } from '../../http/content-disposition';
import type { SessionUser } from '../../http/session-user';
import type { Services } from '../../services';
import { mediaTypeOf } from '../../storage/media-types';
import { DOWNLOAD_LINK_SECONDS, signDownload, verifyDownload } from '../../storage/signed-urls';
import { stillMemberOf } from '../users/service';
import * as repo from './repo';

/**
 * A short-lived signed link to the hardcoded video, saved as `<name>_subtitled.mp4`: the name the
 * caller gives (the legacy route's `video_name`), else the video's title or file name. With a
 * `language` (issue 40), that language's burned video, saved as `<name>_subtitled.<language>.mp4`.
 */
export async function hardcodedDownloadUrl(
  services: Services,
  user: SessionUser,
  videoId: number,
  videoName?: string,
  language?: OutputLanguage,
) {
  const companyId = user.companyId;
  if (!companyId) throw new NotFound('Video');
  const file = language
    ? await languageVideoFile(services, companyId, videoId, language, videoName)
    : await ownVideoFile(services, companyId, videoId, videoName);
  const token = signDownload(services.secret, {
    ...file,
    expiresAt: Date.now() + DOWNLOAD_LINK_SECONDS * 1000,
    holder: { userId: user.id, companyId },
  });
  return `${services.config.publicUrl}/api/files/${token}`;
}

/** The video's own burned video and the name it is saved under. */
async function ownVideoFile(services: Services, companyId: number, videoId: number, videoName?: string) {
  const video = await repo.downloadKeys(services.db, companyId, videoId);
  if (!video) throw new NotFound('Video');
  if (isAudioOnly(video)) throw new Conflict(AUDIO_ONLY_TEXTS.noPictureToBurn);
  if (!video.hardcoded_key) throw new Conflict('The hardcoded video is not ready yet');
  return {
    key: video.hardcoded_key,
    filename: videoName
      ? downloadName(videoName, '_subtitled.mp4')
      : videoDownloadName(video, '_subtitled.mp4'),
  };
}

/** An added language's burned video and the name it is saved under: none ready is a 404 in plain words. */
async function languageVideoFile(
  services: Services,
  companyId: number,
  videoId: number,
  language: OutputLanguage,
  videoName?: string,
) {
  const video = await repo.languageDownloadKeys(services.db, companyId, videoId, language);
  if (!video) throw new NotFound('Video');
  if (!video.language_key) throw new Missing(LANGUAGE_TEXTS.noBurnedVideo);
  return {
    key: video.language_key,
    filename: videoName
      ? downloadName(videoName, `_subtitled.${language}.mp4`)
      : languageVideoDownloadName(video, language),
  };
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
