/** 16 kHz mono 16-bit PCM: what Whisper expects and what Deepgram accepts; no video decoded. */
export function extractAudioArgs(input: string, output: string, untilSeconds: number): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-i',
    input,
    '-map',
    '0:a:0',
    '-vn',
    '-ac',
    '1',
    '-ar',
    '16000',
    '-c:a',
    'pcm_s16le',
    ...['-t', untilSeconds.toFixed(3)],
    '-progress',
    'pipe:1',
    '-nostats',
    output,
  ];
}
