import { z } from 'zod';
import { STORED_MEDIA, type StoredMedia } from '../storage/media-types';
import { type Container, describeFound, UNREADABLE_FILE } from './found-words';
import { DEFAULT_RUN_TIME_LIMIT, runFfmpeg, runTimeLimitMs } from './run-ffmpeg';

/** Reading a header takes a moment; a probe still going after this is stuck on a hostile file. */
const HEADER_PROBE_MS = runTimeLimitMs(DEFAULT_RUN_TIME_LIMIT, 0);

const probeOutput = z.object({
  format: z.object({ format_name: z.string(), duration: z.string().optional() }).optional(),
  streams: z
    .array(
      z.object({
        codec_type: z.string(),
        codec_name: z.string().optional(),
        width: z.number().optional(),
        height: z.number().optional(),
        avg_frame_rate: z.string().optional(),
        r_frame_rate: z.string().optional(),
        start_time: z.string().optional(),
        duration: z.string().optional(),
        tags: z.object({ rotate: z.string().optional() }).passthrough().optional(),
        side_data_list: z.array(z.object({ rotation: z.number().optional() }).passthrough()).optional(),
      }),
    )
    .default([]),
});

export interface VideoProbe {
  /** An MP4/MOV family container with at least one video stream. */
  isMp4: boolean;
  /**
   * A video the upload forms take: every MP4/MOV/M4V the legacy path takes, and Matroska or WebM
   * with a video stream in a codec the system ffmpeg decodes (DECODABLE_VIDEO_CODECS).
   */
  isAcceptedVideo: boolean;
  /**
   * Audio alone that generate mode takes on the upload forms' path: MP3, M4A (MP4 family), WAV, FLAC
   * or OGG with an audio stream and no picture (a cover image is no picture).
   */
  isAcceptedAudio: boolean;
  /** What was found, in words for a refusal: "a Matroska file with ProRes video", "an MP3 audio file". */
  found: string;
  /** Degrees the picture is turned when shown (phone videos); width and height are as shown. */
  rotation: number;
  durationSeconds: number;
  width: number;
  height: number;
  /** Frames per second of the video stream (29.97 as 29.97); 0 when ffprobe does not say. */
  fps: number;
  audio: { codec: string; startSeconds: number } | null;
  /** How the file is stored and served, by its content. */
  storedAs: StoredMedia;
}

/** WebM holds only these codecs; a Matroska file with any other is an MKV. */
const WEBM_CODECS: ReadonlySet<string> = new Set(['vp8', 'vp9', 'av1', 'opus', 'vorbis']);

export function probeArgs(file: string): string[] {
  return ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file];
}

/** ffprobe's `30000/1001` or `25/1` as a number, to 3 decimals; 0 for `0/0` or nothing. */
export function frameRate(...rates: (string | undefined)[]): number {
  for (const rate of rates) {
    const [numerator, denominator = '1'] = (rate ?? '').split('/');
    const fps = Number(numerator) / Number(denominator);
    if (Number.isFinite(fps) && fps > 0) return Math.round(fps * 1000) / 1000;
  }
  return 0;
}

/** Codecs taken in Matroska and WebM: H.264, HEVC, VP8, VP9 and AV1, which the system ffmpeg decodes. */
export const DECODABLE_VIDEO_CODECS: ReadonlySet<string> = new Set(['h264', 'hevc', 'vp8', 'vp9', 'av1']);

/** ffprobe's demuxer names of the audio containers taken beside the MP4 family (M4A). */
const AUDIO_CONTAINERS = ['mp3', 'wav', 'flac', 'ogg'] as const;

const audioContainerOf = (formats: readonly string[]) =>
  AUDIO_CONTAINERS.find((format) => formats.includes(format));

/** The container family by ffprobe's demuxer names (the file's content, never its name). */
function containerOf(formats: readonly string[]): Container | null {
  if (formats.includes('mp4') && formats.includes('mov')) return 'mp4';
  // Matroska and WebM share a demuxer ("matroska,webm"); WebM allows only VP8/VP9/AV1 video.
  if (formats.includes('matroska')) return 'matroska';
  return null;
}

