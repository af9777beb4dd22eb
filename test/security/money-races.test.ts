import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { findLedgerMismatches } from '../../server/domains/ledger/invariant';
import { appendLedgerEntry } from '../../server/domains/ledger/service';
import { insertVideo } from '../../server/domains/uploads/repo';
import { failVideo } from '../../server/domains/videos/failure';
import { insertSubtitleVersion } from '../../server/domains/videos/repo';
import { jobs as catalog } from '../../server/jobs/catalog';
import { MAX_REVISIONS } from '../../shared/limits';
import { cents } from '../../shared/money';
import { startFakeStripe } from '../fakes/stripe';
import { balanceCents } from '../support/database';
import { recordFigure } from '../support/figures';
import { adminToken, signedUpUser, testApp } from '../support/http';
import { multipartBody } from '../support/multipart';

/**
 * Money moved by racing requests against the real database, each race run 20 times: Stripe
 * deliveries replayed and out of order credit a payment once; an admin refund racing a free
 * revision and the automatic refund of a failed step refunds a video once. After each race every
 * balance equals the sum of its ledger (the check `npm run ledger:check` runs, which ends the file).
 */
const ITERATIONS = 20;
const SECRET = 'whsec_money_races_secret';
const fakeStripe = await startFakeStripe({ webhookUrl: 'http://127.0.0.1:1/unused', webhookSecret: SECRET });
afterAll(() => fakeStripe.close());
const { app, call, db, databaseUrl } = await testApp({
  STRIPE_SECRET_KEY: 'sk_test_local_fake',
  STRIPE_WEBHOOK_SECRET: SECRET,
  STRIPE_API_BASE: fakeStripe.url,
  RATE_LIMIT_UPLOADS_PER_HOUR: '100000',
});
const admin = await adminToken(call);
const user = await signedUpUser(call, 'racer');
const companyId = user.companyId ?? 0;
const signer = new Stripe('sk_test_signer');

function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(Math.random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

function stripeEvent(
  type: string,
  sessionId: string,
  amount: number,
  paymentStatus: string,
  created: number,
) {
  return JSON.stringify({
    id: `evt_${sessionId}_${type}_${paymentStatus}`,
    object: 'event',
    type,
    created,
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        client_reference_id: String(companyId),
        amount_total: amount,
        currency: 'eur',
        payment_status: paymentStatus,
      },
    },
  });
}

async function deliver(payload: string) {
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret: SECRET });
  const response = await app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
  return { status: response.statusCode, outcome: response.json().outcome as string | undefined };
}

/** A video of the racer's company, charged as an upload charges it. */
async function chargedVideo({
  delivered,
  revisionsUsed = 0,
}: {
  delivered: boolean;
  revisionsUsed?: number;
}) {
  await appendLedgerEntry(db, { companyId, kind: 'purchase', amountCents: cents(30) });
  const videoId = await insertVideo(db, {
    companyId,
    createdBy: user.id,
    mode: 'hardcode',
    filename: 'race.mp4',
    title: '',
    description: '',
    rso: null,
    inLan: null,
    outLan: null,
    durationSeconds: 120,
    priceCents: 30,
    sourceKey: 'videos/race/source.mp4',
    audioStartMs: 0,
    srtStatus: 'completed',
  });
  await appendLedgerEntry(db, {
    companyId,
    kind: 'charge',
    amountCents: cents(-30),
    videoId,
    reference: `video:${videoId}`,
  });
  await insertSubtitleVersion(db, {
    videoId,
    version: 0,
    origin: 'uploaded',
    name: 'race.srt',
    srt: '1\n00:00:00,000 --> 00:00:01,000\nRace\n',
  });
  if (delivered)
    await db
      .updateTable('videos')
      .set({
        hardcoded_status: 'completed',
        hardcoded_key: `videos/race/${videoId}/hardcoded.mp4`,
        revisions: revisionsUsed,
      })
      .where('id', '=', videoId)
      .execute();
  return videoId;
}

