import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { findLedgerMismatches } from '../../server/domains/ledger/invariant';
import { appendLedgerEntry } from '../../server/domains/ledger/service';
import { currentPriceList } from '../../server/domains/prices/service';
import { insertVideo } from '../../server/domains/uploads/repo';
import { failVideo } from '../../server/domains/videos/failure';
import { insertSubtitleVersion } from '../../server/domains/videos/repo';
import { cents } from '../../shared/money';
import { priceFor } from '../../shared/pricing';
import { balanceCents } from '../support/database';
import { recordFigure } from '../support/figures';
import { adminToken, signedUpUser, testApp } from '../support/http';
import { makeClip } from '../support/media';
import { multipartBody } from '../support/multipart';

/**
 * Every transaction that touches a company row, run at once against one company, many rounds:
 * uploads charging it (legacy REST), free revisions, refunds by an admin (tRPC) and automatic ones,
 * admin credit changes (tRPC and REST). Never a 5xx; every upload is accepted while the balance pays
 * for it and refused with 402 and the missing amount when it does not; the ledger adds up to the
 * balance and the kept video count to the videos.
 */
const ROUNDS = 20;
const UPLOADS = 12;
const AFFORDABLE = 5;
const { app, call, db } = await testApp({ RATE_LIMIT_UPLOADS_PER_HOUR: '100000' });
const admin = await adminToken(call);
const user = await signedUpUser(call, 'company-row');
const companyId = user.companyId ?? 0;
const SRT = Buffer.from('1\n00:00:00,500 --> 00:00:02,000\nHello\n');
let clip: Buffer;
let price: number;

beforeAll(async () => {
  clip = await readFile(await makeClip('company-row-8s.mp4', { seconds: 8 }));
  price = priceFor(8, await currentPriceList(db));
  expect(price).toBeGreaterThan(0);
});

interface Answer {
  status: number;
  missingCents?: number;
}

async function answerOf(response: { statusCode: number; body: string }): Promise<Answer> {
  const body = response.body ? JSON.parse(response.body) : {};
  return { status: response.statusCode, missingCents: body?.error?.details?.missingCents };
}

async function upload(): Promise<Answer> {
  const { body, contentType } = multipartBody([
    { name: 'fileVideo', filename: 'race.mp4', content: clip, type: 'video/mp4' },
    { name: 'fileSub', filename: 'race.srt', content: SRT },
  ]);
  return answerOf(
    await app.inject({
      method: 'POST',
      url: '/api/upload-log/hc',
      payload: body,
      headers: { 'content-type': contentType, authorization: `Bearer ${user.token}` },
    }),
  );
}

async function revision(videoId: number): Promise<Answer> {
  const { body, contentType } = multipartBody([
    { name: 'id', value: String(videoId) },
    { name: 'file', filename: 'edited.srt', content: SRT },
  ]);
  return answerOf(
    await app.inject({
      method: 'POST',
      url: '/api/upload-srt',
      payload: body,
      headers: { 'content-type': contentType, authorization: `Bearer ${user.token}` },
    }),
  );
}

async function trpc(procedure: string, input: unknown): Promise<Answer> {
  return answerOf(
    await app.inject({
      method: 'POST',
      url: `/trpc/${procedure}`,
      payload: JSON.stringify(input),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
    }),
  );
}

async function restCredits(euros: number): Promise<Answer> {
  const { status } = await call('PUT', `/api/companies/${companyId}`, {
    token: admin,
    body: { data: { credits: euros } },
  });
  return { status };
}

/** A video of the company, charged `priceCents` as an upload charges it; delivered or still in work. */
async function chargedVideo(priceCents: number, delivered: boolean) {
  await appendLedgerEntry(db, { companyId, kind: 'purchase', amountCents: cents(priceCents) });
  const videoId = await insertVideo(db, {
    companyId,
    createdBy: user.id,
    mode: 'hardcode',
    filename: 'earlier.mp4',
    title: '',
    description: '',
    rso: null,
    inLan: null,
    outLan: null,
    durationSeconds: 8,
    priceCents,
    sourceKey: 'videos/earlier/source.mp4',
    audioStartMs: 0,
    srtStatus: 'completed',
  });
  await appendLedgerEntry(db, {
    companyId,
    kind: 'charge',
    amountCents: cents(-priceCents),
    videoId,
    reference: `video:${videoId}`,
  });
  await insertSubtitleVersion(db, {
    videoId,
    version: 0,
    origin: 'uploaded',
    name: 'e.srt',
    srt: SRT.toString(),
  });
  if (delivered) {
    await db
      .updateTable('videos')
      .set({ hardcoded_status: 'completed', hardcoded_key: `videos/earlier/${videoId}/hardcoded.mp4` })
      .where('id', '=', videoId)
      .execute();
  }
  return videoId;
}

async function setBalance(cents: number) {
  expect((await restCredits(cents / 100)).status).toBe(200);
  expect(await balanceCents(db, companyId)).toBe(cents);
}

async function lastLedgerId() {
  const row = await db
    .selectFrom('credit_ledger')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return String(row?.id ?? 0);
}

/** The ledger rows the round wrote for the company, in the order the company lock serialised them. */
function ledgerSince(id: string) {
  return db
    .selectFrom('credit_ledger')
    .select(['kind', 'amount_cents', 'balance_after_cents'])
    .where('company_id', '=', companyId)
    .where('id', '>', id)
    .orderBy('id')
    .execute();
}

async function videoCount() {
  const counted = await db
    .selectFrom('videos')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(counted.n);
}

async function expectCountsAndLedgerHold() {
  expect(await findLedgerMismatches(db)).toEqual([]);
  const kept = await db
    .selectFrom('companies')
    .select('video_count')
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  expect(kept.video_count).toBe(await videoCount());
}

