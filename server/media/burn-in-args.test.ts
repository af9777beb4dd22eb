import { describe, expect, it } from 'vitest';
import { burnInArgs, encoderThreads } from './burn-in-args';

const job = { input: '/in.mp4', output: '/out.mp4', assFile: 'subtitles.ass', fontsDir: 'fonts', threads: 2 };

describe('burn-in arguments', () => {
  it('burns the ASS file with our fonts and copies AAC audio', () => {
    const args = burnInArgs({ ...job, copyAudio: true });
    expect(args.slice(args.indexOf('-vf'), args.indexOf('-vf') + 2)).toEqual([
      '-vf',
      'ass=subtitles.ass:fontsdir=fonts,crop=trunc(iw/2)*2:trunc(ih/2)*2:0:0',
    ]);
    expect(args.slice(args.indexOf('-c:a'), args.indexOf('-c:a') + 2)).toEqual(['-c:a', 'copy']);
    expect(args).toContain('+faststart');
    expect(args.at(-1)).toBe('/out.mp4');
  });

  it('encodes other audio to AAC', () => {
    const args = burnInArgs({ ...job, copyAudio: false });
    expect(args.slice(args.indexOf('-c:a'), args.indexOf('-c:a') + 4)).toEqual([
      '-c:a',
      'aac',
      '-b:a',
      '160k',
    ]);
  });

  it('keeps a video without audio valid', () => {
    expect(burnInArgs({ ...job, copyAudio: false })).toContain('0:a:0?');
  });

  it("gives x264 one and a half threads per core of the job's share, at least one", () => {
    const args = burnInArgs({ ...job, copyAudio: true });
    expect(args.slice(args.indexOf('-threads'), args.indexOf('-threads') + 2)).toEqual(['-threads', '3']);
    expect([1, 2, 3, 4, 8].map(encoderThreads)).toEqual([2, 3, 5, 6, 12]);
  });
});