function storedMediaOf(
  container: Container | null,
  formats: readonly string[],
  codecs: readonly string[],
  hasVideo: boolean,
): StoredMedia {
  if (container === 'mp4') return hasVideo ? STORED_MEDIA.mp4 : STORED_MEDIA.m4a;
  if (container === 'matroska') {
    return codecs.every((codec) => WEBM_CODECS.has(codec)) ? STORED_MEDIA.webm : STORED_MEDIA.mkv;
  }
  const audio = audioContainerOf(formats);
  return audio ? STORED_MEDIA[audio] : STORED_MEDIA.mp4;
}

/** Degrees from the display matrix (ffprobe 5+) or the older `rotate` tag. */
function streamRotation(stream: z.infer<typeof probeOutput>['streams'][number]): number {
  const fromMatrix = stream.side_data_list?.find((entry) => entry.rotation !== undefined)?.rotation;
  const degrees = fromMatrix ?? Number(stream.tags?.rotate ?? 0);
  return Number.isFinite(degrees) ? Math.round(degrees) : 0;
}

export function readProbe(json: unknown): VideoProbe {
  const parsed = probeOutput.parse(json);
  const video = parsed.streams.find(
    (stream) => stream.codec_type === 'video' && stream.codec_name !== 'mjpeg',
  );
  const audio = parsed.streams.find((stream) => stream.codec_type === 'audio');
  const formats = (parsed.format?.format_name ?? '').split(',');
  const duration = Number(parsed.format?.duration ?? video?.duration ?? 0);
  const rotation = video ? streamRotation(video) : 0;
  // ffmpeg turns the picture upright before any filter (autorotate): the subtitles are laid out on
  // the frame as shown, so a quarter turn swaps width and height.
  const quarterTurn = Math.abs(rotation) % 180 === 90;
  const container = containerOf(formats);
  return {
    isMp4: Boolean(video) && formats.includes('mp4') && formats.includes('mov'),
    // Every MP4 the legacy path takes, plus Matroska and WebM in a codec the system ffmpeg decodes.
    isAcceptedVideo:
      Boolean(video) &&
      (container === 'mp4' ||
        (container === 'matroska' && DECODABLE_VIDEO_CODECS.has(video?.codec_name ?? ''))),
    isAcceptedAudio:
      !video && Boolean(audio) && (container === 'mp4' || audioContainerOf(formats) !== undefined),
    found: describeFound(container, formats, {
      video: video?.codec_name,
      audio: audio?.codec_name,
      subtitle: parsed.streams.find((stream) => stream.codec_type === 'subtitle')?.codec_name,
    }),
    rotation,
    durationSeconds: Number.isFinite(duration) ? duration : 0,
    width: (quarterTurn ? video?.height : video?.width) ?? 0,
    height: (quarterTurn ? video?.width : video?.height) ?? 0,
    fps: frameRate(video?.avg_frame_rate, video?.r_frame_rate),
    audio: audio
      ? { codec: audio.codec_name ?? 'unknown', startSeconds: Number(audio.start_time ?? 0) || 0 }
      : null,
    storedAs: storedMediaOf(
      container,
      formats,
      [video, audio].flatMap((stream) => (stream?.codec_name ? [stream.codec_name] : [])),
      Boolean(video),
    ),
  };
}

/** Runs ffprobe through the one runner (time limit, process group) and answers what it printed. */
async function ffprobeOutput(ffprobe: string, args: string[], timeLimitMs: number, maxBytes: number) {
  const chunks: Buffer[] = [];
  let bytes = 0;
  await runFfmpeg(ffprobe, args, {
    timeLimitMs,
    onOutput: (chunk) => {
      bytes += chunk.length;
      if (bytes <= maxBytes) chunks.push(chunk);
    },
  });
  if (bytes > maxBytes) throw new Error(`ffprobe printed more than ${maxBytes} bytes`);
  return Buffer.concat(chunks).toString('utf8');
}

/** ffprobe's view of a file; a file ffprobe cannot read is "not an MP4", never an exception. */
export async function probeVideo(
  ffprobe: string,
  file: string,
  timeLimitMs = HEADER_PROBE_MS,
): Promise<VideoProbe> {
  try {
    const stdout = await ffprobeOutput(ffprobe, probeArgs(file), timeLimitMs, 10 * 1024 * 1024);
    return readProbe(JSON.parse(stdout));
  } catch {
    return {
      isMp4: false,
      isAcceptedVideo: false,
      isAcceptedAudio: false,
      found: UNREADABLE_FILE,
      rotation: 0,
      durationSeconds: 0,
      width: 0,
      height: 0,
      fps: 0,
      audio: null,
      storedAs: STORED_MEDIA.mp4,
    };
  }
}
