/** How a media file is stored and served: its key's extension and the type a browser plays it as. */
export interface StoredMedia {
  extension: string;
  contentType: string;
}

/** Each kind of file the uploads take (probe.ts), as stored; MP4 is all the legacy paths take. */
export const STORED_MEDIA = {
  mp4: { extension: '.mp4', contentType: 'video/mp4' },
  webm: { extension: '.webm', contentType: 'video/webm' },
  mkv: { extension: '.mkv', contentType: 'video/x-matroska' },
  m4a: { extension: '.m4a', contentType: 'audio/mp4' },
  mp3: { extension: '.mp3', contentType: 'audio/mpeg' },
  wav: { extension: '.wav', contentType: 'audio/wav' },
  flac: { extension: '.flac', contentType: 'audio/flac' },
  ogg: { extension: '.ogg', contentType: 'audio/ogg' },
} as const satisfies Record<string, StoredMedia>;

/** Files made from a source rather than uploaded: the video with subtitle tracks of an audio-only upload. */
const MADE_MEDIA = {
  mka: { extension: '.mka', contentType: 'audio/x-matroska' },
} as const satisfies Record<string, StoredMedia>;

/** The media type of a stored file by its key's extension; sources stored before extensions were kept are MP4. */
export function mediaTypeOf(key: string): string {
  const stored = [...Object.values(STORED_MEDIA), ...Object.values(MADE_MEDIA)].find(({ extension }) =>
    key.endsWith(extension),
  );
  return (stored ?? STORED_MEDIA.mp4).contentType;
}