function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(Math.random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

type Labelled = [label: string, run: () => Promise<Answer>];

async function runAtOnce(steps: Labelled[]) {
  const answers = await Promise.all(
    shuffled(steps).map(async ([label, run]) => ({ label, ...(await run()) })),
  );
  return (label: string) => answers.filter((answer) => answer.label === label);
}

const uploads = (): Labelled[] => Array.from({ length: UPLOADS }, () => ['upload', upload] as Labelled);

describe('twelve uploads of one company at once, with what else locks its row', () => {
  it(`accept exactly the affordable five and refuse seven with 402 and the missing amount (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const delivered = await chargedVideo(price, true);
      const refunded = await chargedVideo(price, false);
      expect((await trpc('videos.refund', { id: refunded })).status).toBe(200);
      await setBalance(AFFORDABLE * price);
      const videosBefore = await videoCount();

      // Beside the uploads, everything that takes the company row or a video row without moving
      // money: a free revision, a failed burn-in of a delivered video, a refund already granted,
      // an admin renaming the company through tRPC.
      const outcome = await runAtOnce([
        ...uploads(),
        ['revision', () => revision(delivered)],
        [
          'failure',
          () =>
            failVideo(db, delivered, ['hardcoded_status'], {
              customer: 'burn-in failed',
              cause: 'burn-in failed',
            }).then(() => ({ status: 0 })),
        ],
        ['refund again', () => trpc('videos.refund', { id: refunded })],
        [
          'rename',
          () => trpc('companies.update', { id: companyId, name: `Renamed ${round}`, address: 'Street 2' }),
        ],
      ]);

      const answers = outcome('upload');
      expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(AFFORDABLE);
      const refused = answers.filter((answer) => answer.status !== 200);
      expect(refused).toEqual(
        Array.from({ length: UPLOADS - AFFORDABLE }, () => ({
          label: 'upload',
          status: 402,
          missingCents: price,
        })),
      );
      expect(outcome('refund again').map((answer) => answer.status)).toEqual([409]);
      expect(outcome('rename').map((answer) => answer.status)).toEqual([200]);
      expect([200, 409]).toContain(outcome('revision')[0]?.status);
      expect(await balanceCents(db, companyId)).toBe(0);
      const videosAfter = await videoCount();
      expect(videosAfter - videosBefore).toBe(AFFORDABLE);
      await expectCountsAndLedgerHold();
    }
    recordFigure('money races run', ROUNDS, 'twelve uploads of one company at once');
  }, 180_000);
});

describe('uploads racing refunds and admin credit changes of the same company', () => {
  it(`refuse an upload only when the balance it met could not pay, never with a 5xx (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      await setBalance(AFFORDABLE * price);
      const delivered = await chargedVideo(price, true);
      const refundedByAdmin = await chargedVideo(price, false);
      const refundedByFailure = await chargedVideo(price, false);
      const startBalance = await balanceCents(db, companyId);
      const since = await lastLedgerId();
      const videosBefore = await videoCount();

      const outcome = await runAtOnce([
        ...uploads(),
        ['revision', () => revision(delivered)],
        ['refund', () => trpc('videos.refund', { id: refundedByAdmin })],
        [
          'failure',
          () =>
            failVideo(db, refundedByFailure, ['hardcoded_status'], {
              customer: 'burn-in failed',
              cause: 'burn-in failed',
            }).then(() => ({
              status: 200,
            })),
        ],
        [
          'credit change',
          () =>
            trpc('companies.update', {
              id: companyId,
              name: 'Racer',
              address: 'Street 1',
              credits: (2 * price + round) / 100,
            }),
        ],
        ['credit change', () => restCredits((3 * price + round) / 100)],
        [
          'credit change',
          () => trpc('companies.adjustCredits', { id: companyId, euros: 0.03, reason: 'Goodwill' }),
        ],
      ]);

      const everything = ['upload', 'revision', 'refund', 'failure', 'credit change'].flatMap(outcome);
      expect(everything.filter((answer) => answer.status >= 500)).toEqual([]);
      expect(outcome('refund').map((answer) => answer.status)).toEqual([200]);
      expect(outcome('credit change').map((answer) => answer.status)).toEqual([200, 200, 200]);

      const entries = await ledgerSince(since);
      const charges = entries.filter((entry) => entry.kind === 'charge');
      const answers = outcome('upload');
      const accepted = answers.filter((answer) => answer.status === 200);
      expect(accepted.length).toBe(charges.length);
      expect(charges.every((charge) => Number(charge.amount_cents) === -price)).toBe(true);
      // Each refusal saw a balance the company really held at some point of the round, and that
      // balance could not pay: the missing amount is the price less it.
      const held = new Set([startBalance, ...entries.map((entry) => Number(entry.balance_after_cents))]);
      for (const refusal of answers.filter((answer) => answer.status !== 200)) {
        expect(refusal.status).toBe(402);
        const missing = refusal.missingCents ?? 0;
        expect(missing).toBeGreaterThan(0);
        expect(missing).toBeLessThanOrEqual(price);
        expect(held.has(price - missing), `a refusal saw ${price - missing} cents`).toBe(true);
      }
      // Both refunds landed, once each.
      expect(entries.filter((entry) => entry.kind === 'refund')).toHaveLength(2);
      const videosAfter = await videoCount();
      expect(videosAfter - videosBefore).toBe(accepted.length);
      await expectCountsAndLedgerHold();
    }
    recordFigure('money races run', ROUNDS, 'uploads racing refunds and admin credit changes');
  }, 180_000);
});
