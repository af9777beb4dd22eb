import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminToken,
  payingUser,
  postMultipart,
  signedUpUser,
  testApp,
  testCaller,
} from '../../../test/support/http';
import { runQueuedJobs } from '../../../test/support/jobs';
import { makeClip } from '../../../test/support/media';
import { filePart } from '../../../test/support/multipart';
import { startSmtpCatcher } from '../../../test/support/smtp-catcher';
import { insertVideo } from '../uploads/repo';
import { failVideo } from '../videos/failure';

const SECRET = 'whsec_notice_test_secret';
const smtp = await startSmtpCatcher();
afterAll(smtp.close);
const { app, call, db, pool, services } = await testApp({
  SMTP_URL: smtp.url,
  PUBLIC_URL: 'https://subtitles.example',
  STRIPE_SECRET_KEY: 'sk_test_local_fake',
  STRIPE_WEBHOOK_SECRET: SECRET,
});
const signer = new Stripe('sk_test_signer');
let clip: string;
beforeAll(async () => {
  clip = await makeClip('notice-2s.mp4', { seconds: 2, width: 320, height: 180 });
});

/** Runs the queue as a worker would: the notices go out only then, never inside the request. */
const runWorker = () => runQueuedJobs(pool, services);

async function switchOff(token: string, preference: string) {
  const answer = await testCaller(app, token).mutation('notices.update', { [preference]: false });
  expect(answer.status).toBe(200);
  expect(answer.data[preference]).toBe(false);
}

/** A video waiting in burn-in with no job queued, as a worker holds it when its step fails for good. */
async function videoInBurnIn(user: { id: number; companyId: number | null }) {
  return insertVideo(db, {
    companyId: user.companyId as number,
    createdBy: user.id,
    mode: 'hardcode',
    filename: 'talk.mp4',
    title: 'Broken talk',
    description: '',
    rso: null,
    inLan: null,
    outLan: null,
    durationSeconds: 2,
    priceCents: 0,
    sourceKey: 'videos/none/source.mp4',
    audioStartMs: 0,
    srtStatus: 'completed',
  });
}

async function hardcodeUpload(token: string) {
  const { status, body } = await postMultipart(app, '/api/upload-log/hc', token, [
    { name: 'title', value: 'Team talk' },
    { name: 'description', value: '' },
    await filePart('fileVideo', clip, 'talk.mp4', 'video/mp4'),
    {
      name: 'fileSub',
      filename: 'talk.srt',
      content: Buffer.from('1\n00:00:00,200 --> 00:00:01,500\nHello\n'),
    },
  ]);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data.id as number;
}

describe('video finished or failed', () => {
  it('tells the uploader when the subtitled video is ready, with the link to download it', async () => {
    const user = await payingUser(call, 'finisher', 5);
    const videoId = await hardcodeUpload(user.token);
    expect(smtp.messagesTo(user.email, /ready/)).toHaveLength(0);
    await runWorker();
    const video = await db
      .selectFrom('videos')
      .select('hardcoded_status')
      .where('id', '=', videoId)
      .executeTakeFirstOrThrow();
    expect(video.hardcoded_status).toBe('completed');
    const mail = await smtp.waitFor(user.email, /is ready/);
    expect(mail.subject).toBe('Your video "Team talk" is ready');
    expect(mail.links).toContain('https://subtitles.example/videos');
  }, 60_000);

  it('tells the uploader of a failure with the reason, and not once switched off', async () => {
    const user = await payingUser(call, 'failer', 5);
    const first = await videoInBurnIn(user);
    await failVideo(db, first, ['hardcoded_status'], {
      customer: 'The video could not be read.',
      cause: 'test',
    });
    await runWorker();
    const mail = await smtp.waitFor(user.email, /could not be finished/);
    expect(mail.subject).toBe('Your video "Broken talk" could not be finished');
    expect(mail.text).toContain('The video could not be read.');

    await switchOff(user.token, 'videoOutcome');
    const second = await videoInBurnIn(user);
    await failVideo(db, second, ['hardcoded_status'], { customer: 'Again unreadable.', cause: 'test' });
    await runWorker();
    expect(smtp.messagesTo(user.email, /could not be finished/)).toHaveLength(1);
    expect(smtp.messagesTo(user.email, /is ready/)).toHaveLength(0);
  }, 60_000);
});

