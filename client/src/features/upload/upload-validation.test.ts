import { describe, expect, it } from 'vitest';
import { MAX_VIDEO_BYTES } from '../../../../shared/limits';
import { AUDIO_IN_HARDCODE_MESSAGE, FORM_TYPE_TEXTS } from '../../../../shared/schemas/input-formats';
import { isSubtitleInName } from '../../../../shared/schemas/subtitles-in';
import { UPLOAD_MESSAGES } from '../../../../shared/schemas/videos';
import { editedSrtError, generateErrors, hardcodeErrors, visibleErrors } from './upload-validation';

const mp4 = { name: 'talk.mp4', type: 'video/mp4', size: 1000 };
const srt = { name: 'talk.srt', type: '', size: 20 };
const choices = { video: mp4, durationSeconds: 60, plan: '20', inLan: 'en', outLan: 'ja' };

describe('generate mode checks', () => {
  it('accepts an MP4 under the limits with every choice made', () => {
    expect(generateErrors(choices)).toEqual([]);
  });

  it('asks for an MP4 and for every empty choice, as a list', () => {
    expect(generateErrors({ video: null, durationSeconds: null, plan: '', inLan: '', outLan: '' })).toEqual([
      '* MP4 selection is required',
      'Reading speed optimization selection is required',
      'Input language selection is required',
      'Output language selection is required',
    ]);
  });

  it('refuses another file type', () => {
    expect(
      generateErrors({ ...choices, video: { name: 'talk.avi', type: 'video/x-msvideo', size: 1000 } }),
    ).toEqual([FORM_TYPE_TEXTS.videoOrAudio]);
  });

  it('takes MOV, M4V, MKV and WebM beside MP4, by type or by name', () => {
    expect(generateErrors({ ...choices, video: { ...mp4, type: 'video/quicktime' } })).toEqual([]);
    expect(
      generateErrors({ ...choices, video: { name: 'screen.webm', type: 'video/webm', size: 9 } }),
    ).toEqual([]);
    expect(generateErrors({ ...choices, video: { name: 'Talk.MKV', type: '', size: 9 } })).toEqual([]);
  });

  it('takes an MKV whatever the browser calls it (Chromium: video/matroska), and decides by name too', () => {
    for (const type of ['video/matroska', 'video/x-matroska', '', 'application/octet-stream'])
      expect(
        hardcodeErrors({ video: { name: 'interview.mkv', type, size: 9 }, durationSeconds: 60, srt }),
      ).toEqual([]);
    expect(
      hardcodeErrors({ video: { name: 'film.mp4', type: 'audio/mp4', size: 9 }, durationSeconds: 60, srt }),
    ).toEqual([]);
  });

  it('refuses more than 1.5 GB and more than 30 minutes, but allows exactly the limits', () => {
    expect(
      generateErrors({ ...choices, video: { ...mp4, size: MAX_VIDEO_BYTES }, durationSeconds: 1800 }),
    ).toEqual([]);
    expect(
      generateErrors({ ...choices, video: { ...mp4, size: MAX_VIDEO_BYTES + 1 }, durationSeconds: 1801 }),
    ).toEqual([
      '* The file exceeds the maximum allowed size of 1.5GB',
      '* The video exceeds the maximum allowed duration of 30 minutes',
    ]);
  });

  it('lets an unknown duration through (the server measures it)', () => {
    expect(generateErrors({ ...choices, durationSeconds: null })).toEqual([]);
  });

  it('refuses a language or plan outside the lists of PRODUCT.md §9', () => {
    expect(generateErrors({ ...choices, plan: '12', inLan: 'ja', outLan: 'xx' })).toEqual([
      UPLOAD_MESSAGES.planRequired,
      UPLOAD_MESSAGES.inputLanguageRequired,
      UPLOAD_MESSAGES.outputLanguageRequired,
    ]);
  });
});

