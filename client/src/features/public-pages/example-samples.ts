import type { PlanId } from '../../../../shared/plans';

/** One spoken sentence shown at each reading speed, to compare full-text and compressed subtitles. */
export const CUE_SECONDS = 4;
export const CUE_BY_PLAN: Record<PlanId, string> = {
  'full-text':
    'So, what we are basically going to do today is take a quick look at how the new dashboard actually works.',
  '20': "So today we're going to take a quick look at how the new dashboard works.",
  '17': "Today we'll take a quick look at how the new dashboard works.",
  '15': "Let's look at how the new dashboard works.",
};
