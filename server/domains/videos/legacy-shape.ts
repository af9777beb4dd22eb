import { cents, centsToEuros } from '../../../shared/money';
import { entity } from '../../rest/strapi';
import type { VideoRow } from './read-service';

/** The upload log of PRODUCT.md §3: `data[].attributes` with the legacy field names. */
export function videoEntity(video: VideoRow) {
  return entity(video.id, {
    filename: video.filename,
    createdAt: video.created_at,
    title: video.title,
    description: video.description,
    rso: video.rso,
    in_lan: video.in_lan,
    out_lan: video.out_lan,
    srt_status: video.srt_status,
    hardcoded_status: video.hardcoded_status,
    srt_progress: video.srt_progress,
    hardcoded_progress: video.hardcoded_progress,
    failure_reason: video.failure_reason,
    revisions: video.revisions,
    duration: video.duration_seconds,
    price: centsToEuros(cents(video.price_cents)),
    company: video.company_id,
  });
}