describe('purchase receipt', () => {
  function deliver(sessionId: string, companyId: number, userId: number, receiptUrl?: string) {
    const payload = JSON.stringify({
      id: `evt_${sessionId}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          client_reference_id: String(companyId),
          amount_total: 1250,
          currency: 'eur',
          payment_status: 'paid',
          metadata: { companyId: String(companyId), userId: String(userId) },
          ...(receiptUrl && { receipt_url: receiptUrl }),
        },
      },
    });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    return call('POST', '/api/stripe/webhook', {
      body: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
  }

  it('mails the buyer the ledger line and the provider receipt, once however often Stripe delivers', async () => {
    const user = await signedUpUser(call, 'receipt');
    const companyId = user.companyId as number;
    const receiptUrl = 'https://pay.stripe.com/receipts/acct_1/rcpt_1';
    expect((await deliver('cs_test_receipt_1', companyId, user.id, receiptUrl)).status).toBe(200);
    expect((await deliver('cs_test_receipt_1', companyId, user.id, receiptUrl)).status).toBe(200);
    await runWorker();
    const mail = await smtp.waitFor(user.email, /Receipt/);
    expect(mail.subject).toBe('Receipt: €12.50 of credits');
    expect(mail.text).toMatch(/Purchase {2}\+€12\.50 {2}balance €12\.50 {2}\(cs_test_receipt_1\)/);
    expect(mail.text).toContain(receiptUrl);
    expect(smtp.messagesTo(user.email, /Receipt/)).toHaveLength(1);
  });

  it('sends no receipt to a buyer who switched receipts off', async () => {
    const user = await signedUpUser(call, 'noreceipt');
    await switchOff(user.token, 'receipts');
    await deliver('cs_test_receipt_2', user.companyId as number, user.id);
    await runWorker();
    const ledger = await db
      .selectFrom('credit_ledger')
      .select('id')
      .where('reference', '=', 'cs_test_receipt_2')
      .execute();
    expect(ledger).toHaveLength(1);
    expect(smtp.messagesTo(user.email, /Receipt/)).toHaveLength(0);
  });
});

describe('a new message from the admins', () => {
  it('reaches the users of that company who want it, and nobody else', async () => {
    const reader = await signedUpUser(call, 'reader');
    const other = await signedUpUser(call, 'othercompany');
    const quiet = await signedUpUser(call, 'quiet', false);
    // The quiet user joins the reader's company, then switches messages off.
    await testCaller(app, await adminToken(call)).mutation('users.assignCompany', {
      userId: quiet.id,
      companyId: reader.companyId,
      transfer: false,
    });
    await switchOff(quiet.token, 'messages');
    const sent = await call('POST', '/api/messages', {
      token: await adminToken(call),
      body: { data: { title: 'Maintenance', message: 'We update on Sunday.', company: reader.companyId } },
    });
    expect(sent.status).toBe(200);
    await runWorker();
    const mail = await smtp.waitFor(reader.email, /New message/);
    expect(mail.subject).toBe('New message: Maintenance');
    expect(mail.text).toContain('We update on Sunday.');
    expect(smtp.messagesTo(other.email, /New message/)).toHaveLength(0);
    expect(smtp.messagesTo(quiet.email, /New message/)).toHaveLength(0);
  });
});

describe('credits below the company threshold', () => {
  it('warns the company admins once when a charge crosses it, and only company admins may set it', async () => {
    const user = await payingUser(call, 'lowcredit', 1);
    const caller = testCaller(app, user.token);
    const set = await caller.mutation('notices.setLowCreditThreshold', { euros: 0.95 });
    expect(set.status).toBe(200);
    expect(set.data.lowCreditThresholdCents).toBe(95);

    const outsider = await signedUpUser(call, 'outsider', false);
    const refused = await testCaller(app, outsider.token).mutation('notices.setLowCreditThreshold', {
      euros: 1,
    });
    expect(refused.status).toBe(403);

    // €1.00 → €0.90 crosses €0.95; a second charge stays below it and warns nobody again.
    await hardcodeUpload(user.token);
    await hardcodeUpload(user.token).catch(() => undefined);
    await runWorker();
    const mail = await smtp.waitFor(user.email, /balance is low/);
    expect(mail.subject).toBe('Your balance is low: €0.90');
    expect(smtp.messagesTo(user.email, /balance is low/)).toHaveLength(1);
  }, 60_000);

  it('stays silent for an admin who switched the warning off', async () => {
    const user = await payingUser(call, 'lowquiet', 1);
    await testCaller(app, user.token).mutation('notices.setLowCreditThreshold', { euros: 0.95 });
    await switchOff(user.token, 'lowCredits');
    await hardcodeUpload(user.token);
    await runWorker();
    expect(smtp.messagesTo(user.email, /balance is low/)).toHaveLength(0);
  }, 60_000);
});
