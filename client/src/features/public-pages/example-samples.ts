import type { InputLanguage, OutputLanguage } from '../../../../shared/languages';
import type { PlanId } from '../../../../shared/plans';

export interface ExampleVideo {
  title: string;
  description: string;
  spoken: InputLanguage;
  subtitles: OutputLanguage;
  plan: PlanId;
  /** Served from /examples/… once the sample files are published; until then a placeholder shows. */
  url?: string;
  poster?: string;
}

export const EXAMPLE_VIDEOS: readonly ExampleVideo[] = [
  {
    title: 'Product demo',
    description: 'A two-minute software walkthrough, translated for a Dutch-speaking audience.',
    spoken: 'en',
    subtitles: 'nl',
    plan: '20',
  },
  {
    title: 'Customer interview',
    description: 'A conversation with overlapping speakers, every spoken word kept.',
    spoken: 'de',
    subtitles: 'en',
    plan: 'full-text',
  },
  {
    title: 'Cooking tutorial',
    description: 'Fast speech condensed so viewers can follow the steps and watch the pan.',
    spoken: 'fr',
    subtitles: 'ja',
    plan: '15',
  },
];

/** One spoken sentence shown at each reading speed, to compare full-text and compressed subtitles. */
export const CUE_SECONDS = 4;
export const CUE_BY_PLAN: Record<PlanId, string> = {
  'full-text':
    'So, what we are basically going to do today is take a quick look at how the new dashboard actually works.',
  '20': "So today we're going to take a quick look at how the new dashboard works.",
  '17': "Today we'll take a quick look at how the new dashboard works.",
  '15': "Let's look at how the new dashboard works.",
};
