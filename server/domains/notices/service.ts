import { formatEuros } from '../../../shared/money';
import type { NoticePreferences } from '../../../shared/schemas/notices';
import { isAudioOnly } from '../../../shared/video-status';
import type { Db } from '../../db/database';
import { Forbidden } from '../../errors';
import type { SessionUser } from '../../http/session-user';
import type { NoticePayload } from '../../jobs/catalog';
import { jobs } from '../../jobs/catalog';
import { enqueue } from '../../jobs/queue';
import { composeMail, type MailContent } from '../../mail/compose';
import type { Services } from '../../services';
import { isAdminOf } from '../accounts/service';

import * as repo from './repo';

const OPT_OUT = 'You can switch these e-mails off on your profile.';

/** Queues a notice in the caller's transaction: it goes out only if what it tells was committed. */
export function queueNotice(db: Db, notice: NoticePayload) {
  return enqueue(db, jobs.sendNotice, notice);
}

/**
 * After a ledger entry: when a charge takes the balance from at or above the company's threshold to
 * below it, its admins hear once; they hear again only after the balance has risen past it.
 */
export async function queueLowCreditsNoticeIfCrossed(
  db: Db,
  companyId: number,
  balanceBeforeCents: number,
  balanceAfterCents: number,
) {
  if (balanceAfterCents >= balanceBeforeCents) return;
  const threshold = (await repo.lowCreditThreshold(db, companyId))?.low_credit_threshold_cents;
  if (threshold === null || threshold === undefined) return;
  if (balanceBeforeCents >= Number(threshold) && balanceAfterCents < Number(threshold))
    await queueNotice(db, { kind: 'lowCredits', companyId, balanceCents: balanceAfterCents });
}