async function adminRefund(videoId: number) {
  const response = await app.inject({
    method: 'POST',
    url: '/trpc/videos.refund',
    payload: JSON.stringify({ id: videoId }),
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
  });
  return response.statusCode;
}

async function revision(videoId: number, attempt: number) {
  const { body, contentType } = multipartBody([
    { name: 'id', value: String(videoId) },
    {
      name: 'file',
      filename: `edited-${attempt}.srt`,
      content: Buffer.from(`1\n00:00:00,000 --> 00:00:01,000\nEdited ${attempt}\n`),
    },
  ]);
  const response = await app.inject({
    method: 'POST',
    url: '/api/upload-srt',
    payload: body,
    headers: { 'content-type': contentType, authorization: `Bearer ${user.token}` },
  });
  return response.statusCode;
}

async function refundsOf(videoId: number) {
  const rows = await db
    .selectFrom('credit_ledger')
    .select(['kind', 'amount_cents'])
    .where('video_id', '=', videoId)
    .orderBy('id')
    .execute();
  return rows.map((row) => [row.kind, Number(row.amount_cents)]);
}

describe('Stripe deliveries replayed and out of order', () => {
  it(`credit each paid session exactly once (${ITERATIONS} races)`, async () => {
    for (let iteration = 0; iteration < ITERATIONS; iteration++) {
      const before = await balanceCents(db, companyId);
      const sessionId = `cs_test_race_${iteration}`;
      const amount = 100 + iteration;
      const now = Math.floor(Date.now() / 1000);
      const deliveries = [
        // The session completed before its (delayed) payment succeeded: older events, unpaid then.
        stripeEvent('checkout.session.completed', sessionId, amount, 'unpaid', now - 60),
        stripeEvent('checkout.session.async_payment_succeeded', sessionId, amount, 'paid', now),
        // Stripe retries a delivery it thinks was lost; an expired event is noise.
        stripeEvent('checkout.session.async_payment_succeeded', sessionId, amount, 'paid', now),
        stripeEvent('checkout.session.completed', sessionId, amount, 'paid', now),
        stripeEvent('checkout.session.completed', sessionId, amount, 'paid', now),
        stripeEvent('checkout.session.expired', sessionId, amount, 'unpaid', now - 120),
      ];
      const concurrent = await Promise.all(shuffled(deliveries).map(deliver));
      // Then all of them again, one by one, the oldest last.
      const replayed: Awaited<ReturnType<typeof deliver>>[] = [];
      for (const payload of [...deliveries].reverse()) replayed.push(await deliver(payload));

      const answers = [...concurrent, ...replayed];
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      expect(answers.filter((answer) => answer.outcome === 'credited')).toHaveLength(1);
      expect(await balanceCents(db, companyId)).toBe(before + amount);
      const purchases = await db
        .selectFrom('credit_ledger')
        .select('amount_cents')
        .where('reference', '=', sessionId)
        .execute();
      expect(purchases.map((row) => Number(row.amount_cents))).toEqual([amount]);
      expect(await findLedgerMismatches(db)).toEqual([]);
    }
    recordFigure('money races run', ITERATIONS, 'Stripe deliveries replayed and out of order');
  }, 60_000);
});

type Step = 'revision' | 'admin refund' | 'automatic failure';

/** Runs the steps at once, in a random order; answers each kind's outcomes (HTTP statuses). */
async function race(videoId: number, steps: Step[]) {
  let attempt = 0;
  const run = (step: Step) => {
    if (step === 'revision') return revision(videoId, ++attempt);
    if (step === 'admin refund') return adminRefund(videoId);
    return failVideo(db, videoId, ['hardcoded_status'], {
      customer: 'burn-in failed for good',
      cause: 'burn-in failed for good',
    }).then(() => 0);
  };
  const results = await Promise.all(shuffled(steps).map(async (step) => [step, await run(step)] as const));
  return (step: Step) => results.filter(([kind]) => kind === step).map(([, status]) => status);
}

