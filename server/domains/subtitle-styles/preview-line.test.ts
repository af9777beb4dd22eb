import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STYLE_TEXTS } from '../../../shared/schemas/subtitle-styles';
import { customFromPreset } from '../../../shared/subtitles/subtitle-style';
import { payingUser, testApp, testCaller } from '../../../test/support/http';
import { media } from '../../../test/support/media';
import { JOB_NICENESS } from '../../cpu-share';

/**
 * Hole 5 of the security review (its preview part): two batched calls of 25 sizes each started 35
 * ffmpeg runs at the server's priority. Previews now wait in a short line, two drawn at once, below
 * the server's priority; past the line they are refused (429), and a style drawn once is not drawn again.
 */
const logDir = await mkdtemp(path.join(os.tmpdir(), 'subtitling-previews-'));
const runsLog = path.join(logDir, 'runs.log');
process.env.REAL_FFMPEG = media.ffmpeg;
process.env.FFMPEG_RUNS_LOG = runsLog;
const { app, call } = await testApp({ FFMPEG_PATH: path.resolve('test/fakes/recording-ffmpeg.sh') });
const user = await payingUser(call, 'previews');
const api = testCaller(app, user.token);

/** The runs written down so far: the most at once, and each one's niceness. */
async function runs() {
  const lines = (await readFile(runsLog, 'utf8').catch(() => '')).trim().split('\n').filter(Boolean);
  let atOnce = 0;
  let most = 0;
  const niceness: number[] = [];
  for (const line of lines) {
    const [event, , nice] = line.split(' ');
    atOnce += event === 'start' ? 1 : -1;
    most = Math.max(most, atOnce);
    if (event === 'end') niceness.push(Number(nice));
  }
  return { most, niceness, count: niceness.length };
}

const settings = (size: number) => ({
  settings: { ...customFromPreset('broadcast'), sizeShareOfHeight: size },
});

describe('style previews', () => {
  it('draw two at a time at low priority, refuse past a short line, and draw a style once', async () => {
    const sizes = Array.from({ length: 25 }, (_, index) => Math.round((0.04 + index * 0.003) * 1000) / 1000);
    const answers = await Promise.all(
      sizes.map((size) => api.query('subtitleStyles.preview', settings(size))),
    );
    const drawn = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(drawn.length + refused.length).toBe(25);
    expect(drawn.length).toBeGreaterThanOrEqual(2);
    expect(drawn.length).toBeLessThanOrEqual(10);
    for (const answer of refused) expect(answer.error.message).toBe(STYLE_TEXTS.previewsBusy);
    for (const answer of drawn)
      expect(Buffer.from(answer.data.png, 'base64').subarray(1, 4).toString()).toBe('PNG');

    const { most, niceness, count } = await runs();
    expect(count).toBe(drawn.length);
    expect(most).toBeLessThanOrEqual(2);
    expect(new Set(niceness)).toEqual(new Set([JOB_NICENESS]));

    // Asked again: from the pictures kept, no new run.
    const firstDrawn = sizes[answers.findIndex((answer) => answer.status === 200)] ?? 0;
    expect((await api.query('subtitleStyles.preview', settings(firstDrawn))).status).toBe(200);
    expect((await runs()).count).toBe(drawn.length);
  }, 60_000);
});
