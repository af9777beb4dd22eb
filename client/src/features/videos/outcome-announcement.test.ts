import { describe, expect, it } from 'vitest';
import { outcomeAnnouncement } from './outcome-announcement';

describe('outcome announcement', () => {
  it('names the video by its title, else its file name', () => {
    expect(
      outcomeAnnouncement('completed', { title: 'Launch', filename: 'a.mp4', failure_reason: null }),
    ).toEqual({
      title: 'Subtitles ready',
      message: '“Launch” is ready: download the SRT and the subtitled video on My Videos.',
    });
    expect(
      outcomeAnnouncement('completed', { title: '', filename: 'a.mp4', failure_reason: null }).message,
    ).toMatch(/^“a\.mp4” is ready/);
  });

  it('gives a failure the customer’s plain reason, refund included', () => {
    const reason = 'The video could not be read. Your €0.10 was refunded.';
    expect(
      outcomeAnnouncement('failed', { title: 'Launch', filename: 'a.mp4', failure_reason: reason }),
    ).toEqual({
      title: 'Video failed',
      message: `“Launch” could not be finished. ${reason}`,
    });
  });
});
