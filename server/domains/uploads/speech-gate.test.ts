import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_MODEL_FILE } from '../../../test/fakes/model-server';
import { balanceCents } from '../../../test/support/database';
import { adminToken, payingUser, postMultipart, testApp } from '../../../test/support/http';
import { makeClip } from '../../../test/support/media';
import { filePart, type Part } from '../../../test/support/multipart';

/**
 * Generate mode is refused before anything is charged while the speech engine cannot run (here:
 * WHISPER_MODEL names a file not there yet), and taken as soon as the model is in place.
 */
const modelDir = await mkdtemp(path.join(os.tmpdir(), 'speech-gate-'));
afterAll(() => rm(modelDir, { recursive: true, force: true }));
const modelFile = path.join(modelDir, 'ggml-placed-later.bin');
const { app, call, db } = await testApp({ WHISPER_MODEL: modelFile });

const send = (url: string, token: string, parts: Part[]) => postMultipart(app, url, token, parts);

async function generateParts(): Promise<Part[]> {
  return [
    { name: 'rso', value: 'full-text' },
    { name: 'in_lan', value: 'en' },
    { name: 'out_lan', value: 'en' },
    await filePart('file', await makeClip('speech-gate-4s.mp4', { seconds: 4 }), 'talk.mp4', 'video/mp4'),
  ];
}

async function speechState() {
  const response = await app.inject({ method: 'GET', url: '/trpc/videos.speech' });
  return response.json().result.data;
}

const videosOf = (companyId: number) =>
  db.selectFrom('videos').select('mode').where('company_id', '=', companyId).execute();

describe('generate mode while the speech engine cannot run', () => {
  it('is refused before charging, in plain words, while burn-in of own subtitles stays open', async () => {
    const user = await payingUser(call, 'speech-gate');
    const companyId = user.companyId ?? 0;
    const before = await balanceCents(db, companyId);

    expect(await speechState()).toEqual({ state: 'unavailable' });
    const refused = await send('/api/upload-log', user.token, await generateParts());
    expect(refused.status).toBe(503);
    expect(refused.body.error.message).toBe(
      'Automatic subtitles are not available right now; the team has been told. You can already upload a video with your own subtitles.',
    );
    expect(JSON.stringify(refused.body)).not.toContain(modelFile);
    expect(await balanceCents(db, companyId)).toBe(before);
    expect(await videosOf(companyId)).toEqual([]);

    const hardcode = await send('/api/upload-log/hc', user.token, [
      await filePart(
        'fileVideo',
        await makeClip('speech-gate-4s.mp4', { seconds: 4 }),
        'own.mp4',
        'video/mp4',
      ),
      { name: 'fileSub', filename: 'own.srt', content: '1\n00:00:00,500 --> 00:00:02,000\nHello\n' },
    ]);
    expect(hardcode.status).toBe(200);

    await copyFile(TEST_MODEL_FILE, modelFile);
    expect(await speechState()).toEqual({ state: 'ready' });
    const accepted = await send('/api/upload-log', user.token, await generateParts());
    expect(accepted.status).toBe(200);
    expect((await videosOf(companyId)).map((video) => video.mode).sort()).toEqual(['generate', 'hardcode']);
    expect(await balanceCents(db, companyId)).toBeLessThan(before);
  });

  it('shows admins which engine runs and its state, and no one else', async () => {
    const user = await payingUser(call, 'speech-gate-admin');
    const asAdmin = await app.inject({
      method: 'GET',
      url: '/trpc/health.engines',
      headers: { authorization: `Bearer ${await adminToken(call)}` },
    });
    expect(asAdmin.statusCode).toBe(200);
    const engines = asAdmin.json().result.data;
    expect(engines.description).toContain(`local Whisper, model file ${modelFile}`);
    expect(['ready', 'unavailable']).toContain(engines.speech.state);
    const asUser = await app.inject({
      method: 'GET',
      url: '/trpc/health.engines',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(asUser.statusCode).toBe(403);
    expect(asUser.body).not.toContain('WHISPER_MODEL');
  });
});