describe('an admin refund racing a revision and the automatic refund', () => {
  it(`refunds a delivered video once while free revisions land, at most ${MAX_REVISIONS} (${ITERATIONS} races)`, async () => {
    for (let iteration = 0; iteration < ITERATIONS; iteration++) {
      // Revisions left: 2, 1 or none; half the races also see a burn-in fail for good (the video
      // was delivered, so that failure refunds nothing).
      const revisionsUsed = iteration % (MAX_REVISIONS + 1);
      const failing = iteration % 2 === 1;
      const videoId = await chargedVideo({ delivered: true, revisionsUsed });
      const before = await balanceCents(db, companyId);
      const outcomes = await race(videoId, [
        'revision',
        'revision',
        'revision',
        'admin refund',
        'admin refund',
        ...(failing ? (['automatic failure'] as const) : []),
      ]);

      expect(outcomes('admin refund').sort()).toEqual([200, 409]);
      expect(await refundsOf(videoId)).toEqual([
        ['charge', -30],
        ['refund', 30],
      ]);
      expect(await balanceCents(db, companyId)).toBe(before + 30);
      const revisions = outcomes('revision');
      expect(revisions.every((status) => status === 200 || status === 409)).toBe(true);
      // The first revision in starts a new burn-in, so the others find the video busy.
      const accepted = revisions.filter((status) => status === 200).length;
      if (revisionsUsed === MAX_REVISIONS) expect(accepted).toBe(0);
      else if (!failing) expect(accepted).toBe(1);
      else expect(accepted).toBeLessThanOrEqual(1);
      const row = await db
        .selectFrom('videos')
        .select('revisions')
        .where('id', '=', videoId)
        .executeTakeFirstOrThrow();
      expect(row.revisions).toBe(revisionsUsed + accepted);
      expect(row.revisions).toBeLessThanOrEqual(MAX_REVISIONS);
      const versions = await db
        .selectFrom('subtitle_versions')
        .select('version')
        .where('video_id', '=', videoId)
        .execute();
      expect(versions).toHaveLength(1 + accepted);
      const jobs = await sql<{ n: string }>`
        select count(*) as n from graphile_worker.jobs where key = ${catalog.burnInVideo.key({ videoId })}`.execute(
        db,
      );
      expect(Number(jobs.rows[0]?.n)).toBe(accepted > 0 ? 1 : 0);
      expect(await findLedgerMismatches(db)).toEqual([]);
    }
    recordFigure('money races run', ITERATIONS, 'admin refund racing revisions and a failure');
  }, 60_000);

  it(`refunds a failed video once, by the admin or automatically, never both (${ITERATIONS} races)`, async () => {
    for (let iteration = 0; iteration < ITERATIONS; iteration++) {
      const videoId = await chargedVideo({ delivered: false });
      const before = await balanceCents(db, companyId);
      const outcomes = await race(videoId, [
        'admin refund',
        'admin refund',
        'automatic failure',
        'automatic failure',
        'automatic failure',
        'revision',
      ]);

      // The admin's refund either won (one 200) or found the automatic one done (409s).
      const refunds = outcomes('admin refund').sort();
      expect([
        [200, 409],
        [409, 409],
      ]).toContainEqual(refunds);
      // Not delivered, so not ready for a revision: refused, charging nothing.
      expect(outcomes('revision')).toEqual([409]);
      expect(await refundsOf(videoId)).toEqual([
        ['charge', -30],
        ['refund', 30],
      ]);
      expect(await balanceCents(db, companyId)).toBe(before + 30);
      expect(await findLedgerMismatches(db)).toEqual([]);
    }
    recordFigure('money races run', ITERATIONS, 'admin refund racing the automatic refund');
  }, 60_000);
});

describe('npm run ledger:check', () => {
  it('finds every balance equal to the sum of its ledger after the races', async () => {
    const run = promisify(execFile);
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/ledger-check.ts'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, DATABASE_URL: databaseUrl },
    });
    expect(stdout).toMatch(/^\d+ companies checked, 0 mismatched$/m);
  }, 30_000);
});
