import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { STYLE_TEXTS } from '../../../shared/schemas/subtitle-styles';
import { type CustomStyle, customFromPreset } from '../../../shared/subtitles/subtitle-style';
import { clipArguments } from '../../../test/support/clip-recipe';
import { balanceCents } from '../../../test/support/database';
import { payingUser, postMultipart, testApp, testCaller, uploadVideo } from '../../../test/support/http';
import { runQueuedJobs } from '../../../test/support/jobs';
import { CLIPS_DIR, decodeFrame, media } from '../../../test/support/media';
import { filePart, type Part } from '../../../test/support/multipart';
import { hardcodedFileOnDisk, waitForVideo } from '../../../test/support/videos';

const run = promisify(execFile);
const { app, call, db, pool, services } = await testApp();
const owner = await payingUser(call, 'own-style');
const stranger = await payingUser(call, 'own-style-stranger');
const ownerApi = testCaller(app, owner.token);
const strangerApi = testCaller(app, stranger.token);

const SRT = '1\n00:00:00,000 --> 00:00:03,000\nOur own look\n';
const greyClip = `${CLIPS_DIR}/own-style-grey-3s.mp4`;
/** Green text at the top: nothing of the grey picture or the presets is green. */
const GREEN_AT_TOP: CustomStyle = {
  ...customFromPreset('broadcast'),
  textColour: '00D040',
  position: 'top',
  sizeShareOfHeight: 0.1,
};

beforeAll(async () => {
  await run(
    media.ffmpeg,
    clipArguments({ seconds: 3, picture: 'color=c=0x808080:size=640x360:rate=25', sound: 'tone' }, greyClip),
  );
});

async function hardcodeParts(style?: string): Promise<Part[]> {
  return [
    ...(style === undefined ? [] : [{ name: 'subtitle_style', value: style }]),
    { name: 'fileSub', filename: 'talk.srt', content: SRT },
    await filePart('fileVideo', greyClip, 'talk.mp4', 'video/mp4'),
  ];
}

const isGreen = (red: number, green: number, blue: number) => green > 150 && red < 90 && blue < 120;

/** Green pixels in the top and the bottom third of an RGB picture. */
function greenByThird(pixels: Buffer, width: number, height: number) {
  const counts = { top: 0, bottom: 0 };
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      if (!isGreen(pixels[at] ?? 0, pixels[at + 1] ?? 0, pixels[at + 2] ?? 0)) continue;
      if (y < height / 3) counts.top++;
      else if (y >= (2 * height) / 3) counts.bottom++;
    }
  return counts;
}

async function burnedFrame(videoId: number) {
  const file = await hardcodedFileOnDisk(db, services.storage, videoId);
  return greenByThird(await decodeFrame(file, 1.5, { format: 'rgb24' }), 640, 360);
}

const videoLook = (videoId: number) =>
  db
    .selectFrom('videos')
    .select(['subtitle_style', 'custom_style'])
    .where('id', '=', videoId)
    .executeTakeFirstOrThrow();

