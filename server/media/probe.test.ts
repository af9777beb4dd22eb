import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { media } from '../../test/support/media';
import { mediaTypeOf, STORED_MEDIA } from '../storage/media-types';
import { probeVideo, readProbe } from './probe';

const stream = (fields: Record<string, unknown>) => ({
  codec_type: 'video',
  width: 1920,
  height: 1080,
  ...fields,
});

describe('readProbe', () => {
  it('keeps MP4 for the legacy paths and adds Matroska and WebM in decodable codecs for the forms', () => {
    const mp4 = readProbe({
      format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2' },
      streams: [stream({ codec_name: 'h264' })],
    });
    expect([mp4.isMp4, mp4.isAcceptedVideo]).toEqual([true, true]);
    const webm = readProbe({
      format: { format_name: 'matroska,webm' },
      streams: [stream({ codec_name: 'av1' })],
    });
    expect([webm.isMp4, webm.isAcceptedVideo]).toEqual([false, true]);
    const prores = readProbe({
      format: { format_name: 'matroska,webm' },
      streams: [stream({ codec_name: 'prores' })],
    });
    expect(prores.isAcceptedVideo).toBe(false);
    expect(prores.found).toBe('a Matroska (MKV) file with ProRes video');
  });

  it('names an audio-only file as such', () => {
    const mp3 = readProbe({
      format: { format_name: 'mp3' },
      streams: [{ codec_type: 'audio', codec_name: 'mp3' }],
    });
    expect(mp3.isAcceptedVideo).toBe(false);
    expect(mp3.found).toBe('an MP3 audio file without a picture');
    const wav = readProbe({
      format: { format_name: 'wav' },
      streams: [{ codec_type: 'audio', codec_name: 'pcm_s16le' }],
    });
    expect(wav.found).toBe('a WAV audio file (PCM) without a picture');
  });

  it('names pictures, subtitles and unknown files in plain words, not in ffprobe demuxer names', () => {
    const found = (format_name: string, ...streams: Record<string, unknown>[]) =>
      readProbe({ format: { format_name }, streams }).found;
    expect(found('png_pipe', stream({ codec_name: 'png' }))).toBe('a PNG image, not a video');
    expect(found('jpeg_pipe', stream({ codec_name: 'mjpeg' }))).toBe('a JPEG image, not a video');
    expect(found('gif', stream({ codec_name: 'gif' }))).toBe('a GIF image, not a video');
    expect(found('srt', { codec_type: 'subtitle', codec_name: 'subrip' })).toBe(
      'an SRT subtitle file, not a video',
    );
    expect(found('avi', stream({ codec_name: 'mpeg4' }))).toBe('an AVI file with MPEG-4 Part 2 video');
  });

  it('says a file ffprobe cannot read is not a video or audio file, in a sentence that reads', async () => {
    const file = path.join(os.tmpdir(), `probe-text-${process.pid}.txt`);
    await writeFile(file, 'hello, this is a text file and nothing else\n');
    const probe = await probeVideo(media.ffprobe, file);
    expect(`This file is ${probe.found}.`).toBe('This file is not a video or audio file that can be read.');
  });

  it('takes MP3, M4A, WAV, FLAC and OGG audio by content, and no audio container it does not know', () => {
    const audio = (format_name: string, codec_name: string, ...more: Record<string, unknown>[]) =>
      readProbe({ format: { format_name }, streams: [{ codec_type: 'audio', codec_name }, ...more] });
    for (const [format, codec] of [
      ['mp3', 'mp3'],
      ['mov,mp4,m4a,3gp,3g2,mj2', 'aac'],
      ['wav', 'pcm_s16le'],
      ['flac', 'flac'],
      ['ogg', 'vorbis'],
    ] as const) {
      const probe = audio(format, codec);
      expect([format, probe.isAcceptedAudio, probe.isAcceptedVideo]).toEqual([format, true, false]);
    }
    // An MP3's cover art is an attached picture, not a video.
    expect(audio('mp3', 'mp3', { codec_type: 'video', codec_name: 'mjpeg' }).isAcceptedAudio).toBe(true);
    expect(audio('aiff', 'pcm_s16be').isAcceptedAudio).toBe(false);
    const video = readProbe({
      format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2' },
      streams: [stream({ codec_name: 'h264' }), { codec_type: 'audio', codec_name: 'aac' }],
    });
    expect([video.isAcceptedVideo, video.isAcceptedAudio]).toEqual([true, false]);
  });

  it('stores each file under the extension and media type its content has, whatever its name', () => {
    const storedAs = (format_name: string, ...streams: Record<string, unknown>[]) =>
      readProbe({ format: { format_name }, streams }).storedAs;
    const mp4Family = 'mov,mp4,m4a,3gp,3g2,mj2';
    expect(storedAs(mp4Family, stream({ codec_name: 'h264' }))).toEqual(STORED_MEDIA.mp4);
    expect(storedAs(mp4Family, { codec_type: 'audio', codec_name: 'aac' })).toEqual(STORED_MEDIA.m4a);
    const vp9 = stream({ codec_name: 'vp9' });
    expect(storedAs('matroska,webm', vp9, { codec_type: 'audio', codec_name: 'opus' })).toEqual(
      STORED_MEDIA.webm,
    );
    // A WebM cannot hold AAC: a Matroska file with it is an MKV.
    expect(storedAs('matroska,webm', vp9, { codec_type: 'audio', codec_name: 'aac' })).toEqual(
      STORED_MEDIA.mkv,
    );
    expect(storedAs('mp3', { codec_type: 'audio', codec_name: 'mp3' })).toEqual(STORED_MEDIA.mp3);
    expect(storedAs('ogg', { codec_type: 'audio', codec_name: 'vorbis' })).toEqual(STORED_MEDIA.ogg);
    expect(mediaTypeOf('videos/x/source.flac')).toBe('audio/flac');
    // Sources stored before extensions were kept are all MP4 (the legacy paths took nothing else).
    expect(mediaTypeOf('videos/x/source.mp4')).toBe('video/mp4');
  });

  it('gives the size as shown: a quarter turn (display matrix or rotate tag) swaps width and height', () => {
    const format = { format_name: 'mov,mp4,m4a,3gp,3g2,mj2' };
    const matrix = readProbe({
      format,
      streams: [stream({ codec_name: 'h264', side_data_list: [{ rotation: -90 }] })],
    });
    expect([matrix.width, matrix.height, matrix.rotation]).toEqual([1080, 1920, -90]);
    const tag = readProbe({ format, streams: [stream({ codec_name: 'h264', tags: { rotate: '270' } })] });
    expect([tag.width, tag.height]).toEqual([1080, 1920]);
    const halfTurn = readProbe({
      format,
      streams: [stream({ codec_name: 'h264', side_data_list: [{ rotation: 180 }] })],
    });
    expect([halfTurn.width, halfTurn.height]).toEqual([1920, 1080]);
  });
});
