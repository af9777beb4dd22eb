import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OutputLanguage } from '../../shared/languages';
import {
  assFontSize,
  DEFAULT_SUBTITLE_STYLE,
  SUBTITLE_STYLE_IDS,
  type SubtitleStyleId,
  subtitleStyle,
} from '../../shared/subtitles';
import { languageProfile } from '../../shared/subtitles/language-profile';
import { clipArguments } from '../../test/support/clip-recipe';
import { decodeFrame, media } from '../../test/support/media';
import { cpuShare } from '../cpu-share';
import { prepareSubtitleFonts, type SubtitleFonts } from './fonts';
import { probeVideo } from './probe';
import { renderSubtitles } from './render-subtitles';

const run = promisify(execFile);

/** Mid-grey: white or yellow text is brighter than it, the black outline and box darker. */
const GREY = 128;
const TEXT_LEVEL = 185;
const DARK_LEVEL = 75;

let fonts: SubtitleFonts;
let tmpDir: string;
const clips = new Map<string, string>();

beforeAll(async () => {
  tmpDir = await mkdtemp(path.join(os.tmpdir(), 'subtitling-styles-'));
  fonts = await prepareSubtitleFonts(tmpDir);
});

async function greyClip(width: number, height: number): Promise<string> {
  const key = `${width}x${height}`;
  const known = clips.get(key);
  if (known) return known;
  const file = path.join(tmpDir, `grey-${key}.mp4`);
  const picture = `color=c=0x808080:size=${key}:rate=5`;
  await run(media.ffmpeg, clipArguments({ seconds: 1, picture, sound: 'none', crf: 10 }, file));
  clips.set(key, file);
  return file;
}

/** The first characters of a sentence, as many as a full line of the language holds. */
function fullLine(language: OutputLanguage, sentence: string): string {
  const profile = languageProfile(language);
  const characters = [...new Intl.Segmenter(language, { granularity: 'grapheme' }).segment(sentence)];
  return characters
    .slice(0, profile.maxLineWidth)
    .map((part) => part.segment)
    .join('');
}

const SENTENCES: Record<string, [OutputLanguage, string]> = {
  Latin: ['en', 'Every viewer reads these lines on a phone or a television set at home'],
  CJK: ['zh', '字幕应当在手机和电视上都清晰易读而且不会遮住画面中的重要内容'],
  Thai: ['th', 'คำบรรยายควรอ่านง่ายทั้งบนโทรศัพท์และโทรทัศน์โดยไม่บังภาพสำคัญในวิดีโอของเรา'],
  Devanagari: ['hi', 'उपशीर्षक फोन और टेलीविजन दोनों पर आसानी से पढ़े जाने चाहिए और चित्र को नहीं ढकना चाहिए'],
};

interface Frame {
  width: number;
  height: number;
  pixels: Buffer;
}

async function burnedFrame(
  width: number,
  height: number,
  text: string,
  language: OutputLanguage,
  style: SubtitleStyleId,
): Promise<Frame> {
  const source = await greyClip(width, height);
  const { output, cleanup } = await renderSubtitles({
    ffmpeg: media.ffmpeg,
    source,
    probe: await probeVideo(media.ffprobe, source),
    cues: [{ startMs: 0, endMs: 1000, text }],
    language,
    style: subtitleStyle(style),
    fonts,
    tmpDir,
    cpu: cpuShare(1),
  });
  try {
    return { width, height, pixels: await decodeFrame(output, 0.5, { format: 'gray' }) };
  } finally {
    await cleanup();
  }
}

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
  count: number;
}

/** The bounding box of the pixels a test picks. */
function extent(frame: Frame, pick: (level: number) => boolean): Box {
  const box = { left: frame.width, right: -1, top: frame.height, bottom: -1, count: 0 };
  for (let y = 0; y < frame.height; y++) {
    for (let x = 0; x < frame.width; x++) {
      if (!pick(frame.pixels[y * frame.width + x] ?? GREY)) continue;
      box.count++;
      box.left = Math.min(box.left, x);
      box.right = Math.max(box.right, x);
      box.top = Math.min(box.top, y);
      box.bottom = Math.max(box.bottom, y);
    }
  }
  return box;
}

