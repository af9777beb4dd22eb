import { extractAudio } from '../../server/domains/generation/generate';
import { jobs } from '../../server/jobs/catalog';
import type { Handler } from '../task';
import { runVideoStep } from '../video-step';

export const extractAudioTask: Handler<'extractAudio'> = ({ videoId }, { services, helpers }) =>
  runVideoStep(services, helpers, { id: videoId, failing: jobs.extractAudio.fails }, () =>
    extractAudio(services, videoId, helpers.abortSignal),
  );
