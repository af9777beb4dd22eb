import { randomUUID } from 'node:crypto';
import { INPUT_LANGUAGES, OUTPUT_LANGUAGES } from '../../../shared/languages';
import { MAX_VIDEO_SECONDS } from '../../../shared/limits';
import { cents } from '../../../shared/money';
import { priceFor } from '../../../shared/pricing';
import {
  AUDIO_IN_HARDCODE_MESSAGE,
  UNMEASURABLE_MEDIA_MESSAGE,
  unsupportedMediaMessage,
  unsupportedVideoMessage,
} from '../../../shared/schemas/input-formats';
import { STYLE_TEXTS, styleChoice, UPLOAD_STYLE_FIELD } from '../../../shared/schemas/subtitle-styles';
import { generateChoices, speechNotice, UPLOAD_MESSAGES, VIDEO_TEXTS } from '../../../shared/schemas/videos';
import { writeSrt } from '../../../shared/subtitles/srt-write';
import type { StyleChoice } from '../../../shared/subtitles/subtitle-style';
import type { Db } from '../../db/database';
import { lockCompany } from '../../db/locks';
import { transaction } from '../../db/transaction';
import { canReach } from '../../engines';
import { Forbidden, InvalidInput, NotFound, ServiceUnavailable } from '../../errors';
import { jobs } from '../../jobs/catalog';
import { enqueue } from '../../jobs/queue';
import { measureMediaSeconds } from '../../media/measured-length';
import { probeVideo } from '../../media/probe';
import { FfmpegFailed, runTimeLimitMs } from '../../media/run-ffmpeg';
import { publishEvent } from '../../realtime/event-hub';
import type { Services } from '../../services';
import type { SessionUser } from '../auth/sessions';
import { appendLedgerEntry } from '../ledger/service';
import { currentPriceList } from '../prices/service';
import { lookFor } from '../subtitle-styles/video-look';
import * as repo from './repo';
import type { PartCheck, ReceivedFile, ReceivedUpload } from './upload-receiver';
import { readUploadedSrt, refuse, type SubtitlesIn } from './uploaded-srt';

export type UploadMode = 'generate' | 'hardcode';
/**
 * The legacy paths take MP4 (PRODUCT.md §5); the upload forms' paths the types of input-formats.ts,
 * and in generate mode audio alone (subtitles only: its hardcoded video is `not_applicable`).
 */
export type AcceptedVideos = 'mp4' | 'any-video';

export const STORAGE_UNAVAILABLE =
  'Your video could not be stored just now, so nothing was charged. Please try again in a few minutes.';

const FIELD_NAMES = {
  generate: { video: 'file' },
  hardcode: { video: 'fileVideo', srt: 'fileSub' },
} as const;

/** The legacy paths take SRT; the forms' paths WebVTT and ASS beside it (issue 22). */
function subtitlesIn(accepted: AcceptedVideos): SubtitlesIn {
  return accepted === 'mp4' ? 'srt' : 'srt-webvtt-ass';
}

/** A hardcode upload's subtitle file: SRT on the legacy paths, SRT, WebVTT or ASS on the forms'. */
export function readHardcodeSubtitles(file: ReceivedFile | undefined, accepted: AcceptedVideos) {
  return readUploadedSrt(
    file,
    { missing: UPLOAD_MESSAGES.srtRequired, type: UPLOAD_MESSAGES.srtType },
    subtitlesIn(accepted),
  );
}

/** What is checked of an upload's parts as they arrive (receiveUpload): the user's subtitle file. */
export function earlyChecks(mode: UploadMode, accepted: AcceptedVideos): Record<string, PartCheck> {
  return mode === 'hardcode' ? { fileSub: (file) => readHardcodeSubtitles(file, accepted) } : {};
}

function unreachablePair(from: string, to: string): string {
  const names: Record<string, string> = { ...INPUT_LANGUAGES, ...OUTPUT_LANGUAGES };
  return `Subtitles from ${names[from] ?? from} to ${names[to] ?? to} are not available on this server yet. Choose another output language.`;
}

/** The style the form chose; absent or empty (legacy clients) means the company's default. */
function chosenStyle(fields: Record<string, string>): StyleChoice | null {
  const value = fields[UPLOAD_STYLE_FIELD];
  if (value === undefined || value === '') return null;
  const checked = styleChoice.safeParse(value);
  if (!checked.success) refuse(STYLE_TEXTS.unknownStyle, UPLOAD_STYLE_FIELD);
  return checked.data;
}

function checkGenerateChoices(fields: Record<string, string>) {
  const checked = generateChoices.safeParse(fields);
  if (!checked.success) {
    const [first] = checked.error.issues;
    refuse(first?.message ?? UPLOAD_MESSAGES.planRequired, String(first?.path[0] ?? 'rso'));
  }
  return { rso: checked.data.rso, inLan: checked.data.in_lan, outLan: checked.data.out_lan };
}

/**
 * The choices of an upload that can be checked before its bytes travel (a resumable upload's
 * metadata): the same checks and messages as `acceptUpload`, which runs them again at the end.
 */
export function checkUploadChoices(services: Services, mode: UploadMode, fields: Record<string, string>) {
  const choices = mode === 'generate' ? checkGenerateChoices(fields) : null;
  chosenStyle(fields);
  if (choices && !canReach(services.engines, choices.inLan, choices.outLan)) {
    throw new InvalidInput(unreachablePair(choices.inLan, choices.outLan), 'out_lan');
  }
  const speechRefusal = choices ? speechNotice(services.engines.speech.current()) : null;
  if (speechRefusal) throw new ServiceUnavailable(speechRefusal);
}

