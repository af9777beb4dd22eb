import { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Db } from '../../server/db/database';
import { appendLedgerEntry } from '../../server/domains/ledger/service';
import { insertVideo } from '../../server/domains/uploads/repo';
import { insertSubtitleVersion } from '../../server/domains/videos/repo';
import { cents } from '../../shared/money';
import { MAX_GLOSSARY_TERMS } from '../../shared/schemas/glossary';
import type { openTestApp } from '../support/http';
import { adminToken, signedUpUser, testCaller } from '../support/http';
import { multipartBody } from '../support/multipart';

/**
 * The isolation matrix's victim: a company seeded with one of each kind of company data, its rows'
 * ids taken from ranges of their own so the scanner (isolation-leaks.ts) can tell them in an answer.
 */

/** The victim's rows get ids from these ranges, so an id of theirs in an answer cannot be a coincidence. */
const VICTIM_ID_BASE: Record<string, number> = {
  users: 7_100_000,
  companies: 7_200_000,
  videos: 7_300_000,
  messages: 7_400_000,
  credit_ledger: 7_500_000,
  subtitle_versions: 7_600_000,
  api_tokens: 7_700_000,
  glossary_terms: 7_800_000,
  cue_comments: 7_900_000,
  company_invitations: 8_000_000,
  review_links: 8_100_000,
};
/** Where later rows' ids go, far from the victim's. */
const OTHER_ID_BASE = 3_000_000;

const VICTIM_SRT = '1\n00:00:00,000 --> 00:00:01,000\nvictim subtitles\n';
export const VICTIM_CHECKOUT = 'cs_test_victim_checkout';
export const VICTIM_DRAFT = [{ startMs: 0, endMs: 1000, text: 'victim draft' }];
export const VICTIM_INVITEE = 'victim-invitee@example.test';
/**
 * A term of the victim's glossary spelled as a word anyone may use (no trace of theirs): another
 * company adding the same spelling to its own glossary must not be told it is taken.
 */
export const VICTIM_COMMON_TERM = 'Subtitling';

export type OpenedApp = Pick<
  Awaited<ReturnType<typeof openTestApp>>,
  'app' | 'routes' | 'call' | 'db' | 'services'
>;

