import { describe, expect, it } from 'vitest';
import { isCurrentBurn, segmentProgress } from './burn-in';
import type { BurnIn, BurnState } from './repo';

const burn: BurnIn = {
  id: 7,
  video_id: 3,
  subtitle_version_id: 11,
  subtitle_style: 'broadcast',
  ass: '',
  fps: 25,
  copy_audio: true,
};
const state: BurnState = {
  company_id: 1,
  source_key: 'videos/a/source.mp4',
  hardcoded_key: null,
  hardcoded_status: 'polling',
  subtitle_style: 'broadcast',
  deleted_at: null,
  newest_burn_id: 7,
  latest_version_id: 11,
};

describe('a burn that may still deliver', () => {
  it('is the newest burn of a waiting video, of its latest subtitles and style', () => {
    expect(isCurrentBurn(state, burn)).toBe(true);
  });

  it('is none once a revision, a new style, a newer burn, a failure or a deletion came after it', () => {
    for (const changed of [
      { latest_version_id: 12 },
      { subtitle_style: 'boxed' as const },
      { newest_burn_id: 8 },
      { hardcoded_status: 'failed' as const },
      { hardcoded_status: 'completed' as const },
      { source_key: null, deleted_at: new Date() },
    ])
      expect(isCurrentBurn({ ...state, ...changed }, burn), JSON.stringify(changed)).toBe(false);
    expect(isCurrentBurn(undefined, burn)).toBe(false);
  });
});

describe('burn-in progress', () => {
  it('counts finished segments up to 95, leaving the rest to the join', () => {
    expect([0, 1, 2, 3].map((done) => segmentProgress(done, 3))).toEqual([0, 31, 63, 95]);
    expect(segmentProgress(0, 0)).toBe(0);
  });
});
