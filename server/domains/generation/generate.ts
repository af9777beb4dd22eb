import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { downloadName } from '../../../shared/file-names';
import { FAILURE_TEXTS } from '../../../shared/schemas/videos';
import { writeSrt } from '../../../shared/subtitles';
import { isAudioOnly } from '../../../shared/video-status';
import { lockVideoOfCompany } from '../../db/locks';
import { transaction } from '../../db/transaction';
import { jobs } from '../../jobs/catalog';
import { enqueue } from '../../jobs/queue';
import { extractAudioWav } from '../../media/extract-audio';
import { paidLength } from '../../media/paid-length';
import { probeVideo } from '../../media/probe';
import { publishEvent } from '../../realtime/event-hub';
import type { Services } from '../../services';
import { glossaryForVideo } from '../glossary/service';
import { queueNotice } from '../notices/service';
import { PermanentFailure } from '../videos/failure';
import { progressWriter } from '../videos/progress';
import * as videos from '../videos/service';
import { readStoredTranscript, transcriptKey } from '../videos/transcripts';
import * as repo from './repo';
import { subtitleText } from './subtitle-text';

/** failVideo adds the refund to it (refundedNote): said once. */
export const NO_SPEECH = 'No speech was found in the video, so no subtitles were made.';

type StoredVideo = NonNullable<Awaited<ReturnType<typeof repo.findForGenerate>>>;
/** A generate-mode video: its file and the three choices its upload required. */
type GenerateVideo = StoredVideo & {
  source_key: string;
  rso: NonNullable<StoredVideo['rso']>;
  in_lan: NonNullable<StoredVideo['in_lan']>;
  out_lan: NonNullable<StoredVideo['out_lan']>;
};

/** The generate chain keeps its working files beside the source: audio.wav and words.json. */
const keyOf = (video: GenerateVideo, name: string) =>
  path.posix.join(path.posix.dirname(video.source_key), name);

async function loadVideo(services: Services, videoId: number): Promise<GenerateVideo | null> {
  const video = await repo.findForGenerate(services.db, videoId);
  if (!video?.source_key) return null; // deleted meanwhile
  const { source_key, rso, in_lan, out_lan } = video;
  if (!rso || !in_lan || !out_lan)
    throw new PermanentFailure(
      FAILURE_TEXTS.subtitles,
      `generate: video ${videoId} has no reading speed, input or output language (rso=${rso}, in_lan=${in_lan}, out_lan=${out_lan})`,
    );
  return { ...video, source_key, rso, in_lan, out_lan };
}

function progressReporter(services: Services, video: GenerateVideo, from: number, to: number) {
  const write = progressWriter(
    (percent) => repo.advanceSrtProgress(services.db, video.id, percent),
    () => publishEvent(services.db, { type: 'video', companyId: video.company_id, videoId: video.id }),
  );
  let reported = from;
  return (percent: number) => {
    const overall = Math.floor(from + ((to - from) * Math.min(100, percent)) / 100);
    if (overall < reported + 2) return;
    reported = overall;
    write(overall);
  };
}

