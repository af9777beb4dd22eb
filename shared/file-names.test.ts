import { describe, expect, it } from 'vitest';
import {
  displayName,
  downloadName,
  srtDownloadName,
  subtitleExportName,
  videoDownloadName,
} from './file-names';

describe('file names', () => {
  it('keep only the name a user gave, without folders or control characters', () => {
    expect(displayName('C:\\Users\\ann\\talk.mp4')).toBe('talk.mp4');
    expect(displayName('/home/ann/videos/talk.mp4')).toBe('talk.mp4');
    expect(displayName('ta\u0000lk\u202e.mp4')).toBe('talk.mp4');
    expect(displayName('   ')).toBe('video');
    expect(displayName('x'.repeat(300))).toHaveLength(200);
  });

  it('saves a video’s downloads under its title, so several uploads of clip.mp4 do not clash', () => {
    expect(videoDownloadName({ title: 'Launch v1.2: final', filename: 'clip.mp4' }, '_subtitled.mp4')).toBe(
      'Launch v1.2_ final_subtitled.mp4',
    );
    expect(videoDownloadName({ title: ' ', filename: 'clip.mp4' }, '.srt')).toBe('clip.srt');
  });

  it('saves the SRT under the title wherever it is downloaded (My Videos, the editor), the file name when untitled', () => {
    expect(srtDownloadName({ title: 'Our talk', filename: 'clip.mp4' })).toBe('Our talk.srt');
    expect(srtDownloadName({ title: '', filename: 'clip.mp4' })).toBe('clip.srt');
    expect(srtDownloadName({ title: '', filename: '.mp4' })).toBe('subtitles.srt');
  });

  it('save downloads under the name without its extension, plus ours', () => {
    expect(downloadName('talk.mp4', '_subtitled.mp4')).toBe('talk_subtitled.mp4');
    expect(downloadName('talk.mp4', '.srt')).toBe('talk.srt');
    expect(downloadName('talk.final.srt', '.srt')).toBe('talk.final.srt');
    expect(downloadName('talk', '.srt')).toBe('talk.srt');
    expect(downloadName('.srt', '.srt', 'subtitles')).toBe('subtitles.srt');
  });

  it('name subtitle exports after the title and the language, or the file when untitled', () => {
    expect(subtitleExportName({ title: 'Our talk', filename: 'talk.mp4' }, 'en', '.vtt')).toBe(
      'Our talk.en.vtt',
    );
    expect(subtitleExportName({ title: '  ', filename: 'talk.mp4' }, 'ja', '.ass')).toBe('talk.ja.ass');
    expect(subtitleExportName({ title: '', filename: '.mp4' }, 'th', '.txt')).toBe('subtitles.th.txt');
    expect(subtitleExportName({ title: 'Q&A: why? "now"', filename: 'a.mp4' }, 'fr', '.words.json')).toBe(
      'Q&A_ why_ _now_.fr.words.json',
    );
    expect(subtitleExportName({ title: '東京の夜/第1回', filename: 'a.mp4' }, 'ja', '.vtt')).toBe(
      '東京の夜_第1回.ja.vtt',
    );
  });
});
