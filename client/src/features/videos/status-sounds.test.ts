import { describe, expect, it } from 'vitest';
import { type SeenStatuses, statusSounds } from './status-sounds';

const row = (
  id: number,
  hardcoded: 'polling' | 'completed' | 'failed',
  revisions = 0,
  srt = 'completed' as const,
) => ({
  id,
  srt_status: srt,
  hardcoded_status: hardcoded,
  revisions,
});

function look(seen: SeenStatuses, rows: ReturnType<typeof row>[]) {
  return statusSounds(seen, rows);
}

describe('status sounds', () => {
  it('stay silent the first time rows are seen', () => {
    expect(look(new Map(), [row(1, 'completed'), row(2, 'failed')]).sound).toBeNull();
  });

  it('play success once when a video completes', () => {
    const first = look(new Map(), [row(1, 'polling')]);
    const second = look(first.next, [row(1, 'completed')]);
    expect(second.sound).toBe('success');
    expect(look(second.next, [row(1, 'completed')]).sound).toBeNull();
  });

  it('play the warning when a video fails, even if another completes', () => {
    const first = look(new Map(), [row(1, 'polling'), row(2, 'polling')]);
    expect(look(first.next, [row(1, 'completed'), row(2, 'failed')]).sound).toBe('warning');
  });

  it('count a re-burn finished between two looks', () => {
    const first = look(new Map(), [row(1, 'completed', 0)]);
    expect(look(first.next, [row(1, 'completed', 1)]).sound).toBe('success');
  });

  it('stay silent when a revision starts', () => {
    const first = look(new Map(), [row(1, 'completed', 0)]);
    expect(look(first.next, [row(1, 'polling', 1)]).sound).toBeNull();
  });

  it('remember rows from other pages', () => {
    const first = look(new Map(), [row(1, 'polling')]);
    const otherPage = look(first.next, [row(2, 'completed')]);
    expect(look(otherPage.next, [row(1, 'completed')]).sound).toBe('success');
  });
});

describe('status sounds of audio alone', () => {
  const audio = (srt: 'polling' | 'completed' | 'failed', revisions = 0) => ({
    id: 7,
    srt_status: srt,
    hardcoded_status: 'not_applicable' as const,
    revisions,
  });

  it('play success when its subtitles are done, and nothing for a new version', () => {
    const first = statusSounds(new Map(), [audio('polling')]);
    const second = statusSounds(first.next, [audio('completed')]);
    expect(second.sound).toBe('success');
    expect(statusSounds(second.next, [audio('completed', 1)]).sound).toBeNull();
  });

  it('play the warning when its subtitles fail', () => {
    const first = statusSounds(new Map(), [audio('polling')]);
    expect(statusSounds(first.next, [audio('failed')]).sound).toBe('warning');
  });
});