/** The upload's measured length (measured-length.ts), or null when its packets cannot be read in time. */
async function measuredSeconds(services: Services, file: string): Promise<number | null> {
  try {
    return await measureMediaSeconds(
      services.media.ffprobe,
      file,
      runTimeLimitMs(services.media.timeLimit, 0),
    );
  } catch (error) {
    if (error instanceof FfmpegFailed) return null;
    throw error;
  }
}

/** Runs in the transaction that creates and charges the video (a resumable upload records what it became). */
export type OnAccepted = (trx: Db, videoId: number) => Promise<void>;

/**
 * Accepts an upload whatever the client claimed: MP4 by content, duration by its packets, the company
 * the caller's and the price the server's. One transaction creates the video, charges it and
 * queues its first job; a refused upload is charged nothing and leaves no file behind.
 */
export async function acceptUpload(
  services: Services,
  user: SessionUser,
  mode: UploadMode,
  upload: ReceivedUpload,
  accepted: AcceptedVideos = 'mp4',
  onAccepted?: OnAccepted,
) {
  try {
    const companyId = user.companyId;
    if (!companyId) throw new Forbidden(VIDEO_TEXTS.noCompany);
    const video = upload.files[FIELD_NAMES[mode].video];
    if (!video || video.bytes === 0) refuse(UPLOAD_MESSAGES.mp4Required, FIELD_NAMES[mode].video);
    const probe = await probeVideo(services.media.ffprobe, video.path);
    if (accepted === 'mp4' && !probe.isMp4) refuse(UPLOAD_MESSAGES.mp4Type, FIELD_NAMES[mode].video);
    const audioOnly = accepted === 'any-video' && probe.isAcceptedAudio;
    if (audioOnly && mode === 'hardcode') refuse(AUDIO_IN_HARDCODE_MESSAGE, FIELD_NAMES[mode].video);
    if (!probe.isAcceptedVideo && !audioOnly) {
      const message =
        mode === 'generate' && accepted === 'any-video' ? unsupportedMediaMessage : unsupportedVideoMessage;
      refuse(message(probe.found), FIELD_NAMES[mode].video);
    }
    // The length is the media's own, read from its packets: a header can claim anything.
    const measured = await measuredSeconds(services, video.path);
    if (measured === null) refuse(UNMEASURABLE_MEDIA_MESSAGE, FIELD_NAMES[mode].video);
    const durationSeconds = Math.floor(measured);
    if (durationSeconds > MAX_VIDEO_SECONDS) refuse(UPLOAD_MESSAGES.tooLong, FIELD_NAMES[mode].video);

    const subtitles =
      mode === 'hardcode' ? await readHardcodeSubtitles(upload.files.fileSub, accepted) : null;
    const choices = mode === 'generate' ? checkGenerateChoices(upload.fields) : null;
    const style = chosenStyle(upload.fields);
    if (choices && !canReach(services.engines, choices.inLan, choices.outLan)) {
      throw new InvalidInput(unreachablePair(choices.inLan, choices.outLan), 'out_lan');
    }
    // Never sell what cannot run: while the speech model is missing, generate mode takes nothing.
    const speechRefusal = choices ? speechNotice(services.engines.speech.current()) : null;
    if (speechRefusal) throw new ServiceUnavailable(speechRefusal);

    const priceCents = priceFor(durationSeconds, await currentPriceList(services.db));
    const sourceKey = `videos/${randomUUID()}/source${probe.storedAs.extension}`;
    await services.storage.adopt(sourceKey, video.path).catch(async (error: unknown) => {
      // A store that is down refuses the upload before any charge; what reached it is removed.
      services.logger.warn({ err: error, key: sourceKey }, 'upload could not be stored');
      await services.storage.remove(sourceKey).catch(() => {});
      throw new ServiceUnavailable(STORAGE_UNAVAILABLE);
    });
    try {
      return await transaction(services.db, async (trx) => {
        // The company row first (server/db/locks.ts): the new video's count trigger and the
        // charge both update it, and must find it held already.
        const company = await lockCompany(trx, companyId);
        if (!company) throw new NotFound('Company');
        const look = lookFor(company, style, UPLOAD_STYLE_FIELD);
        const videoId = await repo.insertVideo(trx, {
          companyId,
          createdBy: user.id,
          mode,
          filename: video.filename,
          title: (upload.fields.title ?? '').slice(0, 200),
          description: (upload.fields.description ?? '').slice(0, 2000),
          rso: choices?.rso ?? null,
          inLan: choices?.inLan ?? null,
          outLan: choices?.outLan ?? null,
          durationSeconds,
          priceCents,
          sourceKey,
          audioStartMs: Math.round((probe.audio?.startSeconds ?? 0) * 1000),
          srtStatus: subtitles ? 'completed' : 'polling',
          audioOnly,
          look,
        });
        if (priceCents > 0) {
          await appendLedgerEntry(trx, {
            companyId,
            kind: 'charge',
            amountCents: cents(-priceCents),
            actorUserId: user.id,
            videoId,
            reference: `video:${videoId}`,
          });
        }
        if (subtitles) {
          await repo.insertSubtitleVersion(trx, {
            videoId,
            version: 0,
            origin: 'uploaded',
            name: subtitles.name,
            srt: writeSrt(subtitles.cues),
            // What reading the file repaired or left out, by line (issue 36).
            stats: { reading: { notes: [...(upload.subtitleNotes ?? []), ...subtitles.notes] } },
            createdBy: user.id,
          });
          await enqueue(trx, jobs.burnInVideo, { videoId });
        } else {
          await enqueue(trx, jobs.extractAudio, { videoId });
        }
        await onAccepted?.(trx, videoId);
        await publishEvent(trx, { type: 'video', companyId, videoId });
        return videoId;
      });
    } catch (error) {
      await services.storage.remove(sourceKey);
      throw error;
    }
  } finally {
    await upload.discard();
  }
}