/** Who gets the notice and what it says; an empty list when nobody wants it (or its subject is gone). */
async function compose(
  services: Services,
  notice: NoticePayload,
): Promise<{ to: repo.Recipient; content: MailContent }[]> {
  const { db, config } = services;
  const url = config.publicUrl;
  switch (notice.kind) {
    case 'videoOutcome': {
      const video = await repo.videoForNotice(db, notice.videoId);
      if (!video?.created_by) return [];
      const to = await repo.userIfWanted(db, video.created_by, 'notify_video_outcome');
      if (!to) return [];
      const name = video.title || video.filename;
      const content: MailContent =
        notice.outcome === 'completed'
          ? {
              subject: `Your video "${name}" is ready`,
              greeting: `Hello ${to.username},`,
              paragraphs: [
                isAudioOnly(video)
                  ? `The subtitles of "${name}" are ready to download.`
                  : `The subtitles and the subtitled video of "${name}" are ready to download.`,
              ],
              action: { label: 'Download from My Videos', url: `${url}/videos` },
              footer: OPT_OUT,
            }
          : {
              subject: `Your video "${name}" could not be finished`,
              greeting: `Hello ${to.username},`,
              paragraphs: [`We could not finish "${name}".`, video.failure_reason ?? ''].filter(Boolean),
              action: { label: 'See it on My Videos', url: `${url}/videos` },
              footer: OPT_OUT,
            };
      return [{ to, content }];
    }
    case 'receipt': {
      const line = await repo.ledgerLineOf(db, notice.companyId, notice.reference);
      if (!line) return [];
      const buyer = notice.buyerUserId
        ? await repo.userIfWanted(db, notice.buyerUserId, 'notify_receipts')
        : undefined;
      const recipients = buyer
        ? [buyer]
        : await repo.companyAdminsWanting(db, notice.companyId, 'notify_receipts');
      return recipients.map((to) => ({
        to,
        content: {
          subject: `Receipt: ${formatEuros(Number(line.amount_cents))} of credits`,
          greeting: `Hello ${to.username},`,
          paragraphs: [
            `Thank you for your purchase. Your company's ledger now has this line:`,
            `${line.created_at.toISOString().slice(0, 10)}  Purchase  +${formatEuros(Number(line.amount_cents))}  balance ${formatEuros(Number(line.balance_after_cents))}  (${line.reference})`,
            ...(notice.receiptUrl ? [`The payment provider's receipt: ${notice.receiptUrl}`] : []),
          ],
          action: { label: 'See your balance', url: `${url}/balance` },
          footer: OPT_OUT,
        },
      }));
    }
    case 'adminMessage': {
      const message = await repo.messageForNotice(db, notice.messageId);
      if (!message) return [];
      const recipients = await repo.companyUsersWanting(db, message.company_id, 'notify_messages');
      return recipients.map((to) => ({
        to,
        content: {
          subject: `New message: ${message.title}`,
          greeting: `Hello ${to.username},`,
          paragraphs: [message.message],
          action: { label: 'Read your messages', url: `${url}/message/overview` },
          footer: OPT_OUT,
        },
      }));
    }
    case 'lowCredits': {
      const recipients = await repo.companyAdminsWanting(db, notice.companyId, 'notify_low_credits');
      return recipients.map((to) => ({
        to,
        content: {
          subject: `Your balance is low: ${formatEuros(notice.balanceCents)}`,
          greeting: `Hello ${to.username},`,
          paragraphs: [
            `Your company's balance is down to ${formatEuros(notice.balanceCents)}, below the level your company set for this warning.`,
          ],
          action: { label: 'Add balance', url: `${url}/balance` },
          footer: OPT_OUT,
        },
      }));
    }
    case 'retentionWarning': {
      const videos = await repo.videosToAnnounce(db, notice.companyId, notice.videoIds);
      if (videos.length === 0) return [];
      const days = videos[0]?.retentionDays ?? 0;
      const recipients = await repo.companyAdmins(db, notice.companyId);
      return recipients.map((to) => ({
        to,
        content: {
          subject: `${videos.length} video${videos.length === 1 ? '' : 's'} will be deleted in a few days`,
          greeting: `Hello ${to.username},`,
          paragraphs: [
            `Your company keeps videos for ${days} day${days === 1 ? '' : 's'}. These reach that age soon and will then be deleted with their subtitles:`,
            ...videos.map(
              (video) => `"${video.title || video.filename}" — deleted from ${day(video.deletedFrom)}`,
            ),
            'Download what you want to keep, or change how long videos are kept under My Account › Company data.',
          ],
          action: { label: 'Open My Videos', url: `${url}/videos` },
          footer: 'You get this as an admin of your company.',
        },
      }));
    }
  }
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/** The worker's side: composes and sends now (an SMTP failure makes the job retry). */
export async function deliverNotice(services: Services, notice: NoticePayload) {
  const messages = await compose(services, notice);
  for (const { to, content } of messages) await services.mail.send(composeMail(to.email, content));
  return messages.length;
}

export async function noticePreferences(db: Db, user: SessionUser) {
  const row = await repo.preferencesOf(db, user.id);
  const company = user.companyId ? await repo.lowCreditThreshold(db, user.companyId) : undefined;
  const threshold = company?.low_credit_threshold_cents;
  return {
    videoOutcome: row.notify_video_outcome,
    lowCredits: row.notify_low_credits,
    receipts: row.notify_receipts,
    messages: row.notify_messages,
    isCompanyAdmin: user.companyId ? await isAdminOf(db, user.companyId, user.id) : false,
    lowCreditThresholdCents: threshold === null || threshold === undefined ? null : Number(threshold),
  };
}

export async function updateNoticePreferences(db: Db, user: SessionUser, update: NoticePreferences) {
  await repo.setPreferences(db, user.id, {
    ...(update.videoOutcome !== undefined && { notify_video_outcome: update.videoOutcome }),
    ...(update.lowCredits !== undefined && { notify_low_credits: update.lowCredits }),
    ...(update.receipts !== undefined && { notify_receipts: update.receipts }),
    ...(update.messages !== undefined && { notify_messages: update.messages }),
  });
  return noticePreferences(db, user);
}

/** A company admin sets (or, with null, removes) the balance below which its admins are warned. */
export async function setLowCreditThreshold(db: Db, user: SessionUser, thresholdCents: number | null) {
  if (!user.companyId || !(await isAdminOf(db, user.companyId, user.id)))
    throw new Forbidden('Only an admin of your company can change this');
  await repo.setLowCreditThreshold(db, user.companyId, thresholdCents);
  return noticePreferences(db, user);
}
