import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { media } from '../../test/support/media';
import { cuesToAss } from './ass';

/** Issue 36: the burn-in's braces, drawn by real libass (ffmpeg's subtitles filter) on a frame. */
const folder = mkdtempSync(path.join(tmpdir(), 'ass-burn-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const video = { width: 320, height: 180, language: 'en' as const };

function frameOf(ass: string): string {
  const file = path.join(folder, 'x.ass');
  writeFileSync(file, ass);
  const frame = execFileSync(media.ffmpeg, [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'color=black:s=320x180:d=0.5'],
    ...['-vf', `subtitles=${file}`, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', '-'],
  ]);
  return createHash('sha256').update(frame).digest('hex');
}

const script = (text: string) => cuesToAss([{ startMs: 0, endMs: 1000, text }], video);

describe('braces in the burn-in', () => {
  it('are drawn by libass as the braces it shows when no command can follow', () => {
    // A `{` with no `}` after it is plain text to libass: the reference drawing of a typed brace.
    const typed = script('{b');
    const raw = typed.replace('\\{b', '{b');
    expect(raw).not.toBe(typed);
    expect(frameOf(typed)).toBe(frameOf(raw));
  });

  it('never hide what the user typed between them', () => {
    expect(frameOf(script('x{b}'))).not.toBe(frameOf(script('x')));
  });
});