/** Step 1: the audio as 16 kHz mono WAV, streamed by ffmpeg (never held in memory). */
export async function extractAudio(services: Services, videoId: number, signal?: AbortSignal) {
  const video = await loadVideo(services, videoId);
  if (!video) return;
  await services.storage.withLocalFile(video.source_key, async (source) => {
    const probe = await probeVideo(services.media.ffprobe, source);
    if (!probe.audio)
      throw new PermanentFailure(
        'The video has no audio track to transcribe.',
        `extract audio: ffprobe finds no audio stream in ${video.source_key} (${probe.found})`,
      );
    const workDir = await mkdtemp(path.join(services.tmpDir, `audio-${videoId}-`));
    try {
      const output = path.join(workDir, 'audio.wav');
      const report = progressReporter(services, video, 0, 10);
      // Never more than was paid for (video.duration_seconds: the media's measured length).
      const paidSeconds = paidLength(video.duration_seconds);
      await extractAudioWav(
        services.media.ffmpeg,
        { input: source, output, untilSeconds: paidSeconds, timeLimit: services.media.timeLimit },
        {
          niceness: services.cpu.niceness,
          signal,
          onProgress: (seconds) => report((seconds / Math.max(1, probe.durationSeconds)) * 100),
        },
      );
      await services.storage.adopt(keyOf(video, 'audio.wav'), output);
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  });
  await transaction(services.db, async (trx) => {
    await repo.setSrtProgress(trx, videoId, 10);
    await enqueue(trx, jobs.transcribeVideo, { videoId });
  });
}

/** Whisper may translate into English itself when no text translator is configured. */
function wantsWhisperTranslation(services: Services, video: GenerateVideo): boolean {
  const { transcriber, translator } = services.engines;
  return video.out_lan === 'en' && video.in_lan !== 'en' && !translator && transcriber.canTranslateToEnglish;
}

/** Step 2: speech to timed words. No speech is a permanent failure: an empty SRT is never sold. */
export async function transcribeVideo(services: Services, videoId: number, signal?: AbortSignal) {
  const video = await loadVideo(services, videoId);
  if (!video) return;
  const { vocabulary } = await glossaryForVideo(services.db, video.company_id, video.out_lan);
  const transcript = await services.storage.withLocalFile(keyOf(video, 'audio.wav'), (audioFile) =>
    services.engines.transcriber.transcribe({
      audioFile,
      language: video.in_lan,
      translateToEnglish: wantsWhisperTranslation(services, video),
      signal,
      onProgress: progressReporter(services, video, 10, 80),
      vocabulary,
    }),
  );
  if (transcript.words.length === 0)
    throw new PermanentFailure(
      NO_SPEECH,
      `transcribe: the speech engine returned no words for ${video.source_key} (input language ${video.in_lan})`,
    );
  await services.storage.write(transcriptKey(video.source_key), Readable.from([JSON.stringify(transcript)]));
  await transaction(services.db, async (trx) => {
    await repo.setSrtProgress(trx, videoId, 80);
    await enqueue(trx, jobs.makeSubtitles, { videoId });
  });
}

/** Step 3: words to cues, translated when asked, shaped to the reading-speed plan; then burn-in (not for audio alone). */
export async function makeSubtitles(services: Services, videoId: number) {
  const video = await loadVideo(services, videoId);
  if (!video) return;
  const transcript = await readStoredTranscript(services, video.source_key);
  const shaped = await subtitleText(services.engines, {
    words: transcript.words,
    from: transcript.language,
    to: video.out_lan,
    plan: video.rso,
    audioStartSeconds: video.audio_start_ms / 1000,
    onProgress: progressReporter(services, video, 80, 99),
    glossary: (await glossaryForVideo(services.db, video.company_id, video.out_lan)).terms,
  });
  const filename = await repo.findFilename(services.db, videoId);
  await transaction(services.db, async (trx) => {
    // A video cancelled while its text was made keeps none: it was failed and refunded meanwhile.
    await lockVideoOfCompany(trx, videoId);
    if ((await videos.processingState(trx, videoId))?.srt_status !== 'polling') return;
    await repo.saveGeneratedSubtitles(trx, {
      videoId,
      name: downloadName(filename.filename, '.srt'),
      srt: writeSrt(shaped.cues),
      stats: shaped.compliance,
    });
    await repo.markSrtCompleted(trx, videoId);
    if (isAudioOnly(video)) {
      // Audio alone has no picture to burn into: the subtitles are all it delivers, and it is done.
      await publishEvent(trx, { type: 'video', companyId: video.company_id, videoId, outcome: 'completed' });
      await queueNotice(trx, { kind: 'videoOutcome', videoId, outcome: 'completed' });
      return;
    }
    await enqueue(trx, jobs.burnInVideo, { videoId });
    await publishEvent(trx, { type: 'video', companyId: video.company_id, videoId });
  });
}