/** Share of the pixels inside `box` that a test picks. */
function coveredShare(frame: Frame, box: Box, pick: (level: number) => boolean): number {
  let covered = 0;
  let all = 0;
  for (let y = box.top; y <= box.bottom; y++) {
    for (let x = box.left; x <= box.right; x++) {
      all++;
      if (pick(frame.pixels[y * frame.width + x] ?? GREY)) covered++;
    }
  }
  return covered / Math.max(1, all);
}

describe.each(Object.entries(SENTENCES))('%s subtitles', (_family, [language, sentence]) => {
  const line = fullLine(language, sentence);
  describe.each(SUBTITLE_STYLE_IDS)('in the %s style, 1280×720', (styleId) => {
    it('draw a full line inside the graphics-safe area, as wide as the style means', async () => {
      const style = subtitleStyle(styleId);
      const frame = await burnedFrame(1280, 720, line, language, styleId);
      const text = extent(frame, (level) => level > TEXT_LEVEL);
      const widthShare = (text.right - text.left + 1) / frame.width;
      expect(text.count).toBeGreaterThan(500);
      // EBU R 95 graphics-safe area: 5% in from every edge.
      expect(text.left).toBeGreaterThanOrEqual(0.05 * frame.width);
      expect(text.right).toBeLessThanOrEqual(0.95 * frame.width);
      expect(text.top).toBeGreaterThanOrEqual(0.05 * frame.height);
      expect(text.bottom).toBeLessThanOrEqual(0.95 * frame.height);
      // One line: never wider than the style allows, and a full one fills most of it.
      expect(widthShare).toBeLessThanOrEqual(style.lineShareOfWidth);
      // Classic keeps the small pre-styles size (a full line about 40% of the width); the others
      // fill at least two thirds of the BBC's 68%.
      expect(widthShare).toBeGreaterThanOrEqual(styleId === 'classic' ? 0.3 : 0.45);
      expect(text.bottom - text.top).toBeLessThan(frame.height * style.sizeShareOfHeight * 1.6);
      // A row above the text by more than an outline and less than the box's padding: dark across
      // the line with a box, the background grey without one.
      const fontSize = assFontSize({ width: frame.width, height: frame.height, language, style });
      const above = text.top - Math.ceil(fontSize * 0.11);
      const row = { ...text, top: above, bottom: above };
      const darkShare = coveredShare(frame, row, (level) => level < DARK_LEVEL);
      if (style.box) expect(darkShare).toBeGreaterThan(0.9);
      else expect(darkShare).toBeLessThan(0.1);
    });
  });
});

describe('the default style', () => {
  const [language, sentence] = SENTENCES.Latin as [OutputLanguage, string];
  const line = fullLine(language, sentence);
  const sizes: [string, number, number][] = [
    ['360p', 640, 360],
    ['720p', 1280, 720],
    ['1080p', 1920, 1080],
    ['2160p', 3840, 2160],
  ];

  it.each(sizes)('takes the same share of a %s frame', async (_name, width, height) => {
    const frame = await burnedFrame(width, height, line, language, DEFAULT_SUBTITLE_STYLE);
    const text = extent(frame, (level) => level > TEXT_LEVEL);
    // Measured at 720p: a full line 58% of the width, the text about 5% of the height.
    expect((text.right - text.left + 1) / width).toBeGreaterThan(0.5);
    expect((text.right - text.left + 1) / width).toBeLessThanOrEqual(0.68);
    expect((text.bottom - text.top + 1) / height).toBeGreaterThan(0.035);
    expect((text.bottom - text.top + 1) / height).toBeLessThan(0.07);
  });

  it('keeps a full line inside 68% of a portrait (9:16) frame', async () => {
    const frame = await burnedFrame(1080, 1920, line, language, DEFAULT_SUBTITLE_STYLE);
    const text = extent(frame, (level) => level > TEXT_LEVEL);
    expect(text.count).toBeGreaterThan(500);
    expect(text.left).toBeGreaterThanOrEqual(0.16 * frame.width - 2);
    expect(text.right).toBeLessThanOrEqual(0.84 * frame.width + 2);
    expect(text.bottom).toBeLessThanOrEqual(0.95 * frame.height);
  });
});
