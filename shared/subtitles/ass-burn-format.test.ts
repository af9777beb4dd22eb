import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { media } from '../../test/support/media';
import { cuesToAss } from './ass';
import type { Cue } from './cue';
import { parseSrt } from './srt-parse';
import { writeSrt } from './srt-write';

/** Issue 39: the editor's formatting and top placement, drawn by real libass on a black frame. */
const folder = mkdtempSync(path.join(tmpdir(), 'ass-burn-format-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const WIDTH = 320;
const HEIGHT = 180;
const video = { width: WIDTH, height: HEIGHT, language: 'en' as const };

/** The grey frame burn-in draws for the cue, read back from the SRT the editor saves. */
function burned(cue: Cue): Buffer {
  const file = path.join(folder, 'x.ass');
  writeFileSync(file, cuesToAss(parseSrt(writeSrt([cue])), video));
  return execFileSync(media.ffmpeg, [
    ...['-v', 'error', '-f', 'lavfi', '-i', `color=black:s=${WIDTH}x${HEIGHT}:d=0.5`],
    ...['-vf', `subtitles=${file}`, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', '-'],
  ]);
}

/** Lit pixels in the top and bottom halves of the frame. */
function litHalves(frame: Buffer): { top: number; bottom: number } {
  let top = 0;
  let bottom = 0;
  for (let index = 0; index < frame.length; index++) {
    if ((frame[index] ?? 0) < 128) continue;
    if (index < (WIDTH * HEIGHT) / 2) top++;
    else bottom++;
  }
  return { top, bottom };
}

describe('formatting in the burn-in', () => {
  it('draws a cue placed at the top (`{\\an8}`) in the top half of the frame', () => {
    const bottom = litHalves(burned({ startMs: 0, endMs: 1000, text: 'Placed here' }));
    expect(bottom.bottom).toBeGreaterThan(50);
    expect(bottom.top).toBe(0);
    const top = litHalves(burned({ startMs: 0, endMs: 1000, text: 'Placed here', position: 8 }));
    expect(top.top).toBeGreaterThan(50);
    expect(top.bottom).toBe(0);
  });

  it('draws <i>, <b> and <u> text otherwise than plain text', () => {
    const plain = burned({ startMs: 0, endMs: 1000, text: 'Styled words' });
    for (const tag of ['i', 'b', 'u']) {
      const styled = burned({ startMs: 0, endMs: 1000, text: `<${tag}>Styled words</${tag}>` });
      expect(styled.equals(plain), tag).toBe(false);
    }
    // Underline adds pixels below the letters; bold thickens them.
    const lit = (frame: Buffer) => litHalves(frame).bottom;
    expect(lit(burned({ startMs: 0, endMs: 1000, text: '<b>Styled words</b>' }))).toBeGreaterThan(lit(plain));
    expect(lit(burned({ startMs: 0, endMs: 1000, text: '<u>Styled words</u>' }))).toBeGreaterThan(lit(plain));
  });
});
