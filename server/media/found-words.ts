/**
 * What ffprobe found in a refused file, in the words a customer would use: "a PNG image", "an MP3
 * audio file without a picture", "a Matroska (MKV) file with ProRes video" — never ffprobe's own
 * demuxer names (png_pipe, pcm_s16le).
 */

export const CONTAINER_NAMES = { mp4: 'MP4/MOV', matroska: 'Matroska (MKV)', webm: 'WebM' } as const;
export type Container = keyof typeof CONTAINER_NAMES;

/** Said of a file ffprobe cannot read at all (text, a document, random bytes). */
export const UNREADABLE_FILE = 'not a video or audio file that can be read';

const CODEC_NAMES: Record<string, string> = {
  h264: 'H.264',
  hevc: 'HEVC',
  vp8: 'VP8',
  vp9: 'VP9',
  av1: 'AV1',
  prores: 'ProRes',
  mpeg4: 'MPEG-4 Part 2',
  mpeg2video: 'MPEG-2',
  mp3: 'MP3',
  aac: 'AAC',
  flac: 'FLAC',
  opus: 'Opus',
  vorbis: 'Vorbis',
  wmv2: 'WMV',
  wmav2: 'WMA',
};

const FORMAT_NAMES: Record<string, string> = {
  avi: 'AVI',
  asf: 'Windows Media (ASF)',
  flv: 'Flash video (FLV)',
  mpegts: 'MPEG transport stream',
  mpeg: 'MPEG',
  wav: 'WAV',
  ogg: 'Ogg',
};

/** Pictures ffprobe reads as one-frame videos: by their demuxer (`png_pipe`) or their codec. */
const IMAGE_NAMES: Record<string, string> = {
  png: 'PNG',
  mjpeg: 'JPEG',
  jpeg: 'JPEG',
  gif: 'GIF',
  webp: 'WebP',
  bmp: 'BMP',
  tiff: 'TIFF',
  svg: 'SVG',
  heif: 'HEIF',
};

const SUBTITLE_NAMES: Record<string, string> = { srt: 'SRT', webvtt: 'WebVTT', ass: 'ASS' };

const codecName = (name: string) =>
  CODEC_NAMES[name] ?? (name.startsWith('pcm_') ? 'PCM' : name.toUpperCase());

/** Initialisms are read letter by letter: "an MP3", "an MKV", but "a Matroska", "a WAV". */
function withArticle(words: string): string {
  const an = /^([AEFHILMNORSX][A-Z0-9]|[AEIOUaeiou])/.test(words) && !words.startsWith('WAV');
  return `${an ? 'an' : 'a'} ${words}`;
}

function imageName(formats: readonly string[], videoCodec: string | undefined): string | null {
  const piped = formats.find((format) => format.endsWith('_pipe'))?.replace(/_pipe$/, '');
  if (!piped && !formats.includes('image2') && !formats.includes('gif')) return null;
  return IMAGE_NAMES[videoCodec ?? ''] ?? IMAGE_NAMES[piped ?? 'gif'] ?? piped?.toUpperCase() ?? '';
}

export function describeFound(
  container: Container | null,
  formats: readonly string[],
  streams: { video?: string; audio?: string; subtitle?: string },
): string {
  const { video, audio, subtitle } = streams;
  const image = imageName(formats, video);
  if (image !== null) return `${image ? withArticle(image) : 'an'} image, not a video`;
  const format = formats[0] ?? '';
  if (!container && !video && !audio && subtitle)
    return `${withArticle(SUBTITLE_NAMES[format] ?? 'subtitle')} subtitle file, not a video`;
  const file = container ? CONTAINER_NAMES[container] : (FORMAT_NAMES[format] ?? format.toUpperCase());
  if (!file) return UNREADABLE_FILE;
  if (video) return `${withArticle(file)} file with ${codecName(video)} video`;
  if (audio) {
    const inside = codecName(audio) === file ? '' : ` (${codecName(audio)})`;
    return `${withArticle(file)} audio file${inside} without a picture`;
  }
  return `${withArticle(file)} file with neither video nor sound`;
}
