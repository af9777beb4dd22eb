import { strFromU8, unzipSync } from 'fflate';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { adminToken, payingUser, testApp, testCaller } from '../../../test/support/http';
import { insertHardcodeVideo } from '../../../test/support/videos';
import { insertSubtitleVersion } from '../videos/repo';

const { app, call, db } = await testApp();
const admin = testCaller(app, await adminToken(call));

async function videoWithSubtitles(companyId: number, userId: number, title: string, texts: string[]) {
  const videoId = await insertHardcodeVideo(
    db,
    { id: userId, companyId },
    { title, durationSeconds: 10, sourceKey: `videos/${title}/source.mp4` },
  );
  for (const [version, text] of texts.entries())
    await insertSubtitleVersion(db, {
      videoId,
      version,
      origin: version === 0 ? 'uploaded' : 'revision',
      name: `${title}.srt`,
      srt: `1\n00:00:00,000 --> 00:00:01,000\n${text}\n`,
    });
  return videoId;
}

async function download(token?: string) {
  const response = await app.inject({
    method: 'GET',
    url: '/api/company-export',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return response;
}

describe('the company export', () => {
  it("holds every video's SRT versions, the video index and the ledger as CSV, and nothing of another company", async () => {
    const mine = await payingUser(call, 'exporter-zip', 5);
    const theirs = await payingUser(call, 'other-zip', 7);
    const companyId = mine.companyId ?? 0;
    await admin.mutation('companies.adjustCredits', {
      id: companyId,
      euros: -1.5,
      reason: '=Goodwill, "returned"',
    });
    const talk = await videoWithSubtitles(companyId, mine.id, 'Quarterly talk', [
      'first words',
      'edited words',
    ]);
    // An added language's versions (issue 40) number apart, and are exported under its code.
    await insertSubtitleVersion(db, {
      videoId: talk,
      language: 'fr',
      version: 0,
      origin: 'generated',
      name: 'Quarterly talk.fr.srt',
      srt: '1\n00:00:00,000 --> 00:00:01,000\nmots français\n',
    });
    const deleted = await videoWithSubtitles(companyId, mine.id, 'Deleted talk', ['gone words']);
    await db.updateTable('videos').set({ deleted_at: new Date() }).where('id', '=', deleted).execute();
    const theirVideo = await videoWithSubtitles(theirs.companyId ?? 0, theirs.id, 'Their secret', [
      'their words',
    ]);
    const comment = (videoId: number, authorId: number, startMs: number, body: string) =>
      db
        .insertInto('cue_comments')
        .values({
          video_id: videoId,
          cue_id: 'c',
          start_ms: startMs,
          end_ms: startMs + 1500,
          body,
          author_id: authorId,
        })
        .execute();
    await comment(talk, mine.id, 2000, 'Too fast, "really"');
    await comment(talk, mine.id, 61_250, '=SUM(A1)');
    await db
      .updateTable('cue_comments')
      .set({ resolved_at: new Date('2026-01-02T03:04:05Z'), resolved_by: mine.id })
      .where('body', '=', '=SUM(A1)')
      .execute();
    await comment(deleted, mine.id, 0, 'gone comment');
    await comment(theirVideo, theirs.id, 0, 'their comment');

    const response = await download(mine.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`attachment; filename="company-${companyId}-export-\\d{4}-\\d{2}-\\d{2}\\.zip"`),
    );
    const files = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(files).sort()).toEqual([
      'comments.csv',
      'ledger.csv',
      `subtitles/${talk}/Quarterly talk.fr.v0-generated.srt`,
      `subtitles/${talk}/Quarterly talk.v0-uploaded.srt`,
      `subtitles/${talk}/Quarterly talk.v1-revision.srt`,
      'videos.csv',
    ]);
    const text = (name: string) => strFromU8(files[name] ?? new Uint8Array());
    expect(text(`subtitles/${talk}/Quarterly talk.v0-uploaded.srt`)).toContain('first words');
    expect(text(`subtitles/${talk}/Quarterly talk.v1-revision.srt`)).toContain('edited words');
    expect(text(`subtitles/${talk}/Quarterly talk.fr.v0-generated.srt`)).toContain('mots français');

    const videos = text('videos.csv').trim().split('\r\n');
    expect(videos[0]).toBe(
      'id,uploaded,file,title,mode,input,output,srt_status,video_status,seconds,price_eur',
    );
    expect(videos).toHaveLength(2);
    expect(videos[1]).toMatch(
      new RegExp(`^${talk},[^,]+,Quarterly talk.mp4,Quarterly talk,hardcode,,,completed,polling,10,0.10$`),
    );

    const ledger = text('ledger.csv').trim().split('\r\n');
    expect(ledger[0]).toBe('id,date,kind,amount_eur,balance_after_eur,video_id,reference,note');
    expect(ledger.slice(1).map((line) => line.split(',').slice(2, 5).join(','))).toEqual([
      'adjustment,5.00,5.00',
      'adjustment,-1.50,3.50',
    ]);
    expect(ledger[2]).toContain('"\'=Goodwill, ""returned"""');

    const comments = text('comments.csv').trim().split('\r\n');
    expect(comments[0]).toBe('video_id,cue_start,cue_end,comment,author,created,resolved,resolved_by');
    const author = mine.email.split('@')[0];
    const withoutCreated = (line: string) => line.replace(/,\d{4}-\d\d-\d\dT[\d:.]+Z,/, ',<created>,');
    expect(comments.slice(1).map(withoutCreated)).toEqual([
      `${talk},00:00:02.000,00:00:03.500,"Too fast, ""really""",${author},<created>,,`,
      `${talk},00:01:01.250,00:01:02.750,'=SUM(A1),${author},<created>,2026-01-02T03:04:05.000Z,${author}`,
    ]);

    const everything = Object.values(files)
      .map((file) => strFromU8(file))
      .join('\n');
    for (const foreign of [
      'Their secret',
      'their words',
      'their comment',
      'gone words',
      'gone comment',
      'Deleted talk',
      '7.00',
    ])
      expect(everything).not.toContain(foreign);
  });

  it('pages through a large company with every SRT once', async () => {
    const big = await payingUser(call, 'big-exporter', 1);
    const companyId = big.companyId ?? 0;
    await sql`
      insert into videos (company_id, created_by, mode, filename, title, duration_seconds, price_cents, srt_status)
      select ${companyId}, ${big.id}, 'hardcode', 'clip' || n || '.mp4', 'Clip ' || n, 5, 5, 'completed'
        from generate_series(1, 450) n`.execute(db);
    await sql`
      insert into subtitle_versions (video_id, version, origin, name, srt_content)
      select id, 0, 'uploaded', 'c.srt', '1' || chr(10) || '00:00:00,000 --> 00:00:01,000' || chr(10) || title
        from videos where company_id = ${companyId}`.execute(db);
    // Pages end inside a video's languages as well as between videos.
    await sql`
      insert into subtitle_versions (video_id, language, version, origin, name, srt_content)
      select id, lang, 0, 'generated', 'c.srt', '1' || chr(10) || '00:00:00,000 --> 00:00:01,000' || chr(10) || lang
        from videos, unnest(array['de', 'fr']) lang where company_id = ${companyId}`.execute(db);
    const files = unzipSync(new Uint8Array((await download(big.token)).rawPayload));
    const srts = Object.keys(files).filter((name) => name.startsWith('subtitles/'));
    expect(srts).toHaveLength(3 * 450);
    expect(
      strFromU8(files['videos.csv'] ?? new Uint8Array())
        .trim()
        .split('\r\n'),
    ).toHaveLength(451);
  });

  it('is refused to an anonymous caller and answers a user without a company not found', async () => {
    expect((await download()).statusCode).toBe(401);
    const admin = await adminToken(call);
    expect((await download(admin)).statusCode).toBe(404);
  });
});