describe("a company's own subtitle style", () => {
  it('cannot be chosen before it exists, by an upload or as the default, and charges nothing', async () => {
    const before = await balanceCents(db, owner.companyId ?? 0);
    const upload = await postMultipart(app, '/api/upload-log/hc', owner.token, await hardcodeParts('custom'));
    expect(upload.status).toBe(400);
    expect(JSON.stringify(upload.body)).toContain(STYLE_TEXTS.noCustomStyle);
    expect(await balanceCents(db, owner.companyId ?? 0)).toBe(before);
    const asDefault = await ownerApi.mutation('subtitleStyles.setCompanyDefault', { style: 'custom' });
    expect(asDefault.status).toBe(400);
    expect(asDefault.error.message).toBe(STYLE_TEXTS.noCustomStyle);
  });

  it('refuses settings outside its limits with the reason, and keeps what was there', async () => {
    const tooBig = await ownerApi.mutation('subtitleStyles.setCompanyCustom', {
      settings: { ...GREEN_AT_TOP, sizeShareOfHeight: 0.5 },
    });
    expect(tooBig.status).toBe(400);
    expect(tooBig.error.message).toContain('The text size must be at most 12%.');
    const badColour = await ownerApi.mutation('subtitleStyles.setCompanyCustom', {
      settings: { ...GREEN_AT_TOP, textColour: 'green' },
    });
    expect(badColour.status).toBe(400);
    expect(badColour.error.message).toContain(STYLE_TEXTS.colour);
    expect((await ownerApi.query('subtitleStyles.companyDefault', {})).data).toEqual({
      style: 'broadcast',
      custom: null,
    });
  });

  it('is saved as the default, and is no other company’s business', async () => {
    const foreign = await strangerApi.mutation('subtitleStyles.setCompanyCustom', {
      companyId: owner.companyId,
      settings: GREEN_AT_TOP,
    });
    expect(foreign.status).toBe(404);
    const saved = await ownerApi.mutation('subtitleStyles.setCompanyCustom', { settings: GREEN_AT_TOP });
    expect(saved.status).toBe(200);
    expect((await ownerApi.query('subtitleStyles.companyDefault', {})).data).toEqual({
      style: 'custom',
      custom: GREEN_AT_TOP,
    });
    const theirs = await strangerApi.query('subtitleStyles.companyDefault', {});
    expect(theirs.data).toEqual({ style: 'broadcast', custom: null });
  });

  it('burns its settings into an upload, which keeps its copy when the company changes its style', async () => {
    const videoId = await uploadVideo(app, '/api/upload-log/hc', owner.token, await hardcodeParts());
    expect(await videoLook(videoId)).toEqual({ subtitle_style: 'custom', custom_style: GREEN_AT_TOP });
    await runQueuedJobs(pool, services);
    await waitForVideo(db, videoId, (video) => video.hardcoded_status === 'completed');
    const green = await burnedFrame(videoId);
    expect(green.top).toBeGreaterThan(200);
    expect(green.bottom).toBe(0);

    const moved = { ...GREEN_AT_TOP, position: 'bottom' as const };
    expect((await ownerApi.mutation('subtitleStyles.setCompanyCustom', { settings: moved })).status).toBe(
      200,
    );
    expect(await videoLook(videoId)).toEqual({ subtitle_style: 'custom', custom_style: GREEN_AT_TOP });

    // Choosing the company's style again now brings its new settings: a re-burn, counted as a revision.
    const restyled = await ownerApi.mutation('subtitleStyles.restyleVideo', { id: videoId, style: 'custom' });
    expect(restyled.status).toBe(200);
    expect(await videoLook(videoId)).toEqual({ subtitle_style: 'custom', custom_style: moved });
    await runQueuedJobs(pool, services);
    await waitForVideo(db, videoId, (video) => video.hardcoded_status === 'completed');
    const after = await burnedFrame(videoId);
    expect(after.bottom).toBeGreaterThan(200);
    expect(after.top).toBe(0);
    const same = await ownerApi.mutation('subtitleStyles.restyleVideo', { id: videoId, style: 'custom' });
    expect(same.status).toBe(400);
    expect(same.error.message).toBe(STYLE_TEXTS.sameStyle);
  });
});

describe('a style preview', () => {
  it('is drawn by the burn-in renderer: the text where the settings put it, in their colour', async () => {
    const preview = await ownerApi.query('subtitleStyles.preview', { settings: GREEN_AT_TOP });
    expect(preview.status).toBe(200);
    const png = Buffer.from(preview.data.png, 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const green = greenByThird(await decodeFrame(png, 0, { format: 'rgb24' }), 480, 270);
    expect(green.top).toBeGreaterThan(200);
    expect(green.bottom).toBe(0);
  });

  it('refuses settings outside the limits with a clear 400', async () => {
    const answer = await ownerApi.query('subtitleStyles.preview', {
      settings: { ...GREEN_AT_TOP, marginShareOfHeight: 0.9 },
    });
    expect(answer.status).toBe(400);
    expect(answer.error.message).toContain('The margin must be at most 20%.');
  });
});
