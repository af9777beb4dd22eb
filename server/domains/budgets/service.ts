import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { TooManyRequests } from '../../errors';
import { deleteEndedBudgets, spendOne } from './repo';

/**
 * The abusable actions, each with one hourly budget, whatever path, spelling or transport (REST,
 * tRPC, a call of a batch, tus) asks for it: the service that does the action spends from it first.
 * The login lock is apart (auth/login-limit.ts).
 */
const BUDGETS = {
  /** A new account: sign-up, legacy register, an accepted invitation. */
  signup: (config: Config) => config.RATE_LIMIT_SIGNUPS_PER_HOUR,
  /** A reset link mailed (or, for an unknown address, as if mailed), and a reset link tried. */
  'password-reset': (config: Config) => config.RATE_LIMIT_SIGNUPS_PER_HOUR,
  /** Other mail sent on request: the confirmation mail again, an invitation. */
  'account-mail': (config: Config) => config.RATE_LIMIT_SIGNUPS_PER_HOUR,
  /** A file received: a video by any path, a resumable upload created, a subtitle file. */
  upload: (config: Config) => config.RATE_LIMIT_UPLOADS_PER_HOUR,
  /** A comment through a review link, counted by the client address that sends it… */
  'review-comment': (config: Config) => config.RATE_LIMIT_REVIEW_COMMENTS_PER_ADDRESS,
  /** …and by the link it is sent through, whoever holds it. */
  'review-link-comment': (config: Config) => config.RATE_LIMIT_REVIEW_COMMENTS_PER_LINK,
} as const;

export type BudgetedAction = keyof typeof BUDGETS;

const WINDOW_MS = 60 * 60 * 1000;

/** Who asks: a signed-in user is counted as themselves, anyone else by their client address. */
export type Requester = { userId: number } | { userId: null; ip: string };
/** What a budget is counted by: who asks, or the review link a comment is sent through. */
export type BudgetHolder = Requester | { reviewLinkId: number };

function keyOf(holder: BudgetHolder): string {
  if ('reviewLinkId' in holder) return `review-link:${holder.reviewLinkId}`;
  return holder.userId === null ? `ip:${holder.ip}` : `user:${holder.userId}`;
}

export function requesterOf(request: FastifyRequest): Requester {
  const userId = request.session?.user.id;
  return userId === undefined ? { userId: null, ip: request.ip } : { userId };
}

function minutesText(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** Spends one of the hour's budget of `action`, or refuses with 429 once it is spent. */
export async function spendBudget(
  services: { db: Db; config: Config },
  action: BudgetedAction,
  holder: BudgetHolder,
): Promise<void> {
  const { used, windowEndsAt } = await spendOne(services.db, action, keyOf(holder), WINDOW_MS);
  if (used <= BUDGETS[action](services.config)) return;
  const seconds = Math.max(1, Math.ceil((windowEndsAt.getTime() - Date.now()) / 1000));
  throw new TooManyRequests(`Too many requests. Please try again in ${minutesText(seconds)}.`, seconds);
}

export function forgetEndedBudgets(db: Db): Promise<void> {
  return deleteEndedBudgets(db);
}
