import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OutputLanguage } from '../../shared/languages';
import { changedShare, framePixels, makeClip, media } from '../../test/support/media';
import { cpuShare } from '../cpu-share';
import { prepareSubtitleFonts, type SubtitleFonts } from './fonts';
import { probeVideo, type VideoProbe } from './probe';
import { renderSubtitles } from './render-subtitles';

let clip: string;
let probe: VideoProbe;
let fonts: SubtitleFonts;
let tmpDir: string;
const region = { w: 240, h: 50, x: 200, y: 280 };

beforeAll(async () => {
  clip = await makeClip('glyphs-1s.mp4', { seconds: 1, width: 640, height: 360 });
  probe = await probeVideo(media.ffprobe, clip);
  tmpDir = await mkdtemp(path.join(os.tmpdir(), 'subtitling-glyphs-'));
  fonts = await prepareSubtitleFonts(tmpDir);
});

async function rendered(text: string, language: OutputLanguage) {
  const { output } = await renderSubtitles({
    ffmpeg: media.ffmpeg,
    source: clip,
    probe,
    cues: [{ startMs: 0, endMs: 1000, text: text.repeat(3) }],
    language,
    fonts,
    tmpDir,
    cpu: cpuShare(1),
  });
  return framePixels(output, 0.5, region);
}

/**
 * A missing glyph renders as the same box whatever the character, so two different characters
 * (each repeated three times) that render differently prove the script's glyphs were found.
 */
describe.each([
  ['ja', '日', '月'],
  ['zh', '中', '文'],
  ['ko', '한', '국'],
  ['th', 'ก', 'ข'],
  ['hi', 'क', 'ख'],
] as const)('burning %s subtitles', (language, first, second) => {
  it('draws the glyphs, not boxes', async () => {
    const blank = await framePixels(clip, 0.5, region);
    const one = await rendered(first, language);
    const other = await rendered(second, language);
    expect(changedShare(blank, one)).toBeGreaterThan(0.002);
    expect(changedShare(one, other)).toBeGreaterThan(0.002);
  });
});

/**
 * Emoji (issue 35) in an English line: drawn from the shipped monochrome face, so two emoji differ
 * from each other and from a character no face holds (U+E000, private use: the `.notdef` box).
 */
describe('burning emoji in an English cue', () => {
  it('draws them, not the box of a missing glyph', async () => {
    const blank = await framePixels(clip, 0.5, region);
    const box = await rendered('\uE000', 'en');
    const clapper = await rendered('🎬', 'en');
    const party = await rendered('🎉', 'en');
    const grin = await rendered('😀', 'en');
    expect(changedShare(blank, box)).toBeGreaterThan(0.002);
    for (const emoji of [clapper, party, grin]) expect(changedShare(box, emoji)).toBeGreaterThan(0.002);
    expect(changedShare(clapper, party)).toBeGreaterThan(0.002);
    expect(changedShare(party, grin)).toBeGreaterThan(0.002);
  });
});