async function moveIdsTo(db: Db, bases: Record<string, number>) {
  for (const [table, base] of Object.entries(bases))
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), ${base})`.execute(db);
}

/**
 * The victim company with a user, a balance and its ledger line, a message, a video with subtitles and a
 * draft, a full glossary and an open invitation.
 */
export async function victimCompany(opened: OpenedApp) {
  const { call, db, app, services } = opened;
  const admin = await adminToken(call);
  await moveIdsTo(db, VICTIM_ID_BASE);
  const victim = await signedUpUser(call, 'victim');
  const companyId = victim.companyId ?? 0;
  const apiToken = await testCaller(app, victim.token).mutation('apiTokens.create', {
    name: 'victim-api-token',
    expiresInDays: null,
  });
  await testCaller(app, admin).mutation('companies.adjustCredits', {
    id: companyId,
    euros: 37, // with the €5 checkout below, €42
    reason: 'victim-ledger-note',
  });
  const message = await call('POST', '/api/messages', {
    token: admin,
    body: { data: { title: 'victim-message', message: 'for the victim only', company: companyId } },
  });
  const video = await insertVideo(db, {
    companyId,
    createdBy: victim.id,
    mode: 'hardcode',
    filename: 'victim-secret.mp4',
    title: 'victim',
    description: '',
    rso: null,
    inLan: null,
    outLan: null,
    durationSeconds: 10,
    priceCents: 10,
    sourceKey: 'videos/victim/source.mp4',
    audioStartMs: 0,
    srtStatus: 'completed',
  });
  await insertSubtitleVersion(db, {
    videoId: video,
    version: 0,
    origin: 'uploaded',
    name: 'v.srt',
    srt: VICTIM_SRT,
  });
  await db
    .insertInto('subtitle_drafts')
    .values({ video_id: video, cues: JSON.stringify(VICTIM_DRAFT), base_version: 0, updated_by: victim.id })
    .execute();
  await db
    .updateTable('videos')
    .set({ hardcoded_status: 'completed', hardcoded_key: 'videos/victim/hardcoded.mp4' })
    .where('id', '=', video)
    .execute();
  const glossaryTerm = await db
    .insertInto('glossary_terms')
    .values({ company_id: companyId, term: 'VictimBrandName', keep_as_written: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The glossary full: a count of terms that forgot the company would refuse another company's next term.
  await db
    .insertInto('glossary_terms')
    .values(
      [
        VICTIM_COMMON_TERM,
        ...Array.from({ length: MAX_GLOSSARY_TERMS - 2 }, (_, n) => `Victim term ${n}`),
      ].map((term) => ({ company_id: companyId, term, keep_as_written: false })),
    )
    .execute();
  // Its shot changes detected: a read of them would answer 200 with the times.
  await db
    .insertInto('video_shot_changes')
    .values({ video_id: video, times_ms: [4242] })
    .execute();
  // The waveform stored beside the source, as editor.peaks keeps it: a read of it would answer 200.
  await services.storage.write(
    'videos/victim/peaks.json',
    Readable.from([JSON.stringify({ samplesPerSecond: 10, peaks: [0.5, -0.5] })]),
  );
  const version = await db
    .selectFrom('subtitle_versions')
    .select('id')
    .where('video_id', '=', video)
    .executeTakeFirstOrThrow();
  const ledger = await db
    .selectFrom('credit_ledger')
    .select('id')
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  // A paid checkout, credited: an intruder asking after it must learn nothing (billing.checkoutStatus).
  await appendLedgerEntry(db, {
    companyId,
    kind: 'purchase',
    amountCents: cents(500),
    reference: VICTIM_CHECKOUT,
  });
  // A comment on a cue and a review link, as a teammate of the victim made them (issue 39).
  const victimCalls = testCaller(app, victim.token);
  const comment = await victimCalls.mutation('comments.add', {
    videoId: video,
    cueId: 'victim-cue',
    startMs: 0,
    endMs: 1000,
    body: 'victim-comment',
  });
  const reviewLink = await victimCalls.mutation('comments.createReviewLink', { videoId: video });
  // French added and ready, with its own version and burned video (issue 40).
  await db
    .insertInto('video_languages')
    .values({
      video_id: video,
      language: 'fr',
      status: 'ready',
      progress: 100,
      burn_status: 'ready',
      hardcoded_key: 'videos/victim/languages/fr-v0-1.mp4',
      created_by: victim.id,
    })
    .execute();
  await insertSubtitleVersion(db, {
    videoId: video,
    language: 'fr',
    version: 0,
    origin: 'generated',
    name: 'v.fr.srt',
    srt: '1\n00:00:00,000 --> 00:00:01,000\nvictim french subtitles\n',
  });
  const reviewLinkRow = await db
    .selectFrom('review_links')
    .select('id')
    .where('video_id', '=', video)
    .executeTakeFirstOrThrow();
  // An open invitation of the victim's company, for another company's team screen not to list.
  await victimCalls.mutation('team.invite', { email: VICTIM_INVITEE });
  const invitation = await db
    .selectFrom('company_invitations')
    .select('id')
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  const resumableUpload = await startResumableUpload(app, victim.token, 'victim-secret.mp4');
  await moveIdsTo(db, Object.fromEntries(Object.keys(VICTIM_ID_BASE).map((table) => [table, OTHER_ID_BASE])));
  const ids = {
    company: companyId,
    user: victim.id,
    message: message.body.data.id as number,
    video,
    version: version.id,
    ledger: Number(ledger.id),
    apiToken: apiToken.data.id as number,
    glossaryTerm: glossaryTerm.id,
    comment: comment.data.id as number,
    reviewToken: String(reviewLink.data.url).split('/review/')[1] ?? '',
    reviewLink: reviewLinkRow.id,
    invitation: invitation.id,
  };
  return { victim, ids, admin, resumableUpload };
}

/** A hardcode upload over tus as the holder of `token`, its SRT sent first and its bytes still to come. */
export async function startResumableUpload(
  app: OpenedApp['app'],
  token: string,
  filename: string,
): Promise<string> {
  const form = multipartBody([{ name: 'fileSub', filename: 'victim.srt', content: Buffer.from(VICTIM_SRT) }]);
  const srt = await app.inject({
    method: 'POST',
    url: '/api/videos/uploads/srt',
    headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType },
    payload: form.body,
  });
  const metadata = { mode: 'hardcode', filename, srt: srt.json().data.id as string };
  const created = await app.inject({
    method: 'POST',
    url: '/api/videos/uploads/tus',
    headers: {
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'upload-length': '1000',
      'upload-metadata': Object.entries(metadata)
        .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
        .join(','),
    },
  });
  const location = String(created.headers.location ?? '');
  if (created.statusCode !== 201 || !location)
    throw new Error(`resumable upload not created: ${created.body}`);
  return location.slice(location.lastIndexOf('/') + 1);
}
