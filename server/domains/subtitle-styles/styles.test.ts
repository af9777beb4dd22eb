import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_REVISIONS } from '../../../shared/limits';
import { STYLE_TEXTS } from '../../../shared/schemas/subtitle-styles';
import { VIDEO_TEXTS } from '../../../shared/schemas/videos';
import { clipArguments } from '../../../test/support/clip-recipe';
import { balanceCents } from '../../../test/support/database';
import {
  adminToken,
  payingUser,
  postMultipart,
  signedUpUser,
  testApp,
  testCaller,
  uploadVideo,
} from '../../../test/support/http';
import { runQueuedJobs } from '../../../test/support/jobs';
import { CLIPS_DIR, decodeFrame, media } from '../../../test/support/media';
import { filePart, type Part } from '../../../test/support/multipart';
import { hardcodedFileOnDisk, waitForVideo } from '../../../test/support/videos';

const run = promisify(execFile);
const { app, call, db, pool, services } = await testApp();
const owner = await payingUser(call, 'stylist');
const colleague = await signedUpUser(call, 'style-colleague', false);
const stranger = await payingUser(call, 'style-stranger');
const ownerApi = testCaller(app, owner.token);
const colleagueApi = testCaller(app, colleague.token);
const strangerApi = testCaller(app, stranger.token);
const adminApi = testCaller(app, await adminToken(call));

const SRT = '1\n00:00:00,000 --> 00:00:03,000\nSubtitles in the style you chose\n';
/** A plain grey picture: no test-pattern colour is taken for the yellow of the subtitles. */
const greyClip = `${CLIPS_DIR}/styles-grey-3s.mp4`;

beforeAll(async () => {
  await run(
    media.ffmpeg,
    clipArguments({ seconds: 3, picture: 'color=c=0x808080:size=640x360:rate=25', sound: 'tone' }, greyClip),
  );
  await db.updateTable('users').set({ company_id: owner.companyId }).where('id', '=', colleague.id).execute();
});

async function hardcodeParts(style?: string): Promise<Part[]> {
  return [
    ...(style === undefined ? [] : [{ name: 'subtitle_style', value: style }]),
    { name: 'fileSub', filename: 'talk.srt', content: SRT },
    await filePart('fileVideo', greyClip, 'talk.mp4', 'video/mp4'),
  ];
}

const styleOf = async (videoId: number) =>
  (await db.selectFrom('videos').select('subtitle_style').where('id', '=', videoId).executeTakeFirstOrThrow())
    .subtitle_style;

/** Pixels of the burned frame's lower third that are yellow (the yellow style's text). */
async function yellowPixels(videoId: number): Promise<number> {
  const file = await hardcodedFileOnDisk(db, services.storage, videoId);
  const pixels = await decodeFrame(file, 1.5, { format: 'rgb24', filter: 'crop=640:120:0:240' });
  let yellow = 0;
  for (let index = 0; index + 2 < pixels.length; index += 3) {
    const [red = 0, green = 0, blue = 0] = [pixels[index], pixels[index + 1], pixels[index + 2]];
    if (red > 200 && green > 180 && blue < 90) yellow++;
  }
  return yellow;
}

describe("a company's default subtitle style", () => {
  it('starts as Broadcast, is set by the company admin and read by its users', async () => {
    expect((await ownerApi.query('subtitleStyles.companyDefault', {})).data).toEqual({
      style: 'broadcast',
      custom: null,
    });
    const set = await ownerApi.mutation('subtitleStyles.setCompanyDefault', { style: 'boxed' });
    expect(set.status).toBe(200);
    expect((await colleagueApi.query('subtitleStyles.companyDefault', {})).data).toEqual({
      style: 'boxed',
      custom: null,
    });
  });

  it('is set by a user of the company who is not its admin too, and another company sees nothing of it', async () => {
    const byColleague = await colleagueApi.mutation('subtitleStyles.setCompanyDefault', { style: 'large' });
    expect(byColleague.status).toBe(200);
    expect((await ownerApi.query('subtitleStyles.companyDefault', {})).data).toEqual({
      style: 'large',
      custom: null,
    });
    expect((await colleagueApi.mutation('subtitleStyles.setCompanyDefault', { style: 'boxed' })).status).toBe(
      200,
    );
    const foreign = await strangerApi.query('subtitleStyles.companyDefault', { companyId: owner.companyId });
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign)).not.toContain('boxed');
    const foreignSet = await strangerApi.mutation('subtitleStyles.setCompanyDefault', {
      companyId: owner.companyId,
      style: 'large',
    });
    expect(foreignSet.status).toBe(404);
    expect(JSON.stringify(foreignSet)).not.toContain('boxed');
    // Without a companyId the stranger sets their own company's default, never the owner's.
    expect(
      (await strangerApi.mutation('subtitleStyles.setCompanyDefault', { style: 'classic' })).status,
    ).toBe(200);
    expect((await strangerApi.query('subtitleStyles.companyDefault', {})).data).toEqual({
      style: 'classic',
      custom: null,
    });
    expect((await ownerApi.query('subtitleStyles.companyDefault', {})).data).toEqual({
      style: 'boxed',
      custom: null,
    });
  });

  it('is set by a platform admin for any company; an unknown style is a clear 400', async () => {
    const companyId = stranger.companyId;
    expect(
      (await adminApi.mutation('subtitleStyles.setCompanyDefault', { companyId, style: 'large' })).status,
    ).toBe(200);
    expect((await strangerApi.query('subtitleStyles.companyDefault', {})).data).toEqual({
      style: 'large',
      custom: null,
    });
    const unknown = await adminApi.mutation('subtitleStyles.setCompanyDefault', { companyId, style: 'neon' });
    expect(unknown.status).toBe(400);
    expect(unknown.error.message).toContain(STYLE_TEXTS.unknownStyle);
  });
});