describe('hardcode mode checks', () => {
  it('accepts an MP4 and a non-empty .srt', () => {
    expect(hardcodeErrors({ video: mp4, durationSeconds: 10, srt })).toEqual([]);
  });

  it('asks for both files', () => {
    expect(hardcodeErrors({ video: null, durationSeconds: null, srt: null })).toEqual([
      '* MP4 selection is required',
      '* SRT selection is required.',
    ]);
  });

  it('puts a trailing period on the size and duration messages', () => {
    expect(
      hardcodeErrors({ video: { ...mp4, size: MAX_VIDEO_BYTES + 1 }, durationSeconds: 1801, srt }),
    ).toEqual([
      '* The file exceeds the maximum allowed size of 1.5GB.',
      '* The video exceeds the maximum allowed duration of 30 minutes.',
    ]);
  });

  it('takes .srt, .vtt and .ass names, refuses others, and an empty file', () => {
    for (const name of ['talk.vtt', 'talk.ASS', 'talk.ssa']) {
      expect(hardcodeErrors({ video: mp4, durationSeconds: 1, srt: { ...srt, name } })).toEqual([]);
    }
    expect(hardcodeErrors({ video: mp4, durationSeconds: 1, srt: { ...srt, name: 'talk.txt' } })).toEqual([
      '* Please select an SRT, WebVTT or ASS subtitle file.',
    ]);
    expect(hardcodeErrors({ video: mp4, durationSeconds: 1, srt: { ...srt, size: 0 } })).toEqual([
      'Selected subtitle file is empty.',
    ]);
  });
});

describe('subtitle file names', () => {
  it('ignore case and need the suffix at the end', () => {
    expect(isSubtitleInName('TALK.SRT')).toBe(true);
    expect(isSubtitleInName('talk.srt.txt')).toBe(false);
  });
});

describe('edited SRT check', () => {
  it('uses the messages of PRODUCT.md §5', () => {
    expect(editedSrtError(null)).toBe('No subtitle file selected.');
    expect(editedSrtError({ ...srt, name: 'edit.txt' })).toBe(
      'Invalid file format. Please upload an SRT, WebVTT or ASS file.',
    );
    expect(editedSrtError(srt)).toBeNull();
    expect(editedSrtError({ ...srt, name: 'edit.VTT' })).toBeNull();
    expect(editedSrtError({ ...srt, name: 'edit.ass' })).toBeNull();
  });
});

describe('visible errors', () => {
  it('show a wrong file at once and the required ones only after a submit', () => {
    const errors = hardcodeErrors({
      video: { ...mp4, type: 'text/plain' },
      durationSeconds: null,
      srt: null,
    });
    expect(visibleErrors(errors, false)).toEqual([]);
    expect(visibleErrors(errors, true)).toEqual(['* SRT selection is required.']);
    const wrong = hardcodeErrors({
      video: { name: 'notes.txt', type: 'text/plain', size: 9 },
      durationSeconds: null,
      srt: null,
    });
    expect(visibleErrors(wrong, false)).toEqual([FORM_TYPE_TEXTS.video]);
    expect(visibleErrors(wrong, true)).toEqual([FORM_TYPE_TEXTS.video, '* SRT selection is required.']);
    expect(FORM_TYPE_TEXTS.video).not.toMatch(/coming soon/);
  });
});

describe('audio alone (issue 22)', () => {
  const mp3 = { name: 'interview.mp3', type: 'audio/mpeg', size: 1000 };
  it('is taken in generate mode, by type or by name', () => {
    expect(generateErrors({ ...choices, video: mp3 })).toEqual([]);
    expect(generateErrors({ ...choices, video: { name: 'Memo.M4A', type: '', size: 9 } })).toEqual([]);
    for (const type of ['audio/wav', 'audio/flac', 'audio/ogg', 'audio/x-m4a'])
      expect(generateErrors({ ...choices, video: { ...mp3, type } })).toEqual([]);
    expect(generateErrors({ ...choices, video: { name: 'song.aiff', type: 'audio/aiff', size: 9 } })).toEqual(
      [FORM_TYPE_TEXTS.videoOrAudio],
    );
  });

  it('is refused in hardcode mode with why: there is no picture to burn into', () => {
    expect(hardcodeErrors({ video: mp3, durationSeconds: 60, srt })).toEqual([AUDIO_IN_HARDCODE_MESSAGE]);
  });
});
