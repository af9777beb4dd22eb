import { cents, centsToEuros } from '../../../shared/money';
import { isAudioOnly } from '../../../shared/video-status';
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
    // PRODUCT.md §4 knows three values: an audio-only video's is done (nothing to wait for) as
    // `completed`; the typed API says `not_applicable`.
    hardcoded_status: isAudioOnly(video) ? 'completed' : video.hardcoded_status,
    srt_progress: video.srt_progress,
    hardcoded_progress: isAudioOnly(video) ? 100 : video.hardcoded_progress,
    failure_reason: video.failure_reason,
    revisions: video.revisions,
    duration: video.duration_seconds,
    price: centsToEuros(cents(video.price_cents)),
    company: video.company_id,
  });
}

/**
 * The answer of an upload (a video, or edited subtitles for one): the video, and in `meta.notes` what
 * reading its subtitle file repaired or left out and what it warns about (issue 35: characters no
 * font draws, cues past the end), the sentences My Videos shows under it.
 */
export function uploadAnswer(video: VideoRow) {
  const notes = Array.isArray(video.reading_notes) ? video.reading_notes.map(String) : [];
  return { data: videoEntity(video), meta: { notes } };
}