describe('an upload', () => {
  it("without a style (a legacy client) gets the company's default", async () => {
    const videoId = await uploadVideo(app, '/api/upload-log/hc', owner.token, await hardcodeParts());
    expect(await styleOf(videoId)).toBe('boxed');
  });

  it('keeps the style it chose, and an unknown one is refused before any charge', async () => {
    const chosen = await uploadVideo(app, '/api/upload-log/hc', owner.token, await hardcodeParts('yellow'));
    expect(await styleOf(chosen)).toBe('yellow');
    const before = await balanceCents(db, owner.companyId ?? 0);
    const refused = await postMultipart(app, '/api/upload-log/hc', owner.token, await hardcodeParts('neon'));
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(STYLE_TEXTS.unknownStyle);
    expect(await balanceCents(db, owner.companyId ?? 0)).toBe(before);
  });
});

describe('burning in and re-styling', () => {
  it('burns in the chosen style, and a new style is a revision that burns again', async () => {
    const videoId = await uploadVideo(app, '/api/upload-log/hc', owner.token, await hardcodeParts('yellow'));
    await runQueuedJobs(pool, services);
    await waitForVideo(db, videoId, (video) => video.hardcoded_status === 'completed');
    expect(await yellowPixels(videoId)).toBeGreaterThan(200);

    const same = await ownerApi.mutation('subtitleStyles.restyleVideo', { id: videoId, style: 'yellow' });
    expect(same.status).toBe(400);
    expect(same.error.message).toBe(STYLE_TEXTS.sameStyle);

    const foreign = await strangerApi.mutation('subtitleStyles.restyleVideo', {
      id: videoId,
      style: 'large',
    });
    expect(foreign.status).toBe(404);

    const restyled = await ownerApi.mutation('subtitleStyles.restyleVideo', { id: videoId, style: 'large' });
    expect(restyled.status).toBe(200);
    const pending = await db
      .selectFrom('videos')
      .selectAll()
      .where('id', '=', videoId)
      .executeTakeFirstOrThrow();
    expect(pending).toMatchObject({ subtitle_style: 'large', revisions: 1, hardcoded_status: 'polling' });
    const versions = await db
      .selectFrom('subtitle_versions')
      .select(['version', 'srt_content'])
      .where('video_id', '=', videoId)
      .orderBy('version')
      .execute();
    expect(versions.map((version) => version.version)).toEqual([0, 1]);
    expect(versions[1]?.srt_content).toBe(versions[0]?.srt_content);

    await runQueuedJobs(pool, services);
    await waitForVideo(db, videoId, (video) => video.hardcoded_status === 'completed');
    expect(await yellowPixels(videoId)).toBeLessThan(20);
  });

  it('counts against the free revisions: after them a new style is refused', async () => {
    const videoId = await uploadVideo(app, '/api/upload-log/hc', owner.token, await hardcodeParts('classic'));
    await runQueuedJobs(pool, services);
    const styles = ['boxed', 'yellow', 'large'] as const;
    for (const [index, style] of styles.entries()) {
      await waitForVideo(db, videoId, (video) => video.hardcoded_status === 'completed');
      const answer = await ownerApi.mutation('subtitleStyles.restyleVideo', { id: videoId, style });
      if (index < MAX_REVISIONS) {
        expect(answer.status).toBe(200);
        await runQueuedJobs(pool, services);
      } else {
        expect(answer.status).toBe(409);
        expect(answer.error.message).toBe(VIDEO_TEXTS.revisionsUsedUp);
      }
    }
    expect(await styleOf(videoId)).toBe('yellow');
  });

  it('takes a style with the editor\'s "save and burn in"', async () => {
    const videoId = await uploadVideo(
      app,
      '/api/upload-log/hc',
      owner.token,
      await hardcodeParts('broadcast'),
    );
    await runQueuedJobs(pool, services);
    await waitForVideo(db, videoId, (video) => video.hardcoded_status === 'completed');
    const opened = await ownerApi.query('editor.open', { id: videoId });
    expect(opened.data.video.style).toBe('broadcast');
    const cues = [{ startMs: 0, endMs: 2500, text: 'Edited and boxed' }];
    const saved = await ownerApi.mutation('editor.saveDraft', { id: videoId, cues, revision: 0 });
    expect(saved.status).toBe(200);
    const burned = await ownerApi.mutation('editor.saveAndBurnIn', {
      id: videoId,
      revision: saved.data.revision,
      style: 'boxed',
    });
    expect(burned.status).toBe(200);
    expect(await styleOf(videoId)).toBe('boxed');
  });
});
